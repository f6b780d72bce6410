@_spi(SoundKitServe) import SoundKitNotifications

/// A libFuzzer target (Fuzz/, built by scripts/fuzz): a config's bytes through the bounds, libyaml's events and the reader, and
/// the configuration read applied to a report. It must never trap, loop without end or exhaust the stack or memory.
package func fuzzConfiguration(_ bytes: [UInt8]) {
    var config = CheckConfiguration(file: ".soundkit.yml", folder: "/project", cwd: "/project")
    guard (try? ConfigurationFile.parse(bytes, into: &config)) != nil else { return }
    let finding = Rule.duration.finding("fuzz")
    let report = CheckReport(files: [
        FileReport(path: "Sounds/raw/alarm-1.caf", findings: [finding]),
        FileReport(path: "/elsewhere/a.caf", findings: [finding]),
    ])
    _ = config.applied(to: report)
}
