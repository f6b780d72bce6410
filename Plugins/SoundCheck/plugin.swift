import Foundation
import PackagePlugin

/// Checks a target's notification sounds with `soundkit check` as part of its build: each finding is printed as
/// `path: error: …` (or `warning:`), which SwiftPM and Xcode show as diagnostics, and an error fails the build.
/// Apply it to a target with `plugins: [.plugin(name: "SoundCheck", package: "soundkit")]`; the target's files
/// whose extension is a sound's (resources included) are checked, again whenever one of them changes.
@main
struct SoundCheck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            sounds: target.sourceFiles.map(\.url), name: target.name,
            tool: context.tool(named: "soundkit").url, workDirectory: context.pluginWorkDirectoryURL)
    }

    /// What `soundkit check` is given: the extensions of the files it reads as sounds.
    static let extensions: Set<String> = ["caf", "aif", "aiff", "aifc", "wav", "m4a", "m4r", "mp3"]

    /// One build command that checks `sounds` and, when none has an error, writes a Swift file holding only a
    /// comment. The file is the command's output: a generated source, so the build runs the command before it
    /// compiles the target and again only when a sound changes.
    static func commands(sounds all: [URL], name: String, tool: URL, workDirectory: URL) -> [Command] {
        let sounds = all.flatMap(files).filter { extensions.contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }
        guard !sounds.isEmpty else { return [] }
        let output = workDirectory.appendingPathComponent("SoundCheck.swift")
        // sh -c SCRIPT soundkit OUTPUT SOUND...: the status is soundkit's; the output appears only on success.
        let script = """
            out=$1; shift; rm -f "$out"
            "$0" check --format text "$@" || exit $?
            printf '// soundkit check found no error in %s sound(s).\\n' "$#" > "$out"
            """
        return [
            .buildCommand(
                displayName: "soundkit check: \(sounds.count) sound(s) of \(name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, tool.path, output.path] + sounds.map(\.path),
                inputFiles: sounds + [tool], outputFiles: [output])
        ]
    }

    /// The files in `url` and below when it is a folder (a `.copy` resource is one), else `url`.
    static func files(_ url: URL) -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
            let walk = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        else { return [url] }
        return walk.compactMap { $0 as? URL }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension SoundCheck: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try Self.commands(
                sounds: target.inputFiles.map(\.url), name: target.displayName,
                tool: context.tool(named: "soundkit").url, workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif
