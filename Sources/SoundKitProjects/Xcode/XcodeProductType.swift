import SoundKitIO
import SoundKitNotifications

/// Xcode's product types (`com.apple.product-type.…`, the JSON format's and XcodeGen's short forms) as the
/// ``TargetKind`` that decides whether a target's bundle is where a notification sound is looked for.
package enum XcodeProductType {
    static let prefix = "com.apple.product-type."

    /// The kind of a target whose product type is `productType` (full or without the prefix); `point` is its
    /// extension point when it is an extension.
    package static func kind(_ productType: String, point: String? = nil) -> TargetKind {
        let short = productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
        switch short {
        case "application", "application.messages", "application.on-demand-install-capable",
            "on-demand-install-capable":
            return .application
        case "application.watchapp", "application.watchapp2", "application.watchapp2-container", "watchkit-extension",
            "watchkit2-extension", "watch-app", "watch2-app", "watch2-app-container", "watch2-extension",
            "watchapp2-container", "watchapp2", "watchapp":
            return .watchApp
        case "framework", "framework.static", "library.static", "library.dynamic", "xcframework", "static-framework",
            "static-library", "dynamic-library":
            return .framework
        case "bundle":
            return .resourceBundle
        default:
            if short.hasPrefix("app-extension") || short.hasSuffix("app-extension") || short == "extensionkit-extension"
                || short == "extensionkit.extension"
            {
                return .appExtension(point: point)
            }
            return .other(productType)
        }
    }

    /// Whether targets of `productType` are extensions (whose Info.plist names the extension point).
    static func isExtension(_ productType: String) -> Bool {
        if case .appExtension = kind(productType) { return true }
        return false
    }

    /// The largest Info.plist read for an extension point.
    static let maxInfoPlistBytes = 1 << 20

    /// `NSExtension.NSExtensionPointIdentifier` of the Info.plist at `path` (XML or binary), when it says one.
    static func extensionPoint(infoPlist path: String) -> String? {
        guard let file = try? InputFile(path: path), file.size <= Int64(maxInfoPlistBytes),
            let bytes = try? file.read(at: 0, count: maxInfoPlistBytes),
            let contents = try? InfoPlist.read(bytes),
            case .value(let keys) = contents.nsExtension, case .string(let point) = keys.pointIdentifier
        else { return nil }
        return point
    }

    /// An `INFOPLIST_FILE` value as a path below `sourceRoot`, when it names one without other build variables.
    static func infoPlistPath(_ setting: String, sourceRoot: String) -> String? {
        var value = setting
        for variable in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "$(SOURCE_ROOT)/"]
        where value.hasPrefix(variable) {
            value = String(value.dropFirst(variable.count))
        }
        guard !value.isEmpty, !value.contains("$") else { return nil }
        return CheckoutView.join(sourceRoot, value)
    }
}
