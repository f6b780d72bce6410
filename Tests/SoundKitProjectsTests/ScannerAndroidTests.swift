import Testing

@testable import SoundKitProjects

/// Kotlin and Java `setSound(` (SOURCE-TREES.md §2.2): a URI written out by name (`…/raw/x`), one built from a
/// resource id (`"/" + R.raw.x`), through a variable, on a channel (with its id) or a notification.
@Suite struct ScannerAndroidTests {
    func at(_ needle: String, _ text: String, _ n: Int = 1) -> String {
        Scanned.position(of: needle, in: text, occurrence: n)
    }

    @Test func aChannelVariableWithARawURI() throws {
        let src = """
            val channel = NotificationChannel("alerts", name, NotificationManager.IMPORTANCE_HIGH)
            channel.setSound(Uri.parse("android.resource://" + packageName + "/raw/alarm"), attributes)
            manager.createNotificationChannel(channel)
            """
        let refs = try Scanned.scan(src, "app/src/main/java/Alerts.kt").references
        #expect(refs.map(Scanned.line) == ["\(at("\"/raw/alarm\"", src)) android channel resourceURI alarm #alerts"])
        #expect(refs.first?.api == "NotificationChannel.setSound")
    }

    @Test func anApplyBlockAndATemplateKeepTheExtensionForTheRule() throws {
        let src = """
            const val CHANNEL = "beeps"
            fun create() {
                val ch = NotificationChannel(CHANNEL, "Beeps", IMPORTANCE_DEFAULT).apply {
                    description = "d"
                    setSound(Uri.parse("android.resource://${context.packageName}/raw/beep.wav"), attrs)
                }
            }
            """
        #expect(
            try Scanned.lines(src, "Beeps.kt") == [
                "\(at("\"android.resource://${", src)) android channel resourceURI beep.wav #beeps"
            ])
    }

    @Test func javaResourceIdOnANotificationBuilder() throws {
        let src = """
            private static final String CHANNEL_ID = "news";
            NotificationCompat.Builder builder = new NotificationCompat.Builder(this, CHANNEL_ID)
                .setContentTitle("t");
            builder.setSound(Uri.parse(ContentResolver.SCHEME_ANDROID_RESOURCE + "://" + getPackageName() + "/" + R.raw.ding));
            """
        let refs = try Scanned.scan(src, "Main.java").references
        #expect(refs.map(Scanned.line) == ["\(at("ding", src)) android notification resourceID ding #news"])
    }

    @Test func aURIVariableAndAChannelCompatChain() throws {
        let src = """
            val soundUri = Uri.parse("android.resource://$packageName/raw/chime")
            val ch = NotificationChannelCompat.Builder("chimes", IMPORTANCE_HIGH).setName("C").setSound(soundUri, attrs).build()
            NotificationCompat.Builder(this, "chimes").setSound(Uri.parse("android.resource://" + pkg + "/raw/" + name))
            """
        #expect(
            try Scanned.lines(src, "a.kt") == [
                "\(at("\"android.resource://$", src)) android channel resourceURI chime #chimes",
                "\(at("\"/raw/\"", src)) android notification resourceURI * #chimes",
            ])
    }

    @Test func lookAlikesYieldNothing() throws {
        let src = """
            val player = MediaPlayer.create(this, R.raw.alarm)
            channel.setSound(RingtoneManager.getDefaultUri(RingtoneManager.TYPE_NOTIFICATION), attrs)
            // channel.setSound(Uri.parse("android.resource://x/raw/comment"), attrs)
            val text = "setSound(Uri.parse(\\"android.resource://x/raw/string\\"))"
            builder.setSound(null)
            """
        #expect(try Scanned.scan(src, "a.kt").references.isEmpty)
    }

    @Test func escapesAndTextBlocks() throws {
        let src = """
            String a = "android.resource://p/raw/caf\\u00e9";
            String b = \"\"\"
                android.resource://p/raw/block
                \"\"\";
            channel.setSound(Uri.parse(a), null);
            other.setSound(Uri.parse(b), null);
            """
        let names = try Scanned.scan(src, "a.java").references.map(\.name)
        #expect(names == [.literal("café"), .literal("block")])
    }

    @Test func notificationUseWithoutASound() throws {
        #expect(try Scanned.scan("val m = NotificationManagerCompat.from(ctx)", "a.kt").usesNotifications)
        #expect(!(try Scanned.scan("val p = MediaPlayer.create(ctx, R.raw.x)", "a.kt").usesNotifications))
    }
}
