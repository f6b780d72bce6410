import SoundKit
import SoundKitIO
import SoundKitNotifications

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// MARK: The report formats CI tools read: SARIF, JUnit, checkstyle, GitLab Code Quality, Markdown

/// One finding with the file it is about, in the order a report lists them, and the path CI tools want: relative to
/// the current folder when the file lies under it.
struct ListedFinding {
    var path: String
    var relative: String?
    var finding: Finding

    /// Every finding of `report` (messages as the command line says them), file by file.
    static func all(_ report: CheckReport) -> [ListedFinding] {
        let base = FileSystem.workingDirectory
        return report.rendered().files.flatMap { f in
            f.findings.map { ListedFinding(path: f.path, relative: FileSystem.shown(f.path, under: base), finding: $0) }
        }
    }

    /// The path to show: relative when it can be, as given otherwise.
    var shownPath: String { relative ?? path }

    /// A fingerprint that stays while the file, rule and message stay (lines may move): FNV-1a, 64 bits, in hex.
    var fingerprint: String {
        FNV1a.hex([finding.rule.id, shownPath, finding.message].joined(separator: "\u{0}"))
    }
}

/// `s` as a URI path: unreserved characters and `/` as they are, every other byte percent-encoded.
func uriPath(_ s: String) -> String {
    let hex = Array("0123456789ABCDEF")
    var out = ""
    for b in s.utf8 {
        let c = Character(Unicode.Scalar(b))
        if b < 0x80 && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
            out.append(c)
        } else {
            out += "%" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
        }
    }
    return out
}

/// `s` escaped for an XML attribute or text.
func xmlEscaped(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        case "\t": out += "&#9;"
        // XML 1.0 allows no other control characters, even escaped.
        case _ where u.value < 0x20 || u.value == 0xFFFE || u.value == 0xFFFF: out += "\u{FFFD}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

/// `s` in a Markdown table cell: pipes escaped, lines joined.
func markdownCell(_ s: String) -> String {
    s.replacingAll("\\", "\\\\").replacingAll("|", "\\|").replacingAll("\r", " ").replacingAll("\n", " ")
}

// MARK: SARIF 2.1.0

/// A SARIF 2.1.0 log of one run: the rule table as the driver's rules, one result per finding.
struct SARIFLog: Encodable {
    static let informationURI = "https://github.com/soundkit/soundkit"
    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    struct Run: Encodable {
        var tool: Tool
        var originalUriBaseIds: [String: ArtifactLocation]?
        var columnKind = "unicodeCodePoints"
        var results: [Result]
    }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name = "soundkit"
        var version = SoundKitVersion.string
        var informationUri = SARIFLog.informationURI
        var rules: [RuleDescriptor]
    }
    struct Text: Encodable { var text: String }
    struct RuleDescriptor: Encodable {
        var id: String
        var shortDescription: Text
        var help: Text
        var defaultConfiguration: Configuration
        var properties: [String: [String]]
    }
    struct Configuration: Encodable { var level: String }
    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }
    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
    }

    /// The base the relative URIs name.
    static let base = "SRCROOT"

    init(_ report: CheckReport) {
        let rules = Rule.allCases.map { r in
            RuleDescriptor(
                id: r.id, shortDescription: Text(text: r.summary), help: Text(text: r.helpText),
                defaultConfiguration: Configuration(level: r.severity.rawValue),
                properties: ["severities": r.severities.map(\.rawValue)])
        }
        let results = ListedFinding.all(report).map { l in
            let f = l.finding
            let location =
                l.relative.map { ArtifactLocation(uri: uriPath($0), uriBaseId: Self.base) }
                ?? ArtifactLocation(uri: l.path.hasPrefix("/") ? "file://" + uriPath(l.path) : uriPath(l.path))
            return Result(
                ruleId: f.rule.id, ruleIndex: Rule.allCases.firstIndex(of: f.rule) ?? 0, level: f.severity.rawValue,
                message: Text(text: f.message),
                locations: [
                    Location(
                        physicalLocation: PhysicalLocation(
                            artifactLocation: location,
                            region: f.line.map { Region(startLine: $0, startColumn: f.column) }))
                ],
                partialFingerprints: ["soundkit/v1": l.fingerprint])
        }
        let bases = FileSystem.workingDirectory.map {
            [Self.base: ArtifactLocation(uri: "file://" + uriPath($0 + "/"))]
        }
        runs = [Run(tool: Tool(driver: Driver(rules: rules)), originalUriBaseIds: bases, results: results)]
    }
}

extension Rule {
    /// The rule's help in reports: what it finds, the severities it takes, and what its severity rests on.
    var helpText: String {
        "\(summary). Severities: \(severities.map(\.rawValue).joined(separator: ", ")). \(basis.sentence)"
    }
}

// MARK: GitLab Code Quality

/// One entry of a GitLab Code Quality report.
struct GitLabIssue: Encodable {
    var description: String
    var checkName: String
    var fingerprint: String
    var severity: String
    var location: Location

