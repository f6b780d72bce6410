import SoundKitIO

/// One app extension of a bundle (`PlugIns/X.appex`), as its Info.plist describes it.
package struct NotificationExtension: Sendable, Hashable {
    package enum Kind: Sendable, Hashable {
        /// `com.apple.usernotifications.service`: downloads attachments, rewrites content.
        case service
        /// `com.apple.usernotifications.content-extension`, with the categories it declares.
        case content(categories: [String])
        /// Another extension point (widgets, share extensions …).
        case other(String)
        /// The Info.plist could not be read, or names no extension point.
        case unreadable
    }

    /// The `.appex` folder.
    package var path: String
    package var kind: Kind
    /// The platform of the app it is in (its bundle's layout, ``BundleLayout``).
    package var platform: ApplePlatform = .ios
}

/// Notification service and content extensions: their Info.plist keys, XML or binary.
package enum ExtensionChecker {
    package static let contentPoint = "com.apple.usernotifications.content-extension"
    package static let servicePoint = "com.apple.usernotifications.service"

    /// The Info.plist of an `.appex` (at the top, or in `Contents` for a macOS extension), checked; nil for a
    /// readable extension of another kind, which is not ours to judge.
    package static func check(appex: String) -> FileReport? {
        let layout = BundleLayout.of(folder: appex)
        let plist = FileSystem.join(appex, layout.infoPlist)
        let bytes: [UInt8]
        do {
            let file = try InputFile(path: plist)
            guard file.size <= Int64(InfoPlist.maxBytes) else {
                return FileReport(
                    path: plist,
                    findings: [
                        Rule.extensionPlist.finding(
                            "is \(megabytes(file.size)); an Info.plist over \(InfoPlist.maxBytes) bytes is not read")
                    ].on(layout.platform))
            }
            bytes = try file.read(at: 0, count: Int(file.size))
        } catch {
            let why = (error as? AudioFileError)?.message ?? "\(error)"
            return FileReport(
                path: plist,
                findings: [
                    Rule.extensionPlist.finding(
                        "\(why); every app extension needs an Info.plist with an NSExtension dictionary")
                ].on(layout.platform))
        }
        return check(plist: bytes, path: plist, platform: layout.platform)
    }

    /// Checks the bytes of an extension's Info.plist; `path` names it in the report, `platform` is its app's.
    package static func check(plist bytes: [UInt8], path: String, platform: ApplePlatform? = nil) -> FileReport? {
        let (kind, format, findings) = judge(bytes, platform: platform ?? .ios)
        if case .other = kind, findings.isEmpty { return nil }
        return FileReport(
            path: path, container: format?.rawValue, format: pointIdentifier(of: kind),
            findings: findings.on(platform))
    }

    /// The notification extensions (and others) in an app's `PlugIns` folder (`Contents/PlugIns` in a macOS app),
    /// in name order; the app is a folder or an archive (``AppBundle``).
    package static func extensions(of app: String) -> [NotificationExtension] {
        guard let tree = AppBundle.tree(app) else { return [] }
        let layout = BundleLayout.of(tree)
        return layout.extensions(in: tree).map { appex in
            NotificationExtension(path: tree.path(appex), kind: kind(in: tree, appex: appex), platform: layout.platform)
        }
    }

    /// What the Info.plist of the extension at `appex` (a path in `tree`) says it is.
    package static func kind(in tree: any FileTree, appex: String) -> NotificationExtension.Kind {
        let plist = BundleLayout.of(tree, at: appex).infoPlist(of: appex)
        guard let bytes = try? tree.bytes(plist, limit: InfoPlist.maxBytes) else { return .unreadable }
        return judge(bytes).kind
    }

    /// ``check(appex:)`` for an extension at `appex` in `tree`: a folder's is read from disk as it is, an
    /// archive's from the archive.
    package static func check(appex: String, in tree: any FileTree) -> FileReport? {
        if tree is FolderTree { return check(appex: tree.path(appex)) }
        let layout = BundleLayout.of(tree, at: appex)
        let plist = layout.infoPlist(of: appex)
        do {
            return check(
                plist: try tree.bytes(plist, limit: InfoPlist.maxBytes), path: tree.path(plist),
                platform: layout.platform)
        } catch {
            return FileReport(
                path: tree.path(plist),
                findings: [
                    Rule.extensionPlist.finding(
                        "\(error); every app extension needs an Info.plist with an NSExtension dictionary")
                ].on(layout.platform))
        }
    }

    static func pointIdentifier(of kind: NotificationExtension.Kind) -> String? {
        switch kind {
        case .service: return servicePoint
        case .content: return contentPoint
        case .other(let id): return id
        case .unreadable: return nil
        }
    }

    /// What the Info.plist says the extension is, and what is wrong with it.
    static func judge(
        _ bytes: [UInt8], platform: ApplePlatform = .ios
    ) -> (kind: NotificationExtension.Kind, format: InfoPlist.Format?, findings: [Finding]) {
        let contents: InfoPlist.Contents
        do {
            contents = try InfoPlist.read(bytes)
        } catch {
            return (
                .unreadable, nil,
                [
                    Rule.extensionPlist.finding(
                        "\(error); \(platform.name) cannot load an extension whose Info.plist it cannot read")
                ]
            )
        }
        if let root = contents.rootKind {
            return (
                .unreadable, contents.format,
                [Rule.extensionPlist.finding("the top level is \(root.typeName); an Info.plist is a dictionary")]
            )
        }
        guard let ext = contents.nsExtension else {
            return (
                .unreadable, contents.format,
                [
                    Rule.extensionPlist.finding(
                        "has no NSExtension dictionary; \(platform.name) loads an app extension only through its NSExtension keys"
                    )
                ]
            )
        }
        let keys: InfoPlist.ExtensionKeys
        switch ext {
        case .value(let k): keys = k
        case .other(let leaf):
            return (
                .unreadable, contents.format,
                [Rule.extensionPlist.finding("NSExtension is \(leaf.typeName); it must be a dictionary")]
            )
        }
        guard case .string(let point)? = keys.pointIdentifier else {
            let what = keys.pointIdentifier.map { "is \($0.typeName)" } ?? "is missing"
            return (
                .unreadable, contents.format,
                [
                    Rule.extensionPlist.finding(
                        "NSExtension.NSExtensionPointIdentifier \(what); it must name the extension point (\(servicePoint), \(contentPoint), …)"
                    )
                ]
            )
        }
        switch point {
        case servicePoint:
            return (.service, contents.format, serviceFindings(keys, platform: platform))
        case contentPoint:
            let (categories, findings) = contentFindings(keys)
            return (.content(categories: categories), contents.format, findings)
        default:
            return (.other(point), contents.format, [])
        }
    }

    static func serviceFindings(_ keys: InfoPlist.ExtensionKeys, platform: ApplePlatform) -> [Finding] {
        if let problem = nonEmptyString(keys.principalClass) {
            return [
                Rule.serviceExtension.finding(
                    "NSExtension.NSExtensionPrincipalClass \(problem); a notification service extension names its UNNotificationServiceExtension subclass there ($(PRODUCT_MODULE_NAME).NotificationService in Xcode's template), or \(platform.name) never runs it and attachments are never downloaded"
                )
            ]
        }
        return []
    }

    /// The declared categories, and the findings.
    static func contentFindings(_ keys: InfoPlist.ExtensionKeys) -> ([String], [Finding]) {
        var findings: [Finding] = []
        func error(_ message: String) { findings.append(Rule.contentExtension.finding(message)) }

        // The interface: a storyboard (Xcode's template) or a principal class.
        if keys.mainStoryboard == nil && keys.principalClass == nil {
            error(
                "NSExtension has neither NSExtensionMainStoryboard nor NSExtensionPrincipalClass; a content extension needs one of them to create its view controller"
            )
        }
        if keys.mainStoryboard != nil, let problem = nonEmptyString(keys.mainStoryboard) {
            error(
                "NSExtension.NSExtensionMainStoryboard \(problem); it must name the storyboard (MainInterface in Xcode's template)"
            )
        }
        if keys.principalClass != nil, let problem = nonEmptyString(keys.principalClass) {
            error("NSExtension.NSExtensionPrincipalClass \(problem); it must name the view controller class")
        }

        let attributesPath = "NSExtension.NSExtensionAttributes"
        guard let node = keys.attributes else {
            error(
                "\(attributesPath) is missing; a content extension declares UNNotificationExtensionCategory and UNNotificationExtensionInitialContentSizeRatio in it"
            )
            return ([], findings)
        }
        let a: InfoPlist.AttributeKeys
        switch node {
        case .value(let v): a = v
        case .other(let leaf):
            error("\(attributesPath) is \(leaf.typeName); it must be a dictionary")
            return ([], findings)
        }

        let categories = Self.categories(a.category, at: "\(attributesPath).UNNotificationExtensionCategory", error)
        attributeFindings(a, at: attributesPath) { findings.append(Rule.contentExtension.finding($0, $1)) }
        return (categories, findings)
    }

    /// `UNNotificationExtensionCategory`: the categories it names, each problem given to `error`.
    static func categories(
        _ category: InfoPlist.Categories?, at categoryPath: String, _ error: (String) -> Void
    ) -> [String] {
        var categories: [String] = []
        switch category {
        case nil:
            error(
                "\(categoryPath) is missing; it names the notification categories (aps.category) the extension draws, as a string or an array of strings"
            )
        case .single(.string(let s))?:
            if s.isEmpty {
                error("\(categoryPath) is an empty string; it must name a category (UNNotificationCategory identifier)")
            } else {
                categories = [s]
            }
        case .single(let other)?:
            error("\(categoryPath) is \(other.typeName); it must be a string or a non-empty array of strings")
        case .list(let items)?:
            if items.isEmpty { error("\(categoryPath) is an empty array; it must name at least one category") }
            for (i, item) in items.enumerated() {
                if case .string(let s) = item, !s.isEmpty {
                    categories.append(s)
                } else {
                    error("\(categoryPath)[\(i)] is \(item.typeName); every entry must be a category identifier string")
                }
            }
        }

        return categories
    }

    /// The size ratio and the Boolean attributes, each problem given to `report` with its severity.
    static func attributeFindings(
        _ a: InfoPlist.AttributeKeys, at attributesPath: String, _ report: (String, Severity) -> Void
    ) {
        func error(_ message: String) { report(message, .error) }
        let ratioPath = "\(attributesPath).UNNotificationExtensionInitialContentSizeRatio"
        switch a.initialContentSizeRatio {
        case nil:
            error(
                "\(ratioPath) is missing; it is required: the view's initial height as a fraction of its width (a number such as 1 or 0.5)"
            )
        case .number(let r)? where r == 0:
            // Apps ship 0 and size the view at run time (Home Assistant's content extension does).
            report(
                "\(ratioPath) is 0: the view starts with no height until the extension sets its preferredContentSize; give the initial height as a fraction of the width (such as 1 or 0.5) so it does not resize on screen",
                .warning)
        case .number(let r)?:
            if !(r > 0 && r.isFinite) {
                error(
                    "\(ratioPath) is \(InfoPlist.Leaf.number(r).typeName); it must be a number greater than 0 (the height as a fraction of the width)"
                )
            }
        case let other?:
            error(
                "\(ratioPath) is \(other.typeName); it must be a number greater than 0 (<real> or <integer>, not a string)"
            )
        }

        for (name, value) in [
            ("UNNotificationExtensionDefaultContentHidden", a.defaultContentHidden),
            ("UNNotificationExtensionOverridesDefaultTitle", a.overridesDefaultTitle),
            ("UNNotificationExtensionUserInteractionEnabled", a.userInteractionEnabled),
        ] {
            switch value {
            case nil, .bool?: break
            case let other?:
                error(
                    "\(attributesPath).\(name) is \(other.typeName); it must be a Boolean (<true/> or <false/>), not a string or a number"
                )
            }
        }
    }

    /// Nil when `value` is a non-empty string; otherwise what it is instead.
    static func nonEmptyString(_ value: InfoPlist.Leaf?) -> String? {
        switch value {
        case nil: return "is missing"
        case .string(let s)?: return s.isEmpty ? "is an empty string" : nil
        case let other?: return "is \(other.typeName)"
        }
    }
}
