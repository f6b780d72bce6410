/// `category-not-declared`.
enum CategoryNotDeclaredRule: RuleDeclaration {
    static let rule = Rule.categoryNotDeclared
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.note]
    static let summary = "with --bundle: an aps.category that no content extension of the app declares"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"soundkit payload invite.json --bundle Demo.app, with aps.category GAME_INVITATION and no content extension declaring it"#
            )
        ],
        nonTriggering: [
            .described(#"the same with a content extension whose UNNotificationExtensionCategory is GAME_INVITATION"#)
        ])

    /// `category-not-declared`: an `aps.category` no content extension of the app declares.
    static func check(
        _ app: AttachmentPayload.AppExtensions, aps: JSONValue?, apsPath: [String], into notes: inout PayloadNotes
    ) {
        guard case .string(let category)? = aps?["category"] else { return }
        let declared = app.all.flatMap { e -> [String] in
            if case .content(let c) = e.kind { return c } else { return [] }
        }
        guard !declared.contains(category) else { return }
        let list =
            declared.isEmpty
            ? "no content extension declares any"
            : "declared: " + declared.map { "\"\($0)\"" }.joined(separator: ", ")
        notes.place(
            Rule.categoryNotDeclared.finding(
                "\(PayloadChecker.dotted(apsPath)).category \"\(category)\" is declared by no content extension of the app (\(list)), so the notification shows the standard interface — fine when the category only adds actions\(app.unread)"
            ), subject: apsPath + ["category"])
    }
}
