/// `clipping`.
enum ClippingDeclaration: RuleDeclaration {
    static let rule = Rule.clipping
    static let family = Rule.Family.sounds
    static let severities: [Severity] = [.warning, .note]
    static let summary =
        "a true peak above 0 dBTP: it distorts between samples when played (a note when loudness cannot be measured)"
    static let basis = Rule.Basis.advice
    static let citation: String? = nil
    static let examples = RuleExamples(
        triggering: [
            .described(
                #"a full-scale square wave: ffmpeg -f lavfi -i "aevalsrc=if(lt(mod(t*441\,1)\,0.5)\,1\,-1):d=1" square.wav"#
            )
        ],
        nonTriggering: [
            .described(#"ffmpeg -f lavfi -i sine=d=1 -af volume=-6dB soft.wav"#)
        ])
}
