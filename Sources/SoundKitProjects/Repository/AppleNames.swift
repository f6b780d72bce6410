import SoundKitIO
import SoundKitNotifications

/// A name resolved as iOS resolves it, from a checkout: the file at the top of the app's bundle with exactly that name
/// (case and extension included), and when there is none, why — the file is in no app target, only in a subfolder,
/// an asset catalog or another bundle, a Flutter asset or web content, or differs in case or extension.
struct AppleNames {
    var layout: CheckoutLayout

    /// The resolution of `name` (a literal) passed at `reference`.
    func resolve(_ name: String, _ reference: SoundReference) -> Resolved {
        let apps = layout.apps(.apple, nearest: reference.site.path)
        guard let app = apps.first else { return Resolved(outcome: .unchecked) }
        let hits = apps.compactMap { candidate in
            candidate.entries.first(where: { $0.bundlePath == name && $0.route != .assetCatalog }).map {
                (entry: $0, app: candidate)
            }
        }
        if let first = hits.first {
            var resolved = found(first.entry, name: name, in: first.app)
            // The same name in the other apps (a Flutter app's macOS Runner beside its iOS one) is theirs to play.
            resolved.others = hits.dropFirst().map(\.entry.file).filter { $0 != first.entry.file }
            return resolved
        }
        return missed(name, app: app, reference: reference)
    }

    private func found(_ entry: BundleEntry, name: String, in app: TargetLayout) -> Resolved {
        guard entry.exists else {
            return Resolved(
                app: app, outcome: .fails,
                findings: [
                    Rule.nameNotFound.finding(
                        "'\(name)' is in the \(app.name) target's resources, but \(entry.file) is not in the checkout: the build fails or, with a stale file elsewhere, plays it — add the file, or remove it from the target"
                    )
                ])
        }
        var findings: [Finding] = []
        if name.contains("/") {
            findings.append(
                Rule.subfolder.finding(
                    "'\(name)' names a file in a subfolder of the \(app.name) app's bundle (\(entry.route == .folderReference ? "a folder reference" : "a copy into a subfolder")); Apple documents sounds only at the bundle's top level and reports disagree on whether iOS finds one by a path — add \(SoundNames.fileName(entry.file)) to the target's Copy Bundle Resources as a file and name it '\(SoundNames.fileName(name))'",
                    .warning))
        }
        return Resolved(app: app, file: entry.file, outcome: .plays, findings: findings)
    }

    private func missed(_ name: String, app: TargetLayout, reference: SoundReference) -> Resolved {
        let top = app.entries.filter { !$0.bundlePath.contains("/") && $0.exists }
        let fileName = SoundNames.fileName(name)
        if let other = top.first(where: { $0.bundlePath.lowercased() == name.lowercased() }) {
            return fail(
                app, .nameNotFound,
                "'\(name)' differs in case from \(other.bundlePath) in the \(app.name) app's bundle: iOS devices match names case-sensitively (the simulator does not) — write '\(other.bundlePath)'",
                file: other.file)
        }
        let (stem, ext) = SoundNames.stem(name)
        if let other = top.first(where: { SoundNames.stem($0.bundlePath).stem == stem && !ext.isEmpty }) {
            return fail(
                app, .nameNotFound,
                "'\(name)' is not in the \(app.name) app's bundle, which has \(other.bundlePath): iOS matches the extension too and plays the default sound — write '\(other.bundlePath)', or convert the file to \(name)",
                file: other.file)
        }
        if ext.isEmpty, let other = top.first(where: { SoundNames.stem($0.bundlePath).stem == stem }) {
            return Resolved(
                app: app, file: other.file, outcome: .fails,
                findings: [
                    Rule.nameNotFound.finding(
                        "'\(name)' has no extension; the \(app.name) app's bundle has \(other.bundlePath): reports disagree on whether iOS finds a sound without its extension — write '\(other.bundlePath)'",
                        .warning)
                ])
        }
        let inApp = app.entries.filter { SoundNames.fileName($0.bundlePath) == fileName }
        if let sub = inApp.first(where: { $0.route != .assetCatalog && $0.bundlePath.contains("/") }) {
            return fail(
                app, .subfolder,
                "'\(name)' is only in a subfolder of the \(app.name) app's bundle (\(sub.bundlePath), \(Self.how(sub.route))): iOS looks at the bundle's top level — add \(sub.file) to the \(app.name) target's Copy Bundle Resources as a file",
                file: sub.file)
        }
        if let catalog = inApp.first(where: { $0.route == .assetCatalog }) {
            return fail(
                app, .assetCatalog,
                "'\(name)' is only inside an asset catalog (\(catalog.file)), which the build compiles into Assets.car: no file of that name is in the bundle — move it out of the catalog and add it to the \(app.name) target's Copy Bundle Resources"
            )
        }
        return elsewhere(name, app: app, reference: reference)
    }

