import Foundation
import Testing

/// What a test needs beyond the code under test. Tags group the tests in Xcode's navigator and in test plans; the
/// traits beside them (``Testing/Trait/needs(_:)``, ``Testing/Trait/notQuick``) decide, from what is installed and
/// from `SOUNDKIT_TESTS`, which of them run — `swift test` on the command line cannot select by tag.
extension Tag {
    /// Compares soundkit with a reference tool: ffmpeg and ffprobe, sox, sndfile-programs or libebur128.
    @Tag public static var oracle: Self
    /// Runs the built `soundkit` in a process of its own: exit by signal, pipes, a terminal, limits, the binary
    /// users install. `scripts/test --binary` runs these against the release build.
    @Tag public static var binary: Self
    /// Drives headless Chromium.
    @Tag public static var browser: Self
    /// Builds another package, or runs for tens of seconds: `scripts/test` runs it, `scripts/test --quick` does not.
    @Tag public static var slow: Self
}

/// Which tests a run asks for, from `SOUNDKIT_TESTS`: `quick` leaves out the ``Testing/Tag/slow`` ones; `ci` (what
/// `scripts/test` runs) leaves out only the builds of packages that depend on soundkit; anything else, or nothing,
/// runs them all.
public enum TestRun {
    public static let quick = ProcessInfo.processInfo.environment["SOUNDKIT_TESTS"] == "quick"
    public static let ci = ProcessInfo.processInfo.environment["SOUNDKIT_TESTS"] == "ci"

    /// A heavy property test's workload: `full` in `scripts/test`, `quick` in `scripts/test --quick`, so that the
    /// loop runs the test's every assertion on less input and the full run keeps the size that found its bugs.
    public static func size(quick: Int, full: Int) -> Int { Self.quick ? quick : full }

    /// The cases of an exhaustive matrix a run checks in row `row`: every one in `scripts/test`, and in the quick
    /// loop one in `every`, rotated by the row, so that each row and each column is still checked, on fewer pairs.
    public static func subset<T>(_ items: [T], row: Int, every: Int) -> [T] {
        guard quick, every > 1 else { return items }
        return items.enumerated().filter { ($0.offset + row) % every == 0 }.map(\.element)
    }

    /// Whether every one of `programs` is on `PATH`.
    public static func installed(_ programs: [String]) -> Bool {
        programs.allSatisfy { (try? Tool.which($0)) != nil }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs only where every one of `programs` is installed; elsewhere the test is skipped, saying which is missing.
    public static func needs(_ programs: String...) -> Self {
        .enabled(
            if: TestRun.installed(programs),
            Comment(rawValue: "needs \(programs.joined(separator: ", ")) on PATH (scripts/setup installs them)"))
    }

    /// Left out of `scripts/test --quick` (`SOUNDKIT_TESTS=quick`), with that said; `scripts/test` runs it.
    public static var notQuick: Self {
        .disabled(if: TestRun.quick, "slow: scripts/test runs it, scripts/test --quick does not")
    }

    /// Builds a package that depends on soundkit from nothing (SwiftPM compiles soundkit again for each consumer, in
    /// its own scratch folder): minutes of CPU each. `scripts/test --dependents` runs these; CI's `scripts/test` and
    /// the quick loop leave them out, saying so, and typecheck the dependents' sources against their own build
    /// instead (DependentSourcesTests).
    public static var dependentPackage: Self {
        .disabled(
            if: TestRun.quick || TestRun.ci,
            "builds a dependent package from nothing: scripts/test --dependents runs it, CI and --quick do not")
    }
}
