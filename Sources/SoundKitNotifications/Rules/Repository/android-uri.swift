/// `android-uri`.
/// A raw resource is named without its extension: `android.resource://pkg/raw/alarm.wav` names no resource and the
/// channel is silent (react-native-push-notification#856).
enum AndroidURIRule: RuleDeclaration {
    static let rule = Rule.androidURI
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.error]
    static let summary =
        "an android.resource://…/raw/NAME URI written with the file's extension (raw/alarm.wav): resource names have none, so the URI names no resource"
    static let basis = Rule.Basis.android
    static let citation: String? =
        "https://developer.android.com/guide/topics/resources/providing-resources; react-native-push-notification#856"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), ExampleProject.androidApp,
                ExampleProject.kotlin(
                    #"channel.setSound(Uri.parse("android.resource://com.example/raw/alarm.wav"), null)"#),
                .sound("android/app/src/main/res/raw/alarm.wav", .wav))
        ],
        nonTriggering: [
            .tree(
                .repository("."), ExampleProject.androidApp,
                ExampleProject.kotlin(
                    #"channel.setSound(Uri.parse("android.resource://com.example/raw/alarm"), null)"#),
                .sound("android/app/src/main/res/raw/alarm.wav", .wav))
        ])
}
