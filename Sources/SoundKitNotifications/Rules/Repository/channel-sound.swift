/// `channel-sound`.
/// A channel's sound is fixed when it is first created: "If another notification specifies the same channel id but
/// tries to specify another sound … then nothing occurs" (flutter_local_notifications README); 11 threads
/// (SOURCE-TREES.md §3.6).
enum ChannelSoundRule: RuleDeclaration {
    static let rule = Rule.channelSound
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.error]
    static let summary =
        "one Android channel id created, or used, with two different sounds: a channel keeps the sound it was first created with, so the second never plays"
    static let basis = Rule.Basis.android
    static let citation: String? =
        "NotificationChannel.setSound (only before createNotificationChannel); flutter_local_notifications README; notifee#611"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.androidApp,
                ExampleProject.dart(
                    "const a = AndroidNotificationChannel('alerts', 'Alerts', sound: RawResourceAndroidNotificationSound('alarm'));\n  const b = AndroidNotificationChannel('alerts', 'Alerts', sound: RawResourceAndroidNotificationSound('chime'));"
                ), .sound("android/app/src/main/res/raw/alarm.wav", .wav),
                .sound("android/app/src/main/res/raw/chime.wav", .wav))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.androidApp,
                ExampleProject.dart(
                    "const a = AndroidNotificationChannel('alerts', 'Alerts', sound: RawResourceAndroidNotificationSound('alarm'));\n  const b = AndroidNotificationChannel('chimes', 'Chimes', sound: RawResourceAndroidNotificationSound('chime'));"
                ), .sound("android/app/src/main/res/raw/alarm.wav", .wav),
                .sound("android/app/src/main/res/raw/chime.wav", .wav))
        ])
}
