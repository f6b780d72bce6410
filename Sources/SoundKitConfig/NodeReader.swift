import SoundKitNotifications

/// Reads the composed document into a ``CheckConfiguration``, key by key, refusing what it does not know.
struct NodeReader {
    var file: String

    func error(_ node: YAMLNode, _ message: String) -> ConfigurationError {
        ConfigurationError(file, at: node.mark, message)
    }

    func top(_ root: YAMLNode, into config: inout CheckConfiguration) throws(ConfigurationError) {
        for (key, value) in try mapping(root, "the config", allowed: ConfigurationFile.keys) {
            switch key.string ?? "" {
            case "rules": config.rules = try rules(value, "rules")
            case "excluded": config.excluded = try globs(value, "excluded")
            case "sounds": config.sounds = try globs(value, "sounds")
            case "overrides": config.overrides = try overrides(value)
            case "loudness": try loudness(value, into: &config)
            default: config.strict = try bool(value, "strict")
            }
        }
    }

    /// A mapping's pairs, each key a plain name among `allowed`; null is an empty mapping.
    func mapping(
        _ node: YAMLNode, _ what: String, allowed: [String]?
    ) throws(ConfigurationError) -> [(YAMLNode, YAMLNode)] {
        if node.isNull { return [] }
        guard case .mapping(let m) = node.kind else {
            throw error(node, "\(what) must be a mapping of keys to values, not \(describe(node))")
        }
        var pairs: [(YAMLNode, YAMLNode)] = []
        for (key, value) in m {
            guard case .scalar(let s) = key.kind else { throw error(key, "a key in \(what) must be a name") }
            if let allowed, !allowed.contains(s.string) {
                throw error(key, "unknown key '\(s.string)' in \(what); allowed: \(allowed.joined(separator: ", "))")
            }
            pairs.append((key, value))
        }
        return pairs
    }

    func rules(_ node: YAMLNode, _ what: String) throws(ConfigurationError) -> [Rule: RuleSetting] {
        var rules: [Rule: RuleSetting] = [:]
        for (key, value) in try mapping(node, what, allowed: nil) {
            let id = key.string ?? ""
            guard let rule = Rule(rawValue: id) else {
                let ids = Rule.allCases.map(\.id).joined(separator: ", ")
                throw error(key, "unknown rule '\(id)' in \(what); rule ids: \(ids)")
            }
            let allowed = RuleSetting.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .scalar(let s) = value.kind, let setting = RuleSetting(rawValue: s.string)
            else {
                throw error(value, "\(what).\(id) is \(describe(value)); allowed: \(allowed)")
            }
            rules[rule] = setting
        }
        return rules
    }

    func globs(_ node: YAMLNode, _ what: String) throws(ConfigurationError) -> [PathGlob] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.kind else {
            throw error(
                node, "\(what) must be a list of path patterns, e.g. [\"Sounds/raw/**\"], not \(describe(node))")
        }
        var globs: [PathGlob] = []
        for item in items {
            guard case .scalar(let s) = item.kind, !item.isNull, !s.string.isEmpty else {
                throw error(item, "\(what) holds path patterns (strings), not \(describe(item))")
            }
            globs.append(PathGlob(s.string))
        }
        return globs
    }

    func overrides(_ node: YAMLNode) throws(ConfigurationError) -> [CheckConfiguration.Override] {
        if node.isNull { return [] }
        guard case .sequence(let items) = node.kind else {
            throw error(node, "overrides must be a list of {paths, rules}, not \(describe(node))")
        }
        var overrides: [CheckConfiguration.Override] = []
        for (n, item) in items.enumerated() {
            let what = "overrides[\(n)]"
            var paths: [PathGlob]? = nil
            var rules: [Rule: RuleSetting] = [:]
            for (key, value) in try mapping(item, what, allowed: ["paths", "rules"]) {
                if key.string == "paths" {
                    paths = try globs(value, what + ".paths")
                } else {
                    rules = try self.rules(value, what + ".rules")
                }
            }
            guard let paths, !paths.isEmpty else { throw error(item, "\(what) needs paths, a list of path patterns") }
            overrides.append(.init(paths: paths, rules: rules))
        }
        return overrides
    }

    func loudness(_ node: YAMLNode, into config: inout CheckConfiguration) throws(ConfigurationError) {
        var target: Double? = nil
        var tolerance: Double? = nil
        var targetNode = node
        for (key, value) in try mapping(node, "loudness", allowed: ["target", "tolerance", "spread"]) {
            switch key.string ?? "" {
            case "target":
                target = try number(value, "loudness.target", in: -70...0, unit: "LUFS")
                targetNode = value
            case "tolerance": tolerance = try number(value, "loudness.tolerance", in: 0...20, unit: "LU")
            default: config.loudnessSpread = try number(value, "loudness.spread", in: 0...100, unit: "LU")
            }
        }
        if let target {
            config.loudness = LoudnessGoal(target: target, tolerance: tolerance ?? 1)
        } else if tolerance != nil {
            throw error(targetNode, "loudness.tolerance needs loudness.target, e.g. {target: -16, tolerance: 1}")
        }
    }

    func number(
        _ node: YAMLNode, _ what: String, in range: ClosedRange<Double>, unit: String
    ) throws(ConfigurationError) -> Double {
        guard case .scalar(let s) = node.kind, s.plain, let v = Double(s.string), v.isFinite,
            range.contains(v)
        else {
            throw error(
                node,
                "\(what) is \(describe(node)); allowed: a number from \(range.lowerBound) to \(range.upperBound) \(unit)"
            )
        }
        return v
    }

    func bool(_ node: YAMLNode, _ what: String) throws(ConfigurationError) -> Bool {
        guard case .scalar(let s) = node.kind, s.plain, ["true", "false"].contains(s.string)
        else { throw error(node, "\(what) is \(describe(node)); allowed: true, false") }
        return s.string == "true"
    }

    /// What a node is, for messages: `the string "x"`, `a list`, `a mapping`.
    func describe(_ node: YAMLNode) -> String {
        switch node.kind {
        case .scalar(let s):
            if node.isNull { return "empty" }
            let text = s.string.count > 40 ? String(s.string.prefix(40)) + "…" : s.string
            return s.plain ? "'\(text)'" : "the string \"\(text)\""
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
