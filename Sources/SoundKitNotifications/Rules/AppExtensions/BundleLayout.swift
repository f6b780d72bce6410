import SoundKitIO

/// The Apple platform an app bundle is built for, as messages name it and JSON carries it (`platform`).
///
/// `UNNotificationSound` is available on iOS 10, iPadOS 10, Mac Catalyst 13.1, macOS 10.14, visionOS 1 and watchOS
/// 3 (Apple, UserNotifications › UNNotificationSound); Mac Catalyst apps are macOS bundles and are judged as macOS's.
package enum ApplePlatform: String, CaseIterable, Sendable, Codable {
    case ios, macos, watchos, visionos

    /// How messages name it: `iOS`, `macOS`, `watchOS`, `visionOS`.
    package var name: String {
        switch self {
        case .ios: "iOS"
        case .macos: "macOS"
        case .watchos: "watchOS"
        case .visionos: "visionOS"
        }
    }

    /// The Info.plist key of the deployment target: `LSMinimumSystemVersion` on macOS and Mac Catalyst, and
    /// `MinimumOSVersion` on iOS, iPadOS, visionOS and watchOS (Apple, Bundle Resources › Information Property List).
    package var minimumVersionKey: String { self == .macos ? "LSMinimumSystemVersion" : "MinimumOSVersion" }
}

