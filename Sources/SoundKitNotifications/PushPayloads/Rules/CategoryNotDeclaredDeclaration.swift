/// `category-not-declared`.
enum CategoryNotDeclaredDeclaration: RuleDeclaration {
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
}
