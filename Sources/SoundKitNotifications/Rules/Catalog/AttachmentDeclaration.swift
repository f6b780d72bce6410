/// `attachment`.
enum AttachmentDeclaration: RuleDeclaration {
    static let rule = Rule.attachment
    static let family = Rule.Family.attachments
    static let severities: [Severity] = [.error]
    static let summary =
        "an attachment file iOS refuses: not audio, image or movie by its bytes (CAF, WebP, HEIC, an HTML page), or over its size limit"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(#"soundkit check --attachment page.jpg, where page.jpg is an HTML error page"#)
        ],
        nonTriggering: [
            .described(#"soundkit check --attachment photo.jpg, a JPEG under 10 MB"#)
        ])
}
