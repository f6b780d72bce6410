/// `attachment-type`.
enum AttachmentTypeRule: RuleDeclaration {
    static let rule = Rule.attachmentType
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.error, .warning]
    static let summary =
        "Braze's ab.att.type (or REST apple_push.asset_file_type, beside asset_url) missing or not a suffix UNNotificationAttachment accepts, or a URL saved under its own suffix (FCM, OneSignal) with none iOS recognises or one it refuses (webp, heic, svg); a URL suffix that disagrees with Braze's type is a warning"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .payload(
                #"{"aps":{"alert":"Photo","mutable-content":1},"ab":{"att":{"url":"https://example.com/a","type":"exe"}}}"#
            ),
            .payload(
                #"{"messages":{"apple_push":{"alert":"Photo","asset_url":"https://example.com/a.webp","asset_file_type":"webp"}}}"#,
                provider: .brazeREST),
            .payload(
                #"{"messages":{"apple_push":{"alert":"Photo","asset_url":"https://example.com/a.png"}}}"#,
                provider: .brazeREST),
        ],
        nonTriggering: [
            .payload(
                #"{"aps":{"alert":"Photo","mutable-content":1},"ab":{"att":{"url":"https://example.com/a.png","type":"png"}}}"#
            ),
            .payload(
                #"{"messages":{"apple_push":{"alert":"Photo","asset_url":"https://example.com/a.png","asset_file_type":"png"}}}"#,
                provider: .brazeREST),
        ])
}
