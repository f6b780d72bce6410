/// `fix`.
enum FixRule: RuleDeclaration {
    static let rule = Rule.fix
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.note, .error]
    static let summary = "what --fix wrote (note), or why a sound could not be mended by converting (error)"
    static let basis = Rule.Basis.tool
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .tree(
                .check("long.caf", fix: "fixed"),
                .sound("long.caf", ExampleSound("long.caf", seconds: 30, sampleRate: 8000))),
            .tree(.check("chime.caf", fix: "fixed"), .sound("chime.caf", .noise)),
        ],
        nonTriggering: [
            .tree(.check("chime.caf", fix: "fixed"), .sound("chime.caf"))
        ])
}
