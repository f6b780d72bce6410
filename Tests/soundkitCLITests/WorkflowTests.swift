import Foundation
import Testing

/// `.github/workflows/ci.yml` cannot run here; what can be checked is that GitHub would accept it (its schema, read
/// by check-jsonschema from PyPI, which scripts/setup installs) and that it runs what the README says it runs.
@Suite("The GitHub workflow")
struct WorkflowTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let workflow = root.appendingPathComponent(".github/workflows/ci.yml")

    /// check-jsonschema's module, which `pip install --user` puts where `python3` finds it (its script may not be on
    /// PATH).
    static let installed = (try? Tool.run("python3", ["-c", "import check_jsonschema"]))?.status == 0

    static func validate(_ file: URL) throws -> Tool.Result {
        try Tool.run("python3", ["-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", file.path])
    }

    @Test(
        "ci.yml validates against GitHub's workflow schema",
        .enabled(if: installed, "check-jsonschema is not installed (scripts/setup installs it from PyPI)"))
    func schema() throws {
        let r = try Self.validate(Self.workflow)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        // The validator itself refuses what GitHub refuses: a job without runs-on.
        let broken = try temporaryDirectory().appendingPathComponent("broken.yml")
        try Data("on: push\njobs:\n  a:\n    steps:\n      - run: echo hi\n".utf8).write(to: broken)
        let refused = try Self.validate(broken)
        #expect(refused.status != 0, "a job without runs-on passed: \(refused.stdout)")
    }

    @Test(
        "a Linux and a macOS job run the quick tests; macOS builds the plugin's demo and runs the binary suite; a job builds the dependent packages"
    )
    func jobs() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        let jobs = text.components(separatedBy: "\n  macos:")
        #expect(jobs.count == 2, "no macos job")
        let (linux, rest) = (jobs[0], jobs.count == 2 ? jobs[1] : "")
        let tail = rest.components(separatedBy: "\n  dependents:")
        #expect(tail.count == 2, "no dependents job")
        let (macos, dependents) = (tail[0], tail.count == 2 ? tail[1] : "")
        #expect(dependents.contains("runs-on: ubuntu-") && dependents.contains("scripts/setup"))
        #expect(dependents.contains("scripts/test --dependents"))
        #expect(linux.contains("runs-on: ubuntu-") && linux.contains("scripts/setup"))
        #expect(linux.contains("scripts/test --quick"))
        #expect(macos.contains("runs-on: macos-") && macos.contains("scripts/setup"))
        #expect(macos.contains("scripts/test --quick") && macos.contains("scripts/test --binary"))
        #expect(macos.contains("--package-path Examples/SoundCheckDemo"))
    }
}
