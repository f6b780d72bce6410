import SoundKitIO

/// Entitlements read from somewhere, and that place's name for messages (`embedded.mobileprovision`,
/// `App.entitlements`).
package struct EntitlementsSource: Sendable, Equatable {
    package var source: String
    package var entitlements: Entitlements

    package init(source: String, entitlements: Entitlements) {
        self.source = source
        self.entitlements = entitlements
    }

    /// An `.entitlements` file (`--entitlements FILE`).
    package static func file(_ path: String) throws -> EntitlementsSource {
        let bytes = try FolderTree(root: "").bytes(path, limit: InfoPlist.maxBytes)
        do {
            return EntitlementsSource(source: path, entitlements: try Entitlements.read(entitlementsFile: bytes))
        } catch {
            throw InfoPlist.ReadError(description: "\(path) \(error.description)")
        }
    }
}

/// How an app and its extensions fit together: the entitlements its profile grants (`entitlement`), its extensions'
/// deployment targets (`extension-version`) and bundle identifiers (`extension-bundle-id`), and a service extension's
/// App Transport Security for plain-http attachments. Bundles are read through a ``FileTree``, so an `.ipa` is
/// judged in place as its unzipped folder is.
package enum AppWiring {
    /// The keys of a bundle's Info.plist these checks read.
    package struct BundleKeys: Decodable, Sendable {
        var identifier: InfoPlist.Leaf?
        var minimumOS: InfoPlist.Leaf?
        var minimumSystem: InfoPlist.Leaf?
        var transportSecurity: InfoPlist.Node<TransportSecurity>?
        enum CodingKeys: String, CodingKey {
            case identifier = "CFBundleIdentifier", minimumOS = "MinimumOSVersion"
            case minimumSystem = "LSMinimumSystemVersion"
            case transportSecurity = "NSAppTransportSecurity"
        }

        package init(identifier: String? = nil, minimumOS: String? = nil, minimumSystem: String? = nil) {
            self.identifier = identifier.map(InfoPlist.Leaf.string)
            self.minimumOS = minimumOS.map(InfoPlist.Leaf.string)
            self.minimumSystem = minimumSystem.map(InfoPlist.Leaf.string)
        }

        /// The deployment target on `platform`: `LSMinimumSystemVersion` on macOS, `MinimumOSVersion` elsewhere.
        func minimum(on platform: ApplePlatform) -> InfoPlist.Leaf? { platform == .macos ? minimumSystem : minimumOS }
    }

    /// `NSAppTransportSecurity`: what plain-http loads it allows.
    package struct TransportSecurity: Decodable, Sendable {
        var allowsArbitraryLoads: InfoPlist.Leaf?
        var exceptionDomains: InfoPlist.Node<Domains>?
        enum CodingKeys: String, CodingKey {
            case allowsArbitraryLoads = "NSAllowsArbitraryLoads", exceptionDomains = "NSExceptionDomains"
        }
    }

    /// `NSExceptionDomains`: each domain's exception.
    package struct Domains: Decodable, Sendable {
        var domains: [(String, InfoPlist.Node<DomainException>)] = []

        package init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: InfoPlist.AnyKey.self)
            for key in c.allKeys {
                domains.append((key.stringValue, try c.decode(InfoPlist.Node<DomainException>.self, forKey: key)))
            }
        }
    }

    package struct DomainException: Decodable, Sendable {
        var allowsInsecureHTTP: InfoPlist.Leaf?
        var includesSubdomains: InfoPlist.Leaf?
        enum CodingKeys: String, CodingKey {
            case allowsInsecureHTTP = "NSExceptionAllowsInsecureHTTPLoads", includesSubdomains = "NSIncludesSubdomains"
        }
    }

    static let profileName = "embedded.mobileprovision"

    /// Where the app at the root of `tree` keeps its provisioning profile: `embedded.mobileprovision` at the top of an
    /// iOS, watchOS or visionOS bundle, `Contents/embedded.provisionprofile` in a macOS or Mac Catalyst one (TN3125,
    /// "Inside Code Signing: Provisioning Profiles").
    static func profilePath(_ tree: any FileTree) -> (folder: String, name: String) {
        BundleLayout.of(tree).platform == .macos ? ("Contents", "embedded.provisionprofile") : ("", profileName)
    }

    /// The Info.plist keys of the bundle at `relative` in `tree` (empty: the root), where its layout keeps them;
    /// nil when they cannot be read (`extension-plist` says why for extensions).
    static func keys(_ tree: any FileTree, _ relative: String) -> BundleKeys? {
        let plist = BundleLayout.of(tree, at: relative).infoPlist(of: relative)
        guard let bytes = try? tree.bytes(plist, limit: InfoPlist.maxBytes),
            case .value(let keys)? = try? InfoPlist.decode(bytes) as InfoPlist.Node<BundleKeys>
        else { return nil }
        return keys
    }

    /// The entitlements of the app at the root of `tree`, from its `embedded.mobileprovision`: nil when it has
    /// none (a simulator build), and why it could not be read otherwise.
    package static func profileEntitlements(_ tree: any FileTree) -> Result<EntitlementsSource, InfoPlist.ReadError>? {
        let (folder, name) = profilePath(tree)
        guard tree.contents(of: folder).contains(name) else { return nil }
        let relative = folder.isEmpty ? name : folder + "/" + name
        let source = tree.path(relative)
        do {
            let bytes = try tree.bytes(relative, limit: ProvisioningProfile.maxBytes)
            return .success(
                EntitlementsSource(source: source, entitlements: try ProvisioningProfile.entitlements(of: bytes)))
        } catch let e as InfoPlist.ReadError {
            return .failure(e)
        } catch {
            return .failure(InfoPlist.ReadError(description: "\(error)"))
        }
    }

    /// `check APP`: the app's entitlements (`given`, or its profile's) and its extensions against the app, as reports
    /// on the files they are about.
    package static func check(app tree: any FileTree, entitlements given: EntitlementsSource?) -> [FileReport] {
        var reports: [FileReport] = []
        let entitlements = given.map { .success($0) } ?? profileEntitlements(tree)
        switch entitlements {
        case .success(let e)?:
            if let f = apsEnvironmentFinding(e) { reports.append(FileReport(path: e.source, findings: [f])) }
        case .failure(let why)?:
            let (folder, name) = profilePath(tree)
            reports.append(
                FileReport(
                    path: tree.path(folder.isEmpty ? name : folder + "/" + name),
                    findings: [Rule.entitlement.finding("\(why); the app's entitlements were not checked", .note)]))
        case nil: break
        }
        let layout = BundleLayout.of(tree)
        reports += wiring(tree, at: "", layout)
        for watch in layout.watchApps(in: tree) {
            reports += wiring(tree, at: watch, BundleLayout.of(tree, at: watch))
        }
        return reports
    }

    /// The extensions of the app at `bundle` in `tree` (laid out as `layout` says) against the app.
    static func wiring(_ tree: any FileTree, at bundle: String, _ layout: BundleLayout) -> [FileReport] {
        guard let app = keys(tree, bundle) else { return [] }
        var reports: [FileReport] = []
        for appex in layout.extensions(in: tree, at: bundle) {
            guard let ext = keys(tree, appex) else { continue }
            let notification: Bool
            switch ExtensionChecker.kind(in: tree, appex: appex) {
            case .service, .content: notification = true
            case .other, .unreadable: notification = false
            }
            let findings = extensionFindings(
                app: app, extension: ext, notification: notification, platform: layout.platform)
            if !findings.isEmpty {
                let plist = BundleLayout.of(tree, at: appex).infoPlist(of: appex)
                reports.append(FileReport(path: tree.path(plist), findings: findings.on(layout.platform)))
            }
        }
        return reports
    }

    /// `entitlement`: no `aps-environment`, so no remote notification reaches the app.
    static func apsEnvironmentFinding(_ e: EntitlementsSource) -> Finding? {
        if case .string(let s)? = e.entitlements.apsEnvironment, !s.isEmpty { return nil }
        return Rule.entitlement.finding(
            "grants no aps-environment entitlement: the app cannot register for remote notifications, so no push (and no sound a payload names) reaches it",
            .note)
    }

    /// `extension-bundle-id` for every extension, and `extension-version` for notification extensions.
    package static func extensionFindings(
        app: BundleKeys, extension ext: BundleKeys, notification: Bool, platform: ApplePlatform = .ios
    ) -> [Finding] {
        var findings: [Finding] = []
        if case .string(let appID)? = app.identifier, case .string(let extID)? = ext.identifier,
            !appID.contains("$("), !extID.contains("$("), !appID.isEmpty, !extID.hasPrefix(appID + ".")
        {
            findings.append(
                Rule.extensionBundleID.finding(
                    "CFBundleIdentifier \"\(extID)\" does not start with the app's \"\(appID)\" and a dot; an embedded extension's identifier must extend its app's, or the app is refused at upload and on install"
                ))
        }
        if notification, case .string(let appMin)? = app.minimum(on: platform),
            case .string(let extMin)? = ext.minimum(on: platform),
            let a = version(appMin), let e = version(extMin), e.lexicographicallyPrecedes(a) == false, e != a
        {
            findings.append(
                Rule.extensionVersion.finding(
                    "\(platform.minimumVersionKey) \(extMin) is above the app's \(appMin): on \(platform.name) \(appMin) up to \(extMin) the app installs but \(platform.name) never runs the extension — lower the extension's deployment target to the app's"
                ))
        }
        return findings
    }

    /// A dotted version as numbers, trailing zeros dropped (`17.0` = `17`); nil when it is not numeric.
    static func version(_ s: String) -> [Int]? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ $0.map { $0 >= 0 } ?? false }) else { return nil }
        var numbers = parts.compactMap { $0 }
        while numbers.count > 1, numbers.last == 0 { numbers.removeLast() }
        return numbers
    }

    // MARK: Payloads

    /// `entitlement` on a payload's `aps` dictionary (at `apsPath`): a critical alert (a sound dictionary with
    /// `critical: 1`, or `interruption-level: critical`) needs the critical-alerts entitlement, a time-sensitive
    /// one the time-sensitive entitlement. `platform` is the app's, when known, for the message.
    static func checkEntitlements(
        aps: JSONValue, at apsPath: [String], entitlements e: EntitlementsSource, platform: ApplePlatform?,
        into notes: inout PayloadNotes
    ) {
        let level = aps["interruption-level"]
        let criticalKey = "com.apple.developer.usernotifications.critical-alerts"
        let timeKey = "com.apple.developer.usernotifications.time-sensitive"
        var asks: [(path: [String], what: String, key: String, granted: Bool)] = []
        if aps["sound"]?["critical"] == .number("1") {
            asks.append(
                (
                    apsPath + ["sound", "critical"], "a critical alert (sound.critical 1)", criticalKey,
                    Entitlements.granted(e.entitlements.criticalAlerts)
                ))
        }
        if level == .string("critical") {
            asks.append(
                (
                    apsPath + ["interruption-level"], "a critical alert (interruption-level critical)", criticalKey,
                    Entitlements.granted(e.entitlements.criticalAlerts)
                ))
        }
        if level == .string("time-sensitive") {
            asks.append(
                (
                    apsPath + ["interruption-level"], "a time-sensitive notification", timeKey,
                    Entitlements.granted(e.entitlements.timeSensitive)
                ))
        }
        for ask in asks where !ask.granted {
            notes.add(
                .entitlement,
                "\(PayloadChecker.dotted(ask.path)) asks for \(ask.what), but \(e.source) does not grant \(ask.key); \(platform?.name ?? "the system") delivers it as an ordinary notification (no critical sound, no breaking through Focus)",
                at: ask.path)
        }
    }

    /// The entitlements a payload is checked against: `given`, or those of the app in `app` (its opened bundle).
    static func entitlements(given: EntitlementsSource?, app: (any FileTree)?) -> EntitlementsSource? {
        if let given { return given }
        guard let app, case .success(let e)? = profileEntitlements(app) else { return nil }
        return e
    }

    /// A plain-http attachment URL judged by the app's service extensions' App Transport Security: nil when one
    /// allows loads from the URL's host, an error when the app has service extensions and none does, and `finding`
    /// (the warning without the bundle) when there is none to read.
    static func transportSecurity(url: String, at path: String, bundle: String, finding: Finding) -> Finding? {
        guard let tree = AppBundle.tree(bundle) else { return finding }
        let host = String(url.dropFirst("http://".count).prefix { !"/?#:".contains($0) }).lowercased()
        var services: [(String, BundleKeys)] = []
        for appex in BundleLayout.of(tree).extensions(in: tree) {
            if ExtensionChecker.kind(in: tree, appex: appex) == .service, let k = keys(tree, appex) {
                services.append((FileSystem.lastComponent(appex), k))
            }
        }
        guard !services.isEmpty else { return finding }
        if services.contains(where: { allowsHTTP(host: host, $0.1.transportSecurity) }) { return nil }
        var f = finding
        f.severity = .error
        f.message =
            "\(path) \"\(url)\" is plain http, and the service extension's NSAppTransportSecurity (\(services.map(\.0).joined(separator: ", "))) allows neither arbitrary loads nor insecure loads from \(host): App Transport Security blocks the download — serve it over https or add an exception domain"
        return f
    }

    /// Whether ATS lets an extension load `http://host/…`: `NSAllowsArbitraryLoads`, or an exception domain for the
    /// host (or a parent domain with `NSIncludesSubdomains`) with `NSExceptionAllowsInsecureHTTPLoads`.
    static func allowsHTTP(host: String, _ ats: InfoPlist.Node<TransportSecurity>?) -> Bool {
        guard case .value(let t)? = ats else { return false }
        if t.allowsArbitraryLoads == .bool(true) { return true }
        guard case .value(let d)? = t.exceptionDomains else { return false }
        return d.domains.contains { name, node in
            guard case .value(let x) = node, x.allowsInsecureHTTP == .bool(true) else { return false }
            let domain = name.lowercased()
            return host == domain || (x.includesSubdomains == .bool(true) && host.hasSuffix("." + domain))
        }
    }
}

