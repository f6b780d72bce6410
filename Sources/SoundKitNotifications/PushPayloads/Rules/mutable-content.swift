/// `mutable-content`.
enum MutableContentRule: RuleDeclaration {
    static let rule = Rule.mutableContent
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "an attachment without aps.mutable-content as the number 1 (a warning for FCM's notification.image, for true or \"1\", or when no attachment is named)"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(#"{"aps":{"alert":"Photo"},"ab":{"att":{"url":"https://example.com/a.jpg","type":"jpg"}}}"#)
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"alert":"Photo","mutable-content":1},"ab":{"att":{"url":"https://example.com/a.jpg","type":"jpg"}}}"#
            )
        ])

    /// `mutable-content` (at `path`): the number 1 when an attachment is named. `true` and `"1"`, which senders send
    /// and Apple does not document, are warnings; any other value is an error with an attachment, a warning without.
    static func check(
        _ mutable: JSONValue?, named: [AttachmentPayload.Named], at path: [String], into notes: inout PayloadNotes
    ) {
        let apsName = PayloadChecker.dotted(path.dropLast())
        let p = PayloadChecker.dotted(path)
        guard let worst = named.map(\.mutableContentSeverity).max() else {
            if let m = mutable, m != .number("1"), m != .number("0") {
                notes.add(
                    .mutableContent,
                    "\(p) is \(m.typeName); APNs expects the number 1 (or 0), and the notification service extension runs only for 1",
                    .warning, at: path)
            }
            return
        }
        let names = named.map(\.label).joined(separator: " and ")
        switch mutable {
        case .number("1")?: break
        case nil:
            notes.add(
                .mutableContent,
                "\(names) names an attachment but \(apsName) has no \"mutable-content\": 1, so the notification service extension never runs and iOS shows the plain notification\(worst == .warning ? " (if the message reaches Apple devices)" : "")",
                worst, at: path)
        case .bool(true)?, .string("1")?:
            notes.add(
                .mutableContent,
                "\(p) is \(mutable?.typeName ?? ""); APNs documents the number 1 for the notification service extension to download \(names) — send 1",
                .warning, at: path)
        case let other?:
            notes.add(
                .mutableContent,
                "\(p) is \(other.typeName); it must be the number 1 for the notification service extension to download \(names)",
                worst, at: path)
        }
    }
}