    enum CodingKeys: String, CodingKey {
        case description, fingerprint, severity, location
        case checkName = "check_name"
    }

    struct Location: Encodable {
        var path: String
        var lines: Lines
    }
    struct Lines: Encodable { var begin: Int }

    /// One entry per finding; a finding without a line is on line 1. Fingerprints are unique within the report.
    static func all(_ report: CheckReport) -> [GitLabIssue] {
        var seen: [String: Int] = [:]
        return ListedFinding.all(report).map { l in
            let f = l.finding
            var key = l.fingerprint + "\u{0}\(f.line ?? 0):\(f.column ?? 0)"
            let n = seen[key, default: 0]
            seen[key] = n + 1
            if n > 0 { key += "\u{0}\(n)" }
            let severity =
                switch f.severity {
                case .error: "critical"
                case .warning: "minor"
                case .note: "info"
                }
            return GitLabIssue(
                description: f.message, checkName: f.rule.id, fingerprint: FNV1a.hex(key), severity: severity,
                location: Location(path: l.shownPath, lines: Lines(begin: f.line ?? 1)))
        }
    }
}

// MARK: JUnit, checkstyle, Markdown

extension CheckReport {
    /// JUnit XML: one test case per file checked, a failure per error; warnings and notes as the case's output.
    func junitXML(command: String) -> String {
        let base = FileSystem.workingDirectory
        let files = rendered().files
        let failures = files.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="soundkit" tests="\#(files.count)" failures="\#(failures)" errors="0">"#,
            #"  <testsuite name="soundkit \#(command)" tests="\#(files.count)" failures="\#(failures)" errors="0">"#,
        ]
        for f in files {
            let name = xmlEscaped(FileSystem.shown(f.path, under: base) ?? f.path)
            let errors = f.findings.filter { $0.severity == .error }
            let others = f.findings.filter { $0.severity != .error }
            if errors.isEmpty && others.isEmpty {
                lines.append(#"    <testcase name="\#(name)" classname="soundkit.\#(command)"/>"#)
                continue
            }
            lines.append(#"    <testcase name="\#(name)" classname="soundkit.\#(command)">"#)
            for e in errors {
                let text = xmlEscaped("\(f.path)\(e.positionSuffix): \(e.message) [\(e.rule)]")
                lines.append(
                    #"      <failure message="\#(xmlEscaped(e.message))" type="\#(e.rule)">\#(text)</failure>"#)
            }
            if !others.isEmpty {
                let text = others.map {
                    "\(f.path)\($0.positionSuffix): \($0.severity.rawValue): \($0.message) [\($0.rule)]"
                }
                lines.append("      <system-out>\(xmlEscaped(text.joined(separator: "\n")))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n")
    }

    /// Checkstyle XML: `<file name>` per file with findings, `<error line column severity message source>` in it
    /// (line 1 for a finding without a position; notes as `info`).
    func checkstyleXML() -> String {
        let base = FileSystem.workingDirectory
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<checkstyle version="4.3">"#]
        for f in rendered().files where !f.findings.isEmpty {
            lines.append(#"  <file name="\#(xmlEscaped(FileSystem.shown(f.path, under: base) ?? f.path))">"#)
            for x in f.findings {
                let severity = x.severity == .note ? "info" : x.severity.rawValue
                let column = x.column.map { #" column="\#($0)""# } ?? ""
                lines.append(
                    #"    <error line="\#(x.line ?? 1)"\#(column) severity="\#(severity)" "#
                        + #"message="\#(xmlEscaped(x.message))" source="soundkit.\#(x.rule)"/>"#)
            }
            lines.append("  </file>")
        }
        lines.append("</checkstyle>")
        return lines.joined(separator: "\n")
    }

    /// A Markdown summary for a pull request or a workflow's step summary: counts, then a table of the findings,
    /// errors first.
    func markdown(command: String) -> String {
        let listed = ListedFinding.all(self).sorted { $0.finding.severity > $1.finding.severity }
        var lines = [
            "### soundkit \(command)", "",
            "\(files.count) file\(files.count == 1 ? "" : "s") checked: \(errorCount) error\(errorCount == 1 ? "" : "s"), "
                + "\(warningCount) warning\(warningCount == 1 ? "" : "s")",
        ]
        guard !listed.isEmpty else { return lines.joined(separator: "\n") }
        lines += ["", "| file | line | severity | rule | message |", "|---|---|---|---|---|"]
        for l in listed {
            let f = l.finding
            let position = f.line.map { "\($0)" + (f.column.map { ":\($0)" } ?? "") } ?? ""
            lines.append(
                "| \(markdownCell(l.shownPath)) | \(position) | \(f.severity.rawValue) | `\(f.rule)` | "
                    + "\(markdownCell(f.message)) |")
        }
        return lines.joined(separator: "\n")
    }
}