/// An app bundle as `check`, `resolve --bundle` and `payload --bundle` name it: a folder (an `.xcarchive` folder
/// stands for its `Products/Applications/*.app`), or an archive read in place: an `.ipa`, a zipped `.app` or a
/// zipped `.xcarchive` (``BundleLayout/archivedApp(in:)`` finds the app in it).
package enum AppBundle {
    /// Whether `path` is an archive file (`.ipa` or `.zip`) to read an app out of.
    package static func isArchive(_ path: String) -> Bool {
        ["ipa", "zip"].contains(FileSystem.splitExtension(path).ext.lowercased()) && !FileSystem.isDirectory(path)
    }

    /// The bundle's files: the folder, or the app inside the archive; nil when the archive cannot be read or holds
    /// no app. Inside ``withOpened(_:_:_:)`` for `path`, the tree opened there.
    package static func tree(_ path: String) -> (any FileTree)? {
        if let app = opened, app.path == path { return app.tree }
        guard isArchive(path) else { return FolderTree(root: folderApp(path)) }
        return try? archiveApp(path)
    }

    /// An app opened for one check, and the path it was opened from.
    package struct Opened: @unchecked Sendable {
        // Unchecked: a tree is read only inside the synchronous `withOpened` that set it, on the thread that runs it.
        let path: String
        let tree: any FileTree
    }

    @TaskLocal static var opened: Opened?

    /// Runs `body` with the app `tree` opened from `path` given to every ``tree(_:)`` of that path: a payload's sound
    /// name, its attachments' extensions, App Transport Security and the entitlements all read one opened `.ipa`
    /// (its central directory read once, not once for each).
    package static func withOpened<R>(_ path: String?, _ tree: (any FileTree)?, _ body: () throws -> R) rethrows -> R {
        guard let path, let tree else { return try body() }
        return try $opened.withValue(Opened(path: path, tree: tree), operation: body)
    }

    /// Runs `body` with the archive at `path` opened once for every ``tree(_:)`` of it, unless it is already (a
    /// folder costs nothing to open and is not).
    package static func withArchiveOpened<R>(_ path: String?, _ body: () throws -> R) rethrows -> R {
        guard let path, opened?.path != path, isArchive(path) else { return try body() }
        return try withOpened(path, tree(path), body)
    }

    /// How many times this process has opened an app in each archive, by path: what shows that a check opened its
    /// `.ipa` once.
    package static let archivesOpened = LockedValueBox([String: Int]())

    /// A bundle folder as given, or for an `.xcarchive` folder the first app in its `Products/Applications`.
    package static func folderApp(_ path: String) -> String {
        guard FileSystem.splitExtension(path).ext.lowercased() == "xcarchive",
            let app = BundleLayout.archivedApp(in: FolderTree(root: path))
        else { return path }
        return FileSystem.join(path, app)
    }

    /// The app inside the archive at `path` (an `.ipa`'s first `Payload/*.app`, a zipped `.app` or `.xcarchive`'s),
    /// named `path/Payload/X.app` (and so on) in reports.
    package static func archiveApp(_ path: String) throws -> ZipTree {
        archivesOpened.withLockedValue { $0[path, default: 0] += 1 }
        let archive = try ZipArchive(path: path)
        guard let app = BundleLayout.archivedApp(in: ZipTree(archive, prefix: "", root: path)) else {
            throw ZipError(
                archive: path,
                message:
                    "holds no app: an .ipa keeps it in Payload/*.app, a zipped app at X.app, a zipped .xcarchive in Products/Applications/*.app"
            )
        }
        return ZipTree(archive, prefix: app + "/", root: FileSystem.join(path, app))
    }

    /// The top level of the bundle's resources, where a sound is found by name (``BundleLayout/resources``): the
    /// bundle's own top level, or a macOS app's `Contents/Resources`, read in place in an archive; and the bundle's
    /// platform.
    package static func resources(_ path: String) -> (tree: any FileTree, platform: ApplePlatform)? {
        guard let app = tree(path) else { return nil }
        let layout = BundleLayout.of(app)
        guard !layout.resources.isEmpty else { return (app, layout.platform) }
        if let zip = app as? ZipTree {
            return (
                ZipTree(zip.archive, prefix: zip.prefix + layout.resources + "/", root: app.path(layout.resources)),
                layout.platform
            )
        }
        return (FolderTree(root: app.path(layout.resources)), layout.platform)
    }
}
