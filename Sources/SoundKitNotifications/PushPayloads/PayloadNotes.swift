/// Findings on a payload, each placed where the part it is about starts.
struct PayloadNotes {
    let positions: JSONPositions
    var findings: [Finding] = []

    /// A finding about the value at `path` (the payload itself when empty; its subject otherwise), placed at that
    /// value or, when it is missing, at the nearest part of the path that is there; `atKey` places it on the member's
    /// name instead.
    mutating func add(
        _ rule: Rule, _ message: String, _ severity: Severity? = nil, at path: [String], atKey: Bool = false
    ) {
        let subject = path.isEmpty ? nil : PayloadChecker.dotted(path)
        place(rule.finding(message, severity, subject: subject), at: path, atKey: atKey)
    }

    /// `finding` about the value at `subject`, which becomes its subject, placed at that value.
    mutating func place(_ finding: Finding, subject: [String]) {
        var f = finding
        f.subject = PayloadChecker.dotted(subject)
        place(f, at: subject)
    }

    /// `finding`, placed at the value at `path` (or its key).
    mutating func place(_ finding: Finding, at path: [String], atKey: Bool = false) {
        var f = finding
        let p = (atKey ? positions.key(at: path) : nil) ?? positions.value(at: path)
        f.line = p.line
        f.column = p.column
        findings.append(f)
    }
}
