import Testing

@testable import SoundKitProjects

/// flutter_local_notifications' call shapes (SOURCE-TREES.md §2.3), the first as its example app writes them
/// (`example/lib/main.dart` at 46133c8, `_showNotificationCustomSound`).
@Suite struct ScannerDartTests {
    func at(_ needle: String, _ text: String, _ n: Int = 1) -> String {
        Scanned.position(of: needle, in: text, occurrence: n)
    }

    @Test func theExampleAppsCustomSound() throws {
        let src = """
            import 'package:flutter_local_notifications/flutter_local_notifications.dart';
            Future<void> _showNotificationCustomSound() async {
              const AndroidNotificationDetails androidNotificationDetails =
                  AndroidNotificationDetails(
                    'your other channel id',
                    'your other channel name',
                    channelDescription: 'your other channel description',
                    sound: RawResourceAndroidNotificationSound('slow_spring_board'),
                  );
              const DarwinNotificationDetails darwinNotificationDetails =
                  DarwinNotificationDetails(sound: 'slow_spring_board.aiff');
              final LinuxNotificationDetails linux = LinuxNotificationDetails(
                sound: AssetsLinuxSound('sound/slow_spring_board.mp3'),
              );
            }
            """
        let scan = try Scanned.scan(src, "lib/main.dart")
        #expect(
            scan.references.map(Scanned.line) == [
                "8:52 android notification rawName slow_spring_board #your other channel id",
                "11:40 ios notification fileName slow_spring_board.aiff",
            ])
        #expect(scan.usesNotifications)
    }

    @Test func aChannelsSoundAndACriticalOne() throws {
        let src = """
            const channel = AndroidNotificationChannel('alarms', 'Alarms', sound: RawResourceAndroidNotificationSound("siren"));
            const critical = DarwinNotificationDetails(criticalSoundVolume: 0.5, sound: 'siren.caf');
            const older = IOSNotificationDetails(sound: r'raw\\n$x.caf');
            """
        #expect(
            try Scanned.lines(src, "a.dart") == [
                "\(at("\"siren\"", src)) android channel rawName siren #alarms",
                "\(at("'siren.caf'", src)) ios critical fileName siren.caf",
                "\(at("r'raw", src)) ios notification fileName raw\\n$x.caf",
            ])
    }

    @Test func interpolationAndMultilineStrings() throws {
        let src = """
            final a = DarwinNotificationDetails(sound: '${tone}.mp3');
            final b = DarwinNotificationDetails(sound: "$tone.caf");
            final c = MacOSNotificationDetails(sound: '''mac.aiff''');
            """
        let names = try Scanned.scan(src, "a.dart").references.map(\.name)
        #expect(
            names == [.dynamic(prefix: "", suffix: ".mp3"), .dynamic(prefix: "", suffix: ".caf"), .literal("mac.aiff")])
    }

    @Test func lookAlikesYieldNothing() throws {
        let src = """
            // DarwinNotificationDetails(sound: 'comment.aiff')
            /* /* nested */ RawResourceAndroidNotificationSound('nested') */
            final player = AudioPlayer()..play(AssetSource('sounds/ding.mp3'));
            final settings = {'sound': 'map.caf'};
            final game = GameSound(sound: 'boom.caf');
            const permissions = DarwinInitializationSettings(requestSoundPermission: true);
            """
        let scan = try Scanned.scan(src, "a.dart")
        #expect(scan.references.isEmpty)
    }
}
