import Foundation
import PackagePlugin

/// `swift package check-sounds [--target NAME]... [soundkit check options]`: checks the sounds in a package's
/// targets (resources included) with `soundkit check`, and fails when any has an error.
@main
struct CheckSounds: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let folders = targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }
        guard !folders.isEmpty else {
            Diagnostics.warning("no source targets to check")
            return
        }
        let tool = try context.tool(named: "soundkit")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + extractor.remainingArguments + folders
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("soundkit check found notification sounds that iOS will not play")
            throw CheckFailed()
        }
    }

    struct CheckFailed: Error, CustomStringConvertible {
        var description: String { "soundkit check failed" }
    }
}
