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
        var transportSecurity: InfoPlist.Node<TransportSecurity>?
        enum CodingKeys: String, CodingKey {
            case identifier = "CFBundleIdentifier", minimumOS = "MinimumOSVersion"
            case transportSecurity = "NSAppTransportSecurity"
        }

        package init(identifier: String? = nil, minimumOS: String? = nil) {
            self.identifier = identifier.map(InfoPlist.Leaf.string)
            self.minimumOS = minimumOS.map(InfoPlist.Leaf.string)
        }
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

    /// The Info.plist keys of the bundle at `relative` in `tree` (empty: the root); nil when it cannot be read
    /// (`extension-plist` says why for extensions).
    static func keys(_ tree: any FileTree, _ relative: String) -> BundleKeys? {
        let plist = relative.isEmpty ? "Info.plist" : relative + "/Info.plist"
        guard let bytes = try? tree.bytes(plist, limit: InfoPlist.maxBytes),
            case .value(let keys)? = try? InfoPlist.decode(bytes) as InfoPlist.Node<BundleKeys>
        else { return nil }
        return keys
    }

    /// The entitlements of the app at the root of `tree`, from its `embedded.mobileprovision`: nil when it has
    /// none (a simulator build), and why it could not be read otherwise.
    package static func profileEntitlements(_ tree: any FileTree) -> Result<EntitlementsSource, InfoPlist.ReadError>? {
        guard tree.contents(of: "").contains(profileName) else { return nil }
        let source = tree.path(profileName)
        do {
            let bytes = try tree.bytes(profileName, limit: ProvisioningProfile.maxBytes)
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
            reports.append(
                FileReport(
                    path: tree.path(profileName),
                    findings: [Rule.entitlement.finding("\(why); the app's entitlements were not checked", .note)]))
        case nil: break
        }
        guard let app = keys(tree, "") else { return reports }
        for name in tree.contents(of: "PlugIns") where name.hasSuffix(".appex") {
            let appex = "PlugIns/" + name
            guard let ext = keys(tree, appex) else { continue }
            let notification: Bool
            switch ExtensionChecker.kind(in: tree, appex: appex) {
            case .service, .content: notification = true
            case .other, .unreadable: notification = false
            }
            let findings = extensionFindings(app: app, extension: ext, notification: notification)
            if !findings.isEmpty {
                reports.append(FileReport(path: tree.path(appex + "/Info.plist"), findings: findings))
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
    package static func extensionFindings(app: BundleKeys, extension ext: BundleKeys, notification: Bool) -> [Finding] {
        var findings: [Finding] = []
        if case .string(let appID)? = app.identifier, case .string(let extID)? = ext.identifier,
            !appID.contains("$("), !extID.contains("$("), !appID.isEmpty, !extID.hasPrefix(appID + ".")
        {
            findings.append(
                Rule.extensionBundleID.finding(
                    "CFBundleIdentifier \"\(extID)\" does not start with the app's \"\(appID)\" and a dot; an embedded extension's identifier must extend its app's, or the app is refused at upload and on install"
                ))
        }
        if notification, case .string(let appMin)? = app.minimumOS, case .string(let extMin)? = ext.minimumOS,
            let a = version(appMin), let e = version(extMin), e.lexicographicallyPrecedes(a) == false, e != a
        {
            findings.append(
                Rule.extensionVersion.finding(
                    "MinimumOSVersion \(extMin) is above the app's \(appMin): on iOS \(appMin) up to \(extMin) the app installs but iOS never runs the extension — lower the extension's deployment target to the app's"
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
    /// one the time-sensitive entitlement.
    static func checkEntitlements(
        aps: JSONValue, at apsPath: [String], entitlements e: EntitlementsSource, into notes: inout PayloadNotes
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
                "\(PayloadChecker.dotted(ask.path)) asks for \(ask.what), but \(e.source) does not grant \(ask.key); iOS delivers it as an ordinary notification (no critical sound, no breaking through Focus)",
                at: ask.path)
        }
    }

    /// The entitlements a payload is checked against: `given`, or those of the app at `bundle`.
    static func entitlements(given: EntitlementsSource?, bundle: String?) -> EntitlementsSource? {
        if let given { return given }
        guard let bundle, let tree = AppBundle.tree(bundle), case .success(let e)? = profileEntitlements(tree) else {
            return nil
        }
        return e
    }

    /// A plain-http attachment URL judged by the app's service extensions' App Transport Security: nil when one
    /// allows loads from the URL's host, an error when the app has service extensions and none does, and `finding`
    /// (the warning without the bundle) when there is none to read.
    static func transportSecurity(url: String, at path: String, bundle: String, finding: Finding) -> Finding? {
        guard let tree = AppBundle.tree(bundle) else { return finding }
        let host = String(url.dropFirst("http://".count).prefix { !"/?#:".contains($0) }).lowercased()
        var services: [(String, BundleKeys)] = []
        for name in tree.contents(of: "PlugIns") where name.hasSuffix(".appex") {
            let appex = "PlugIns/" + name
            if ExtensionChecker.kind(in: tree, appex: appex) == .service, let k = keys(tree, appex) {
                services.append((name, k))
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

/// An app bundle as a payload's `--bundle` names it: a folder, or an `.ipa` whose first `Payload/*.app` is read in
/// place.
package enum AppBundle {
    package static func isArchive(_ path: String) -> Bool {
        FileSystem.splitExtension(path).ext.lowercased() == "ipa" && !FileSystem.isDirectory(path)
    }

    /// The bundle's files: the folder, or the app inside the `.ipa`; nil when the archive cannot be read or holds
    /// no app.
    package static func tree(_ path: String) -> (any FileTree)? {
        guard isArchive(path) else { return FolderTree(root: path) }
        return try? archiveApp(path)
    }

    /// The first `Payload/*.app` of the `.ipa` at `path`, named `path/Payload/X.app` in reports.
    package static func archiveApp(_ path: String) throws -> ZipTree {
        let archive = try ZipArchive(path: path)
        guard let app = ZipTree.appBundles(in: archive).first else {
            throw ZipError(archive: path, message: "holds no Payload/*.app folder; an .ipa keeps its app there")
        }
        return ZipTree(archive, prefix: app + "/", root: FileSystem.join(path, app))
    }
}
