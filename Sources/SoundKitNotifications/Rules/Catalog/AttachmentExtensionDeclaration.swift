/// `attachment-extension`.
enum AttachmentExtensionDeclaration: RuleDeclaration {
    static let rule = Rule.attachmentExtension
    static let family = Rule.Family.attachments
    static let severities: [Severity] = [.warning, .note]
    static let summary =
        "an attachment's name disagrees with its content: another type (warning), or another format of the same type (note)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"soundkit check --attachment photo.png, where photo.png holds a JPEG (a note) or an MP3 (a warning)"#)
        ],
        nonTriggering: [
            .described(#"soundkit check --attachment photo.jpg holding a JPEG"#)
        ])
}
