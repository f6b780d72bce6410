import SoundKitIO
import SoundKitNotifications

/// A name resolved as Android resolves it, from a checkout: a `res/raw` resource of the app module (its source sets
/// and the library modules it merges), named without its extension; and when there is none, why.
struct AndroidNames {
    var layout: CheckoutLayout

    /// The resource name a reference means, and what is wrong with how it is written, before looking it up.
    func resourceName(_ name: String, _ reference: SoundReference) -> (name: String, findings: [Finding]) {
        switch reference.form {
        case .resourceURI:
            let last = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
            let (stem, ext) = SoundNames.stem(last)
            guard !ext.isEmpty else { return (last, []) }
            return (
                stem,
                [
                    Rule.androidURI.finding(
                        "'\(name)' names raw/\(last) with its extension: resource names have none, so the URI names no resource and the sound is silent — write …/raw/\(stem)"
                    )
                ]
            )
        case .resourceID:
            return (
                name,
                [
                    Rule.androidIDURI.finding(
                        "the sound URI is built from the resource id of raw/\(name): a channel keeps its URI across updates, and an update that renumbers resources points it at another resource or none — build it by name, \"android.resource://\" + packageName + \"/raw/\(name)\""
                    )
                ]
            )
        case .rawName:
            let (stem, ext) = SoundNames.stem(name)
            guard !ext.isEmpty else { return (name, []) }
            return (
                stem,
                [
                    Rule.nameNotFound.finding(
                        "'\(name)' is looked up as a raw resource name, which has no extension: Android finds no resource '\(name)' — write '\(stem)'"
                    )
                ]
            )
        case .rawNameExtensionStripped, .fileName, .subpath:
            return (SoundNames.stem(SoundNames.fileName(name)).stem, [])
        }
    }

    /// The resolution of `name` (a literal) passed at `reference`.
    func resolve(_ name: String, _ reference: SoundReference) -> Resolved {
        let apps = layout.apps(.android, nearest: reference.site.path)
        guard let app = apps.first else { return Resolved(outcome: .unchecked) }
        let (resource, written) = resourceName(name, reference)
        let failsAsWritten = written.contains { $0.severity == .error }
        for candidate in apps {
            if let hit = candidate.entries.first(where: { Self.isRaw($0, resource) && $0.exists }) {
                return Resolved(
                    app: candidate, file: hit.file, outcome: failsAsWritten ? .fails : .plays, findings: written)
            }
        }
        var missed = self.missed(resource, app: app)
        missed.findings = written + missed.findings.filter { _ in !failsAsWritten }
        return missed
    }

    static func isRaw(_ entry: BundleEntry, _ resource: String) -> Bool {
        (entry.route == .androidRaw || entry.route == .plugin) && entry.bundlePath.hasPrefix("raw/")
            && SoundNames.stem(String(entry.bundlePath.dropFirst(4))).stem == resource
    }

    private func missed(_ resource: String, app: TargetLayout) -> Resolved {
        let raws = app.entries.filter { $0.route == .androidRaw && $0.exists }
        if let other = raws.first(where: {
            SoundNames.stem(SoundNames.fileName($0.bundlePath)).stem.lowercased() == resource.lowercased()
        }) {
            return fail(
                app, .nameNotFound,
                "'\(resource)' differs in case from \(other.bundlePath) in \(app.name): resource names are matched exactly (and must be lowercase) — rename the file and the name to lowercase",
                file: other.file)
        }
        let sameStem: (String) -> Bool = { SoundNames.stem(SoundNames.fileName($0)).stem == resource }
        let assets = layout.targets.flatMap(\.entries).filter {
            [.flutterAsset, .webAsset, .androidAsset].contains($0.route) && sameStem($0.bundlePath)
        }
        if let asset = assets.first {
            return fail(
                app, .notAResource,
                "'\(resource)' is only \(AppleNames.how(asset.route)) (\(asset.file)), not a res/raw resource: Android finds no sound and plays the default or none — move it to \(Self.rawFolder(of: app))",
                file: asset.file)
        }
        let rawFiles = Set(layout.targets.flatMap(\.entries).filter { $0.route == .androidRaw }.map(\.file))
        if let loose = layout.audioFiles.first(where: { sameStem($0) && !rawFiles.contains($0) }) {
            return fail(
                app, .notAResource,
                "'\(resource)' is in the repository (\(loose)) but not in a res/raw folder of \(app.name): Android finds no resource — move it to \(Self.rawFolder(of: app))",
                file: loose)
        }
        let near = raws.map { SoundNames.stem(SoundNames.fileName($0.bundlePath)).stem }
            .filter { SoundNames.distance($0, resource.lowercased()) <= 2 }
        var message =
            "no raw resource '\(resource)' in \(app.name) or the modules it merges: Android plays the default sound or none"
        if !near.isEmpty {
            message += "; did you mean " + near.prefix(3).map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        return fail(app, .nameNotFound, message)
    }

    /// Where the app module keeps its raw resources: `android/app/src/main/res/raw/`.
    static func rawFolder(of app: TargetLayout) -> String {
        if let raw = app.entries.first(where: { $0.route == .androidRaw }) {
            return FileSystem.directory(of: raw.file) + "/"
        }
        return FileSystem.join(app.project, "src/main/res/raw") + "/"
    }

    private func fail(_ app: TargetLayout, _ rule: Rule, _ message: String, file: String? = nil) -> Resolved {
        Resolved(app: app, file: file, outcome: .fails, findings: [rule.finding(message, .error)])
    }
}
