/// Android's `setSound(uri, …)` in Kotlin, Java and C# (SOURCE-TREES.md §2.2, §2.7): the URI it is given, written out
/// (`android.resource://…/raw/x`) or built from a resource id (`"/" + R.raw.x`, `Resource.Raw.x`), directly or
/// through a same-file variable; and whether it is set on a channel (`NotificationChannel`,
/// `NotificationChannelCompat.Builder`) with which id, or on one notification (`NotificationCompat.Builder`).
enum AndroidCalls {
    static func scan(_ c: inout ScanContext) {
        let t = c.tree
        for k in 0..<t.count where (t.ident(k, "setSound") || t.ident(k, "SetSound")) && t.punct(k + 1, "(") {
            guard c.candidate(at: k), let arg = t.members(k + 1).first else { continue }
            uri(arg.value, setSoundAt: k, &c)
        }
    }

    /// Where a `setSound` is applied.
    struct Owner {
        var channel: Bool
        var id: String?
    }

    /// The reference the URI expression `value` of the `setSound` at `k` gives, if it names a raw resource.
    static func uri(_ value: Range<Int>, setSoundAt k: Int, _ c: inout ScanContext) {
        let segments = c.segments(value)
        let owner = self.owner(ofCallAt: k, c) ?? Owner(channel: false, id: nil)
        let role: SoundReference.Role = owner.channel ? .channel : .notification
        let api = owner.channel ? "NotificationChannel.setSound" : "setSound"
        for s in segments {
            guard case .rawResource(let name, let at) = s else { continue }
            let shape = ScanContext.Shape(platform: .android, role: role, api: api, form: .resourceID)
            return c.emit(Evaluated(name: .literal(name), at: at), shape, channelID: owner.id)
        }
        for (n, s) in segments.enumerated().reversed() {
            guard case .text(let text, let at) = s, let r = text.ranges(of: "/raw/").last else { continue }
            let rest = [ScanContext.Segment.text(String(text[r.upperBound...]), at: at)] + segments[(n + 1)...]
            guard let v = ScanContext.name(of: rest) else { return }
            let shape = ScanContext.Shape(platform: .android, role: role, api: api, form: .resourceURI)
            return c.emit(Evaluated(name: v.name, at: at), shape, channelID: owner.id)
        }
        // `"android.resource://" + pkg + "/" + id`: a URI built from an id held in a variable.
        let scheme = segments.contains {
            if case .text(let text, _) = $0 { return text.contains("android.resource") } else { return false }
        }
        if scheme, let last = segments.last, case .hole(let at) = last {
            let shape = ScanContext.Shape(platform: .android, role: role, api: api, form: .resourceID)
            c.emit(Evaluated(name: .dynamic(prefix: "", suffix: ""), at: at), shape, channelID: owner.id)
        }
    }

    /// What the call at `k` is made on: the receiver chain before it, or, without one (`apply { setSound(…) }`,
    /// `it.setSound`), the object of the lambda around it.
    static func owner(ofCallAt k: Int, _ c: ScanContext) -> Owner? {
        let t = c.tree
        if t.punct(k - 1, ".") || t.punct(k - 1, "?.") { return owner(chainEndingAt: k - 2, c, depth: 0) }
        return owner(ofLambdaAround: k, c, depth: 0)
    }

    /// The owner a receiver expression ending at `end` shows: a channel or builder call in its chain, or a variable
    /// initialised with one.
    static func owner(chainEndingAt end: Int, _ c: ScanContext, depth: Int) -> Owner? {
        let t = c.tree
        var k = end
        var steps = 0
        while k >= 0 && steps < 64 && depth < 4 {
            steps += 1
            if t.punct(k, ")") || t.punct(k, "}") {
                let open = t.partner[k]
                guard open >= 0 && open < k else { return nil }
                if t.punct(k, ")"), let o = owner(ofCall: open, c) { return o }
                k = open - 1
            } else if t.punct(k, ".") || t.punct(k, "?.") || t.punct(k, "!") || t.ident(k, "new") {
                k -= 1
            } else if let name = t.identifier(k) {
                if t.punct(k - 1, ".") || t.punct(k - 1, "?.") || t.punct(k + 1, "(") {
                    k -= 1
                    continue
                }
                if name == "it" || name == "this" { return owner(ofLambdaAround: k, c, depth: depth + 1) }
                return owner(ofVariable: name, c, depth: depth + 1)
            } else {
                return nil
            }
        }
        return nil
    }

    /// The owner a call shows: `NotificationChannel(id, …)` and `NotificationChannelCompat.Builder(id, …)` are a
    /// channel; `NotificationCompat.Builder(context, channelId)` one notification on that channel.
    static func owner(ofCall open: Int, _ c: ScanContext) -> Owner? {
        guard let callee = c.tree.callee(open), let last = callee.last else { return nil }
        let args = c.tree.members(open)
        func literal(_ n: Int) -> String? {
            guard n < args.count, let v = ScanContext.name(of: c.segments(args[n].value)),
                case .literal(let s) = v.name
            else { return nil }
            return s
        }
        if last == "NotificationChannel" || (last == "Builder" && callee.contains("NotificationChannelCompat")) {
            return Owner(channel: true, id: literal(0))
        }
        if last == "Builder" && (callee.contains("NotificationCompat") || callee.contains("Notification")) {
            return Owner(channel: false, id: literal(1))
        }
        return nil
    }

    /// The owner a variable's one same-file initializer (or declared type) shows.
    static func owner(ofVariable name: String, _ c: ScanContext, depth: Int) -> Owner? {
        let t = c.tree
        guard let starts = c.declarations[name], starts.count == 1, let start = starts.first,
            let initial = c.initializer(of: name)
        else { return nil }
        for k in initial where t.punct(k, "(") {
            if let o = owner(ofCall: k, c) { return o }
        }
        // `NotificationChannel channel = …` (Java, C#), `val channel: NotificationChannel = …`.
        if t.ident(start - 3, "NotificationChannel") || t.ident(start - 2, "NotificationChannel") {
            return Owner(channel: true, id: nil)
        }
        return nil
    }

    /// The owner of a scope function's lambda around `k`: `X.apply { … }`, `X.also { it… }`, `with(x) { … }`.
    static func owner(ofLambdaAround k: Int, _ c: ScanContext, depth: Int) -> Owner? {
        let t = c.tree
        for b in t.enclosing(k).prefix(8) where t.punct(b, "{") {
            if let f = t.identifier(b - 1), ["apply", "also", "run", "let"].contains(f), t.punct(b - 2, ".") {
                return owner(chainEndingAt: b - 3, c, depth: depth + 1)
            }
            if t.punct(b - 1, ")"), t.partner[b - 1] >= 0, t.callee(t.partner[b - 1]) == ["with"],
                let v = t.identifier(t.partner[b - 1] + 1)
            {
                return owner(ofVariable: v, c, depth: depth + 1)
            }
        }
        return nil
    }
}
