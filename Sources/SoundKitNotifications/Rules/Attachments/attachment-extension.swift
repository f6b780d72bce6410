/// `attachment-extension`.
enum AttachmentExtensionRule: RuleDeclaration {
    static let rule = Rule.attachmentExtension
    static let family = Rule.Family.attachments
    static let severities: [Severity] = [.warning, .note]
    static let summary =
        "an attachment's name disagrees with its content: another type (warning), or another format of the same type (note)"
    static let basis = Rule.Basis.documentation
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(.attachment("photo.png"), .bytes("photo.png", ExampleFile.jpegHead)),
            .tree(.attachment("chime.mp3"), .sound("chime.mp3", .wav)),
        ],
        nonTriggering: [
            .tree(.attachment("photo.jpg"), .bytes("photo.jpg", ExampleFile.jpegHead)),
            .tree(.attachment("chime.mp3"), .sound("chime.mp3", .mp3)),
        ])
}