    private func elsewhere(_ name: String, app: TargetLayout, reference: SoundReference) -> Resolved {
        let fileName = SoundNames.fileName(name)
        let others = layout.targets.filter { $0.platform == .apple && Self.isOtherBundle($0.kind) }
        for other in others {
            if let hit = other.entries.first(where: {
                SoundNames.fileName($0.bundlePath) == fileName && $0.exists && !Self.assetRoutes.contains($0.route)
            }) {
                return Resolved(
                    app: app, file: hit.file, outcome: .fails,
                    findings: [
                        Rule.wrongBundle.finding(
                            "'\(name)' is carried by \(other.name) (\(Self.kind(other.kind))), not by the \(app.name) app: Apple documents the main bundle as the place searched — add \(hit.file) to the \(app.name) target's Copy Bundle Resources"
                        )
                    ])
            }
        }
        let assets = layout.targets.flatMap(\.entries).filter {
            [.flutterAsset, .webAsset, .androidAsset].contains($0.route)
                && SoundNames.fileName($0.bundlePath) == fileName
        }
        let loose = layout.audioFiles.filter { SoundNames.fileName($0) == fileName }
        let assetFiles = Set(assets.map(\.file))
        if let file = loose.first(where: { !assetFiles.contains($0) }) {
            return fail(
                app, .notInTarget,
                "'\(name)' is in the repository (\(file)) but not in the \(app.name) app target's resources, so the built app does not carry it and iOS plays the default sound — add \(fileName) to the \(app.name) target's Copy Bundle Resources (\(app.project))",
                file: file)
        }
        if let asset = assets.first {
            return fail(
                app, .notAResource,
                "'\(name)' is only \(Self.how(asset.route)) (\(asset.file)), which iOS does not search for a notification sound — add it to the \(app.name) target's Copy Bundle Resources (\(app.project))",
                file: asset.file)
        }
        return notFound(name, app: app)
    }

    private func notFound(_ name: String, app: TargetLayout) -> Resolved {
        if let site = layout.runtimeSoundFolders.first {
            return Resolved(
                app: app, outcome: .unchecked,
                findings: [
                    Rule.runtimeSounds.finding(
                        "'\(name)' is not in the \(app.name) app or the repository; the code puts sounds in Library/Sounds at run time (\(site)), where it may be"
                    )
                ])
        }
        let (stem, _) = SoundNames.stem(name)
        let near = app.entries.filter { !$0.bundlePath.contains("/") && $0.exists }
            .map(\.bundlePath)
            .filter { SoundNames.distance(SoundNames.stem($0).stem.lowercased(), stem.lowercased()) <= 2 }
        var message =
            "no sound named '\(name)' in the \(app.name) app's bundle or anywhere in the repository: iOS plays the default sound"
        if !near.isEmpty {
            message += "; did you mean " + near.prefix(3).map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        return Resolved(app: app, outcome: .fails, findings: [Rule.nameNotFound.finding(message)])
    }

    private func fail(_ app: TargetLayout, _ rule: Rule, _ message: String, file: String? = nil) -> Resolved {
        Resolved(app: app, file: file, outcome: .fails, findings: [rule.finding(message, .error)])
    }

    /// Routes that make web content or assets, never a native resource.
    static let assetRoutes: Set<BundleRoute> = [.flutterAsset, .webAsset, .androidAsset]

    /// Bundles inside or beside an app that are not its main bundle.
    static func isOtherBundle(_ kind: TargetKind) -> Bool {
        switch kind {
        case .appExtension, .watchApp, .framework, .resourceBundle: true
        case .application, .other: false
        }
    }

    /// How an entry got where it is, in words.
    static func how(_ route: BundleRoute) -> String {
        switch route {
        case .folderReference: "a folder reference"
        case .variantGroup: "a localized copy"
        case .copyFiles: "a copy-files phase's subfolder"
        case .synchronizedFolder: "a synchronized folder copied as a whole"
        case .flutterAsset: "a Flutter asset"
        case .webAsset: "web content"
        case .androidAsset: "an Android asset"
        case .assetCatalog: "an asset catalog"
        case .resources, .plugin, .androidRaw: "a resource"
        }
    }

    /// A target's kind in words.
    static func kind(_ kind: TargetKind) -> String {
        switch kind {
        case .application: "an app"
        case .appExtension(let point): point.map { "an app extension, \($0)" } ?? "an app extension"
        case .watchApp: "a watch app"
        case .framework: "a framework"
        case .resourceBundle: "a resource bundle"
        case .other(let word): word
        }
    }
}

/// One name's resolution on one platform, before the sound rules run on the file.
struct Resolved {
    var app: TargetLayout? = nil
    var file: String? = nil
    /// The files the name resolves to in the other apps it was looked up in.
    var others: [String] = []
    var outcome: ReferenceVerdict.Outcome
    var findings: [Finding] = []
}
