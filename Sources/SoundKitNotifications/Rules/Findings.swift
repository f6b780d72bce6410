import SoundKitContainers
import SoundKitIO

/// How bad a finding is. `--strict` turns warnings into errors; the exit status is 1 on any error.
public enum Severity: String, Codable, Sendable, Comparable {
    case note, warning, error

    /// Notes sort before warnings, warnings before errors.
    public static func < (a: Severity, b: Severity) -> Bool {
        let order: [Severity] = [.note, .warning, .error]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

/// One thing a rule found.
public struct Finding: Codable, Hashable, Sendable {
    /// How bad it is.
    public var severity: Severity
    /// The rule; JSON carries its id (`codec`, `duration`, …).
    public var rule: Rule
    /// What was found and what is allowed, in neutral words: no command and no path beyond what the user gave.
    public var message: String
    /// What the finding is about when that is not the file itself: a payload's key path (`aps.sound.volume`) or
    /// the sound file a payload's name resolved to.
    public var subject: String?
    /// What would mend it, as data (a front end says it as a command).
    public var remedy: Remedy?
    /// For a finding about part of a payload: the line (1-based) of the text as given where it starts.
    public var line: Int?
    /// For a finding about part of a payload: the column (1-based, in Unicode scalars) where it starts on ``line``.
    public var column: Int?
    /// For a finding about an app bundle's file: the Apple platform the bundle is built for (`ios`, `macos`,
    /// `watchos`, `visionos`).
    package var platform: String?

    /// A finding; checks make theirs with ``Rule/finding(_:_:subject:remedy:)``.
    package init(_ severity: Severity, _ rule: Rule, _ message: String, subject: String? = nil, remedy: Remedy? = nil) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.subject = subject
        self.remedy = remedy
    }
}

extension Finding {
    /// `:LINE:COLUMN` (or `:LINE`) when the finding has a position, or nothing.
    package var positionSuffix: String {
        guard let line else { return "" }
        return ":\(line)" + (column.map { ":\($0)" } ?? "")
    }
}

/// What the checker found in one file.
public struct FileReport: Codable, Hashable, Sendable {
    /// The file, as the user named it.
    public var path: String
    /// Its container (`CAF`, `WAVE`, …) when it could be read.
    public var container: String?
    /// Its data format (`ima4`, `LEI16`, …) when it could be read.
    public var format: String?
    package var sampleRate: Double?
    package var channels: Int?
    package var frames: Int64?
    package var duration: Double?
    /// For a push payload: the provider it was read as (given, or recognised by its shape); none for a sound, or a
    /// body of no shape soundkit knows.
    package var provider: PushProvider?
    /// What the rules found, errors first.
    public var findings: [Finding]

    /// What was found in a file that is not a sound (a payload, an Info.plist, an attachment): its kind and format
    /// as far as they are known.
    @_spi(SoundKitServe) public init(path: String, container: String? = nil, format: String? = nil, findings: [Finding])
    {
        self.path = path
        self.container = container
        self.format = format
        self.findings = findings
    }

    /// What was found in a sound, with the facts of its description (none when it could not be read).
    package init(path: String, description d: AudioFileDescription?, findings: [Finding]) {
        self.init(path: path, container: d?.container, format: d?.format, findings: findings)
        sampleRate = d?.sampleRate
        channels = d?.channels
        frames = d?.frames
        duration = d?.duration
    }

    /// Whether any finding is an error.
    public var hasErrors: Bool { findings.contains { $0.severity == .error } }
}

/// The checker's whole answer; `version` changes only when the shape does.
public struct CheckReport: Codable, Hashable, Sendable {
    /// The version of this document's shape; it changes only when the shape does.
    package var version = 1
    /// Every file checked, in order.
    public var files: [FileReport]
    /// For a repository checkout: the apps its projects build (absent for files, folders and bundles).
    package var apps: [CheckedApp]?
    /// For a repository checkout: every sound name its code, config and payloads pass to a notification API, and
    /// what became of it (absent for files, folders and bundles).
    package var references: [NamedSound]?

    /// The report of `files`, in the order given.
    @_spi(SoundKitServe) public init(files: [FileReport]) { self.files = files }

    /// The errors in all files.
    package var errorCount: Int { files.reduce(0) { $0 + $1.findings.filter { $0.severity == .error }.count } }
    /// The warnings in all files.
    package var warningCount: Int { files.reduce(0) { $0 + $1.findings.filter { $0.severity == .warning }.count } }
    /// Whether any file has an error.
    public var hasErrors: Bool { errorCount > 0 }

    /// Warnings become errors (`--strict`).
    package func strict() -> CheckReport {
        var r = self
        for i in r.files.indices {
            for j in r.files[i].findings.indices where r.files[i].findings[j].severity == .warning {
                r.files[i].findings[j].severity = .error
            }
        }
        return r
    }

    /// `PATH: error: MESSAGE [rule]` lines (`PATH:LINE:COLUMN: …` when the finding has a position), the form Xcode
    /// and CI log parsers read.
    package func textLines() -> [String] {
        files.flatMap { f in
            f.findings.map { "\(f.path)\($0.positionSuffix): \($0.severity.rawValue): \($0.message) [\($0.rule)]" }
        }
    }

    /// GitHub Actions workflow commands (`::error file=PATH::MESSAGE`), errors first, then warnings, then notes:
    /// GitHub shows only the first ten annotations of each kind a step writes.
    package func githubLines() -> [String] {
        let all = files.flatMap { f in f.findings.map { (path: f.path, finding: $0) } }
        return [Severity.error, .warning, .note].flatMap { s in
            all.filter { $0.finding.severity == s }.map { p, x in
                let kind = x.severity == .note ? "notice" : x.severity.rawValue
                let position = x.line.map { l in ",line=\(l)" + (x.column.map { ",col=\($0)" } ?? "") } ?? ""
                return "::\(kind) file=\(Self.escapeProperty(p))\(position),title=soundkit \(x.rule)::"
                    + Self.escapeData(x.message)
            }
        }
    }

    package static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    package static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    package func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    func range(of s: String) -> Range<Index>? {
        guard !s.isEmpty, count >= s.count else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(s) { return i..<index(i, offsetBy: s.count) }
            i = index(after: i)
        }
        return nil
    }
}
