/// `android-id-uri`.
/// NotificationChannel.setSound: channels persist and are backed up, so "it is not recommended to use a
/// ContentResolver.SCHEME_ANDROID_RESOURCE uri, as resource ids can change on app upgrade" (Android reference);
/// notifee#341, OneSignal-Android#2245.
enum AndroidIDURIRule: RuleDeclaration {
    static let rule = Rule.androidIDURI
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.warning]
    static let summary =
        "a sound URI built from a resource id (\"/\" + R.raw.alarm): a channel keeps it across updates, and an update that renumbers resources leaves the channel pointing at another resource or none; name it (…/raw/alarm)"
    static let basis = Rule.Basis.android
    static let citation: String? =
        "https://developer.android.com/reference/android/app/NotificationChannel#setSound(android.net.Uri,%20android.media.AudioAttributes); notifee#341"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.androidApp,
                ExampleProject.kotlin(
                    #"channel.setSound(Uri.parse("android.resource://" + packageName + "/" + R.raw.alarm), null)"#),
                .sound("android/app/src/main/res/raw/alarm.wav", .wav))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.androidApp,
                ExampleProject.kotlin(
                    #"channel.setSound(Uri.parse("android.resource://" + packageName + "/raw/alarm"), null)"#),
                .sound("android/app/src/main/res/raw/alarm.wav", .wav))
        ])
}
