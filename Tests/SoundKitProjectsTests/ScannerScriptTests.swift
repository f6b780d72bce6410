import Testing

@testable import SoundKitProjects

/// JavaScript and TypeScript libraries (SOURCE-TREES.md §2.4–2.6): notifee, react-native-push-notification,
/// Capacitor, Cordova, Expo; the notifee shapes as its docs write them (`docs/react-native/android/behaviour.mdx`,
/// `docs/react-native/ios/behaviour.mdx` at b73c76d).
@Suite struct ScannerScriptTests {
    func at(_ needle: String, _ text: String, _ n: Int = 1) -> String {
        Scanned.position(of: needle, in: text, occurrence: n)
    }

    @Test func notifeeChannelAndNotification() throws {
        let src = """
            import notifee from '@notifee/react-native';
            const channelId = await notifee.createChannel({
              id: 'custom-sound',
              name: 'Channel with custom sound',
              sound: 'hollow',
            });
            await notifee.displayNotification({
              body: 'Custom sound',
              android: { channelId, sound: 'hollow' },
              ios: { sound: 'local.wav', critical: true, criticalVolume: 0.9 },
            });
            """
        let refs = try Scanned.scan(src, "src/notify.ts").references
        #expect(
            refs.map(Scanned.line) == [
                "5:10 android channel rawName hollow #custom-sound",
                "\(at("'hollow'", src, 2)) android notification rawName hollow",
                "\(at("'local.wav'", src)) ios critical fileName local.wav",
            ])
        #expect(refs.map(\.api) == ["notifee.createChannel sound", "notifee android.sound", "notifee ios.sound"])
    }

    @Test func reactNativePushNotification() throws {
        let src = """
            import PushNotification from 'react-native-push-notification';
            PushNotification.createChannel({ channelId: 'alarms', channelName: 'Alarms', soundName: 'alarm.mp3' });
            PushNotification.localNotification({ channelId: 'alarms', message: 'm', soundName: 'alarm.mp3' });
            """
        #expect(
            try Scanned.lines(src, "a.js") == [
                "\(at("'alarm.mp3'", src)) android channel rawNameExtensionStripped alarm.mp3 #alarms",
                "\(at("'alarm.mp3'", src, 2)) both notification rawNameExtensionStripped alarm.mp3 #alarms",
            ])
    }

    @Test func capacitorCallsAndConfig() throws {
        let src = """
            import { LocalNotifications } from '@capacitor/local-notifications';
            await LocalNotifications.createChannel({ id: 'beeps', name: 'Beeps', sound: 'beep.wav', importance: 4 });
            await LocalNotifications.schedule({ notifications: [{ id: 1, title: 't', body: 'b', sound: 'beep.wav', channelId: 'beeps' }] });
            """
        #expect(
            try Scanned.lines(src, "src/app.ts") == [
                "\(at("'beep.wav'", src)) android channel rawNameExtensionStripped beep.wav #beeps",
                "\(at("'beep.wav'", src, 2)) both notification rawNameExtensionStripped beep.wav #beeps",
            ])
        let config = """
            import { CapacitorConfig } from '@capacitor/cli';
            const config: CapacitorConfig = {
              plugins: {
                LocalNotifications: { smallIcon: "ic_stat", sound: "beep.wav" },
                SplashScreen: { sound: "not-this.wav" },
              },
            };
            export default config;
            """
        let refs = try Scanned.scan(config, "capacitor.config.ts").references
        #expect(
            refs.map(Scanned.line) == ["\(at("\"beep.wav\"", config)) android config rawNameExtensionStripped beep.wav"]
        )
        #expect(refs.first?.api == "capacitor.config LocalNotifications.sound")
    }

    @Test func cordovaSchemes() throws {
        let src = """
            cordova.plugins.notification.local.schedule({ id: 1, sound: 'res://ding.wav' });
            cordova.plugins.notification.local.schedule([{ id: 2, sound: 'file://sounds/bell.caf' }]);
            cordova.plugins.notification.local.schedule({ id: 3, sound: 'shared://x.mp3' });
            """
        #expect(
            try Scanned.lines(src, "www/js/index.js") == [
                "\(at("'res://", src)) both notification rawNameExtensionStripped ding.wav",
                "\(at("'file://", src)) ios notification subpath www/sounds/bell.caf",
            ])
    }

    @Test func expoContentAndChannel() throws {
        let src = """
            import * as Notifications from 'expo-notifications';
            await Notifications.setNotificationChannelAsync('new-emails', { name: 'E-mail', sound: 'email-sound.wav' });
            await Notifications.scheduleNotificationAsync({ content: { title: 't', sound: 'notification.wav' }, trigger: null });
            await Notifications.scheduleNotificationAsync({ content: { title: 't', sound: true }, trigger: null });
            """
        #expect(
            try Scanned.lines(src, "App.tsx") == [
                "\(at("'email-sound.wav'", src)) android channel rawNameExtensionStripped email-sound.wav #new-emails",
                "\(at("'notification.wav'", src)) both notification rawNameExtensionStripped notification.wav",
            ])
    }

    @Test func templatesConstantsAndShorthand() throws {
        let src = """
            import notifee from '@notifee/react-native';
            const sound = 'ping';
            const ALERT = "alert.caf";
            notifee.createChannel({ id: 'a', sound });
            notifee.displayNotification({ ios: { sound: ALERT }, android: { sound: `${tone}.mp3` } });
            """
        #expect(
            try Scanned.lines(src, "a.js") == [
                "\(at("'ping'", src)) android channel rawName ping #a",
                "\(at("\"alert.caf\"", src)) ios notification fileName alert.caf",
                "\(at("`${tone}", src)) android notification rawName *.mp3",
            ])
    }

    @Test func jsxApostrophesAndRegexLiteralsDoNotDerailTheLexer() throws {
        let src = """
            import notifee from '@notifee/react-native';
            const quote = /'["]/g;
            const view = <Text>Don't worry</Text>;
            const half = a / b; const also = c / d;
            notifee.createChannel({ id: 'after', sound: 'still' });
            """
        #expect(try Scanned.lines(src, "a.jsx") == ["\(at("'still'", src)) android channel rawName still #after"])
    }

    @Test func soundKeysOutsideNotificationCallsYieldNothing() throws {
        let src = """
            import notifee from '@notifee/react-native';
            const settings = { sound: 'menu.mp3', volume: 1 };
            playSound({ sound: 'click.mp3' });
            const audio = new Audio({ sound: 'bg.mp3' });
            // notifee.createChannel({ id: 'c', sound: 'comment' });
            notifee.displayNotification({ title: 'no sound here', data: { sound: 'data.mp3' } });
            """
        let scan = try Scanned.scan(src, "a.ts")
        #expect(scan.references.isEmpty)
        #expect(scan.usesNotifications)
        #expect(try Scanned.scan("playSound({ sound: 'click.mp3' });", "b.ts").references.isEmpty)
    }
}
