import Testing

@testable import SoundKitProjects

/// C# shapes (SOURCE-TREES.md §2.7, §2.8): Plugin.LocalNotification as its wiki writes it ("Notification with a
/// Sound File"), Xamarin's resource ids, Android's `SetSound`, Unity's `SoundName`.
@Suite struct ScannerDotNetTests {
    func at(_ needle: String, _ text: String, _ n: Int = 1) -> String {
        Scanned.position(of: needle, in: text, occurrence: n)
    }

    @Test func theWikisPlatformChoiceGivesOneNameAPlatform() throws {
        let src = """
            using Plugin.LocalNotification;
            var request = new NotificationRequest
            {
                NotificationId = 100,
                Title = "Test",
                Sound = DeviceInfo.Platform == DevicePlatform.Android ? "good_things_happen" : "good_things_happen.aiff"
            };
            """
        let scan = try Scanned.scan(src, "MainPage.xaml.cs")
        #expect(
            scan.references.map(Scanned.line) == [
                "\(at("\"good_things_happen\"", src)) android notification rawName good_things_happen",
                "\(at("\"good_things_happen.aiff\"", src)) ios notification fileName good_things_happen.aiff",
            ])
        #expect(scan.usesNotifications)
    }

    @Test func channelRequestsPlainNamesAndResourceIds() throws {
        let src = """
            builder.UseLocalNotification(config => config.AddAndroid(android => android.AddChannel(new NotificationChannelRequest
            {
                Id = "alarms",
                Sound = "good_things_happen"
            })));
            var both = new NotificationRequest { Sound = "chime" };
            var old = new NotificationRequest() { Sound = Resource.Raw.ding.ToString() };
            """
        #expect(
            try Scanned.lines(src, "MauiProgram.cs") == [
                "\(at("\"good_things_happen\"", src)) android channel rawName good_things_happen #alarms",
                "\(at("\"chime\"", src)) both notification rawName chime",
                "\(at("ding", src)) android notification resourceID ding",
            ])
    }

    @Test func setSoundWithAnInterpolatedURIOnAChannel() throws {
        let src = """
            var channel = new NotificationChannel("calls", "Calls", NotificationImportance.High);
            channel.SetSound(Android.Net.Uri.Parse($"{ContentResolver.SchemeAndroidResource}://{PackageName}/raw/ring"), attributes);
            """
        #expect(
            try Scanned.lines(src, "MainActivity.cs") == ["\(at("$\"{", src)) android channel resourceURI ring #calls"])
    }

    @Test func unityAndNativeBindings() throws {
        let src = """
            using Unity.Notifications.iOS;
            var n = new iOSNotification { Title = "t", SoundType = NotificationSoundType.Critical, SoundName = "siren.caf" };
            var m = new iOSNotification() { SoundName = @"C:\\x""y"".caf" };
            content.Sound = UNNotificationSound.GetSound("native.caf");
            """
        #expect(
            try Scanned.lines(src, "Notify.cs") == [
                "\(at("\"siren.caf\"", src)) ios critical fileName siren.caf",
                "\(at("@\"", src)) ios notification fileName C:\\x\"y\".caf",
                "\(at("\"native.caf\"", src)) ios notification fileName native.caf",
            ])
    }

    @Test func aPropertyAssignmentCountsOnlyInNotificationCode() throws {
        let plugin = """
            using Plugin.LocalNotification;
            var request = new NotificationRequest();
            request.Sound = "chime.wav";
            """
        #expect(
            try Scanned.lines(plugin, "a.cs") == ["\(at("\"chime.wav\"", plugin)) both notification rawName chime.wav"])
        #expect(try Scanned.scan("audio.Sound = \"boom.wav\";", "Game.cs").references.isEmpty)
    }

    @Test func lookAlikesYieldNothing() throws {
        let src = """
            var player = new SoundPlayer { Sound = "click.wav" };
            // var r = new NotificationRequest { Sound = "comment" };
            var s = \"\"\"
                new NotificationRequest { Sound = "raw" }
                \"\"\";
            var t = $"{x} new NotificationRequest {{ Sound = \\"interp\\" }}";
            """
        #expect(try Scanned.scan(src, "a.cs").references.isEmpty)
    }
}
