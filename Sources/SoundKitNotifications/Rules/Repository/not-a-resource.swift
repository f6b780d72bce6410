/// `not-a-resource`.
/// Flutter's assets go to `App.framework/flutter_assets` (iOS) and Android's assets, Capacitor's and Cordova's web
/// folders are web content, .NET MAUI's `Resources/Raw` is an Android asset: none is where a notification looks
/// (flutter_local_notifications#733 and #1040, capacitor#1146, Plugin.LocalNotification#487, dotnet/maui#19346).
enum NotAResourceRule: RuleDeclaration {
    static let rule = Rule.notAResource
    static let family = Rule.Family.repository
    static let severities: [Severity] = [.error]
    static let summary =
        "a sound name whose file is only a Flutter asset, web content (www/, public/, src/assets/) or an Android asset (assets/, MAUI's Resources/Raw): not a native resource, so neither platform's notification finds it"
    static let basis = Rule.Basis.field
    static let citation: String? =
        "flutter_local_notifications#733, #1040; capacitor#1146; Plugin.LocalNotification#487; dotnet/maui#19346"
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .repository("."), .text("pubspec.yaml", "name: demo\nflutter:\n  assets:\n    - assets/sounds/\n"),
                ExampleProject.androidApp,
                ExampleProject.dart(
                    "const d = AndroidNotificationDetails('alerts', 'Alerts', sound: RawResourceAndroidNotificationSound('alarm'));"
                ), .sound("assets/sounds/alarm.wav", .wav))
        ],
        nonTriggering: [
            .tree(
                .repository("."), .text("pubspec.yaml", "name: demo\nflutter:\n  assets:\n    - assets/sounds/\n"),
                ExampleProject.androidApp,
                ExampleProject.dart(
                    "const d = AndroidNotificationDetails('alerts', 'Alerts', sound: RawResourceAndroidNotificationSound('alarm'));"
                ), .sound("android/app/src/main/res/raw/alarm.wav", .wav))
        ])
}
