import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `subfolder`.
/// Apple, Bundle Programming Guide › Bundle Structures: an iOS (and iPadOS, watchOS, visionOS) app keeps its
/// resources at the top of the bundle, a macOS app (Mac Catalyst too) at the top of Contents/Resources;
/// UNNotificationSound.init(named:) searches "the main bundle" on every platform it names: A sound in a subfolder of a bundle is never found by name (folder references, Xcode 16 synchronized groups).
package struct SubfolderRule: SoundRule {
    package static let rule = Rule.subfolder
    package static let family = Rule.Family.sounds
    package static let severities: [Severity] = [.warning, .error]
    package static let summary =
        "a sound below the top of a bundle's resources (the top level; a macOS or Mac Catalyst app's Contents/Resources), where Apple documents none and the system does not find it by its name; an error when a payload's name resolves only there"
    package static let basis = Rule.Basis.field
    package static let citation: String? = nil
    package static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .sound("Demo.app/Sounds/chime.caf"))
        ],
        nonTriggering: [
            .tree(
                .check("Demo.app"), .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .sound("Demo.app/chime.caf"))
        ])

    package func check(_ f: SoundFacts, _ o: CheckOptions) -> [Finding] {
        guard let sub = f.bundleSubpath else { return [] }
        let top = f.platform == .macos ? "top of a macOS app's Contents/Resources" : "bundle's top level"
        return [
            finding(
                .warning,
                "sits in a subfolder of the bundle (\(sub)); Apple documents notification sounds only at the \(top) and in Library/Sounds (reports disagree on whether \(f.platformName) finds one in a subfolder), so UNNotificationSound(named: \"\(f.fileName)\") will not find it — copy it to the top level (a group, not a folder reference)"
            )
        ]
    }
}
