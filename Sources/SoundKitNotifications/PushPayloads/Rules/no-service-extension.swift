/// `no-service-extension`.
enum NoServiceExtensionRule: RuleDeclaration {
    static let rule = Rule.noServiceExtension
    static let family = Rule.Family.payloads
    static let severities: [Severity] = [.warning]
    static let summary =
        "with --bundle: an attachment or mutable-content for an app without a notification service extension"
    static let basis = Rule.Basis.field
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .payload("photo.json", bundle: "Demo.app"),
                .text("photo.json", #"{"aps":{"alert":"New photo","mutable-content":1,"sound":"default"}}"#),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]))
        ],
        nonTriggering: [
            .tree(
                .payload("photo.json", bundle: "Demo.app"),
                .text("photo.json", #"{"aps":{"alert":"New photo","mutable-content":1,"sound":"default"}}"#),
                .plist("Demo.app/Info.plist", ["CFBundleIdentifier": "com.example.demo"]),
                .plist(
                    "Demo.app/PlugIns/Service.appex/Info.plist",
                    ServiceExtensionRule.service("com.example.demo.service")))
        ])

    /// `no-service-extension`: an attachment (or `mutable-content` 1) for an app with no notification service
    /// extension to download it; the finding's subject is the bundle.
    static func check(
        _ app: AttachmentPayload.AppExtensions, bundle: String, attachments: [AttachmentPayload.Named],
        mutable: JSONValue?, apsPath: [String], into notes: inout PayloadNotes
    ) {
        guard !attachments.isEmpty || mutable == .number("1"), !app.all.contains(where: { $0.kind == .service }) else {
            return
        }
        let what =
            attachments.isEmpty
            ? "sets \(PayloadChecker.dotted(apsPath)).mutable-content"
            : "names an attachment (\(attachments.map(\.label).joined(separator: ", ")))"
        notes.place(
            Rule.noServiceExtension.finding(
                "the payload \(what), but the app has no notification service extension (PlugIns/*.appex with NSExtensionPointIdentifier \(ExtensionChecker.servicePoint)), so nothing will download it\(app.unread)",
                subject: bundle),
            at: attachments.first?.path ?? apsPath + ["mutable-content"])
    }
}
