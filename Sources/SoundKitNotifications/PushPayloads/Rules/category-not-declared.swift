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
            .tree(
                .payload("invite.json", bundle: "Demo.app"),
                .text("invite.json", #"{"aps":{"alert":"Play?","sound":"default","category":"GAME_INVITATION"}}"#),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("Demo.app/PlugIns/Content.appex/Info.plist", ContentExtensionRule.template))
        ],
        nonTriggering: [
            .tree(
                .payload("invite.json", bundle: "Demo.app"),
                .text(
                    "invite.json", #"{"aps":{"alert":"Play?","sound":"default","category":"myNotificationCategory"}}"#),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist("Demo.app/PlugIns/Content.appex/Info.plist", ContentExtensionRule.template))
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
