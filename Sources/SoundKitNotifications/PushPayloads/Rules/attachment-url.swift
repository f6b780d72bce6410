/// `attachment-url`.
enum AttachmentURLRule: RuleDeclaration {
    static let rule = Rule.attachmentURL
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "an attachment URL (Braze's, FCM's image, OneSignal's ios_attachments) that is not absolute https; plain http is a warning (App Transport Security), with --bundle an error unless a service extension's NSAppTransportSecurity allows the host"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(
                #"{"aps":{"alert":"Photo","mutable-content":1},"ab":{"att":{"url":"ftp://example.com/a.jpg","type":"jpg"}}}"#
            ),
            .payload(#"{"app_id":"x","ios_attachments":{"id1":"file:///tmp/a.jpg"}}"#),
            .payload(
                #"{"messages":{"apple_push":{"alert":"Photo","asset_url":"notaurl","asset_file_type":"jpg"}}}"#,
                provider: .brazeREST),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"alert":"Photo","mutable-content":1},"ab":{"att":{"url":"https://example.com/a.jpg","type":"jpg"}}}"#
            ),
            .payload(
                #"{"messages":{"apple_push":{"alert":"Photo","asset_url":"https://example.com/a.jpg","asset_file_type":"jpg"}}}"#,
                provider: .brazeREST),
        ])
}