/// Where an app bundle keeps its files, by platform, as Apple's Bundle Programming Guide ("Bundle Structures")
/// describes them and Xcode builds them:
///
/// - iOS, iPadOS, visionOS and watchOS apps are flat: `X.app/Info.plist`, resources at the top of `X.app`, extensions
///   at `X.app/PlugIns/*.appex/Info.plist`; an iOS app's watch app at `X.app/Watch/*.app`, its own extensions inside.
/// - macOS and Mac Catalyst apps keep everything in `Contents`: `X.app/Contents/Info.plist`, resources at the top of
///   `Contents/Resources`, extensions at `Contents/PlugIns/*.appex/Contents/Info.plist`.
///
/// `check`, `resolve --bundle`, `payload --bundle`, `report` and the archive reader (``AppBundle``) all read bundles
/// through it.
package struct BundleLayout: Sendable, Hashable {
    package var platform: ApplePlatform
    /// The folder that holds the Info.plist, below the bundle: `Contents`, or empty for a flat bundle.
    package var contents: String
    /// The folder whose top level is the bundle's resources: `Contents/Resources`, or empty.
    package var resources: String

    /// The Info.plist, below the bundle.
    package var infoPlist: String { below(contents, "Info.plist") }
    /// The folder of the bundle's app extensions, below the bundle.
    package var plugIns: String { below(contents, "PlugIns") }

    /// The Info.plist of the bundle at `bundle` (a path in a tree; empty: the root).
    package func infoPlist(of bundle: String) -> String { below(bundle, infoPlist) }

    /// A flat bundle (iOS, iPadOS, visionOS, watchOS).
    package static func flat(_ platform: ApplePlatform) -> BundleLayout {
        BundleLayout(platform: platform, contents: "", resources: "")
    }

    /// A macOS or Mac Catalyst bundle.
    package static let mac = BundleLayout(platform: .macos, contents: "Contents", resources: "Contents/Resources")

    /// The layout of the bundle at `bundle` in `tree` (empty: the root), recognised from the bundle itself: a
    /// `Contents` folder and no top-level Info.plist make a macOS bundle; a flat bundle's Info.plist says its
    /// platform (`CFBundleSupportedPlatforms`, then `WKApplication`/`WKWatchKitApp`, then `UIDeviceFamily`), iOS
    /// when it says none.
    package static func of(_ tree: any FileTree, at bundle: String = "") -> BundleLayout {
        let top = tree.contents(of: bundle)
        if !top.contains("Info.plist"), top.contains("Contents"), tree.isDirectory(below(bundle, "Contents")) {
            return .mac
        }
        guard let bytes = try? tree.bytes(below(bundle, "Info.plist"), limit: InfoPlist.maxBytes) else {
            return .flat(.ios)
        }
        return .flat(platform(ofInfoPlist: bytes) ?? .ios)
    }

    /// The platform a flat bundle's Info.plist (XML or binary) says it is for; nil when it cannot be read.
    package static func platform(ofInfoPlist bytes: [UInt8]) -> ApplePlatform? {
        guard case .value(let keys)? = try? InfoPlist.decode(bytes) as InfoPlist.Node<PlatformKeys> else { return nil }
        return keys.platform
    }

    /// The layout of the bundle folder at `path` on disk.
    package static func of(folder path: String) -> BundleLayout { of(FolderTree(root: path)) }

    /// `relative` (a path below the bundle) as a path below the resources folder; nil when it is not in it.
    package func resourcePath(_ relative: String) -> String? {
        if resources.isEmpty { return relative }
        return relative.hasPrefix(resources + "/") ? String(relative.dropFirst(resources.count + 1)) : nil
    }

    /// The app extensions of the bundle at `bundle` in `tree`, as paths in the tree, in name order.
    package func extensions(in tree: any FileTree, at bundle: String = "") -> [String] {
        let folder = below(bundle, plugIns)
        return tree.contents(of: folder).filter { $0.hasSuffix(".appex") }.map { below(folder, $0) }
    }

    /// The watch apps an iOS app at `bundle` in `tree` carries (`Watch/*.app`), as paths in the tree.
    package func watchApps(in tree: any FileTree, at bundle: String = "") -> [String] {
        guard platform == .ios else { return [] }
        let folder = below(bundle, "Watch")
        return tree.contents(of: folder).filter { $0.hasSuffix(".app") && $0.count > 4 }.map { below(folder, $0) }
    }

    /// The app an archive a team ships holds, as the folder its entry names start with: an `.ipa`'s
    /// `Payload/X.app`, a zipped `.app` (`X.app/…`), or a zipped `.xcarchive`'s `Products/Applications/X.app`
    /// (with or without the `X.xcarchive/` folder around it); nil when it holds none. `names` are the archive's
    /// folders, as ``ZipTree`` lists them below its root.
    package static func archivedApp(in tree: any FileTree) -> String? {
        func apps(_ folder: String) -> [String] {
            tree.contents(of: folder).filter {
                $0.hasSuffix(".app") && $0.count > 4 && tree.isDirectory(below(folder, $0))
            }
            .map { below(folder, $0) }
        }
        if let app = apps("Payload").first { return app }
        if let app = apps("").first { return app }
        if let app = apps("Products/Applications").first { return app }
        for archive in tree.contents(of: "") where archive.hasSuffix(".xcarchive") {
            if let app = apps(below(archive, "Products/Applications")).first { return app }
        }
        return nil
    }

    /// The Info.plist keys that say a flat bundle's platform.
    struct PlatformKeys: Decodable, Sendable {
        var supportedPlatforms: InfoPlist.Categories?
        var deviceFamily: InfoPlist.Categories?
        var watchApplication: InfoPlist.Leaf?
        var watchKitApp: InfoPlist.Leaf?
        enum CodingKeys: String, CodingKey {
            case supportedPlatforms = "CFBundleSupportedPlatforms", deviceFamily = "UIDeviceFamily"
            case watchApplication = "WKApplication", watchKitApp = "WKWatchKitApp"
        }

        /// `CFBundleSupportedPlatforms` (`WatchOS`, `XROS`, their simulators), a watch app's own keys, then
        /// `UIDeviceFamily` (4 Apple Watch, 7 Apple Vision Pro, with no iPhone or iPad); iOS otherwise.
        var platform: ApplePlatform {
            let platforms = Self.strings(supportedPlatforms)
            if platforms.contains(where: { $0.hasPrefix("Watch") }) { return .watchos }
            if platforms.contains(where: { $0.hasPrefix("XR") }) { return .visionos }
            if !platforms.isEmpty { return .ios }
            if watchApplication == .bool(true) || watchKitApp == .bool(true) { return .watchos }
            let families = Self.numbers(deviceFamily)
            if families.contains(4) { return .watchos }
            if families.contains(7), !families.contains(1), !families.contains(2) { return .visionos }
            return .ios
        }

        static func strings(_ c: InfoPlist.Categories?) -> [String] {
            leaves(c).compactMap { if case .string(let s) = $0 { s } else { nil } }
        }

        static func numbers(_ c: InfoPlist.Categories?) -> [Double] {
            leaves(c).compactMap { if case .number(let n) = $0 { n } else { nil } }
        }

        static func leaves(_ c: InfoPlist.Categories?) -> [InfoPlist.Leaf] {
            switch c {
            case .list(let items)?: items
            case .single(let leaf)?: [leaf]
            case nil: []
            }
        }
    }
}

/// `a/b`, or either alone when the other is empty.
private func below(_ a: String, _ b: String) -> String {
    a.isEmpty ? b : b.isEmpty ? a : a + "/" + b
}

extension [Finding] {
    /// The findings, each carrying the platform of the bundle they are about (nil leaves them as they are).
    package func on(_ platform: ApplePlatform?) -> [Finding] {
        guard let platform else { return self }
        return map {
            var f = $0
            f.platform = platform.rawValue
            return f
        }
    }
}
