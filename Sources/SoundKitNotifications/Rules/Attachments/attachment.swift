/// `attachment`.
enum AttachmentRule: RuleDeclaration {
    static let rule = Rule.attachment
    static let family = Rule.Family.attachments
    static let severities: [Severity] = [.error]
    static let summary =
        "an attachment file iOS refuses: not audio, image or movie by its bytes (CAF, WebP, HEIC, an HTML page), or over its size limit"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .attachment("page.jpg"), .text("page.jpg", "<!DOCTYPE html>\n<html><body>404 Not Found</body></html>\n")
            ),
            .tree(.attachment("chime.caf"), .sound("chime.caf")),
        ],
        nonTriggering: [
            .tree(.attachment("photo.jpg"), .bytes("photo.jpg", ExampleFile.jpegHead)),
            .tree(.attachment("chime.wav"), .sound("chime.wav", .wav)),
        ])
}
