@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications

/// Why a service's request cannot be answered as asked: the HTTP status and stable code a server answers with, and a
/// message a customer can be shown (no tool or command name).
package struct RequestProblem: Error, Hashable, Sendable {
    package var status: Int
    package var code: String
    package var message: String

    package init(_ status: Int, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// A parameter or header that cannot be used: 400.
    package static func invalid(_ message: String) -> RequestProblem {
        RequestProblem(
            SoundKitError.Code.invalidRequest.httpStatus, SoundKitError.Code.invalidRequest.rawValue, message)
    }

    /// An upload past `limit` bytes: 413.
    package static func tooLarge(_ limit: Int) -> RequestProblem {
        RequestProblem(
            413, ServiceCode.tooLarge.rawValue,
            "the upload is larger than this server takes (\(limit >> 20) MB)")
    }
}

/// A request's query parameters, decoded as a form is (`+` is a space, then percent escapes; an escape that is not
/// two hex digits, or bytes that are not UTF-8, leave the part as it came), the first of a name repeated winning;
/// and what the routes read from them. Everything here reads text a stranger sent.
package struct ServiceQuery: Hashable, Sendable {
    package var values: [String: String]

    package init(values: [String: String]) { self.values = values }

    /// The parameters of `query`, the part of a request's target after `?`.
    package init(_ query: String) {
        var values: [String: String] = [:]
        for pair in query.utf8.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = parts.first else { continue }
            let key = Self.decoded(first)
            if values[key] == nil { values[key] = parts.count > 1 ? Self.decoded(parts[1]) : "" }
        }
        self.values = values
    }

    package subscript(_ key: String) -> String? { values[key] }

    /// `part` with `+` as a space and `%XX` as its byte.
    static func decoded(_ part: Substring.UTF8View.SubSequence) -> String {
        let raw = Array(part)
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let b = raw[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < raw.count, let hi = hex(raw[i + 1]), let lo = hex(raw[i + 2]) else {
                    return String(decoding: raw.map { $0 == UInt8(ascii: "+") ? 0x20 : $0 }, as: UTF8.self)
                }
                out.append(hi << 4 | lo)
                i += 3
            } else {
                out.append(b == UInt8(ascii: "+") ? 0x20 : b)
                i += 1
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        return text.utf8.elementsEqual(out) ? text : String(decoding: raw, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `name=`: the upload's file name (at most 255 characters), which helps recognise its format.
    package func name() throws(RequestProblem) -> String? {
        guard let name = values["name"] else { return nil }
        guard name.unicodeScalars.count <= 255 else { throw .invalid("name is longer than 255 characters") }
        return name
    }

    /// `platform=ios|android|all`; both when absent.
    package func platforms() throws(RequestProblem) -> [SoundPlatform] {
        guard let p = values["platform"] else { return SoundPlatform.allCases }
        guard let named = SoundPlatform.named(p) else { throw .invalid("platform takes ios, android or all") }
        return named
    }

    /// `quality=apple|standard|high|best`; standard when absent.
    package func quality() throws(RequestProblem) -> IMAQuality {
        switch values["quality"] {
        case nil, "standard": return .standard
        case "apple": return .apple
        case "high": return .high
        case "best": return .best
        default: throw .invalid("quality takes apple, standard, high or best")
        }
    }

    /// `loudness=LUFS`, within ``LoudnessTarget/levels``; nil when absent.
    package func loudness() throws(RequestProblem) -> Double? {
        guard let text = values["loudness"] else { return nil }
        guard let v = Double(text), v.isFinite, LoudnessTarget.levels.contains(v) else {
            let range = LoudnessTarget.levels
            throw .invalid("loudness takes a level in LUFS from \(Int(range.lowerBound)) to \(Int(range.upperBound))")
        }
        return v
    }

    /// `provider=`: the push provider whose request body `payloads/check` reads; nil when absent.
    package func provider() throws(RequestProblem) -> PushProvider? {
        guard let p = values["provider"] else { return nil }
        guard let known = PushProvider(rawValue: p) else {
            throw .invalid("provider takes one of \(PushProvider.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return known
    }
}

/// What `Accept` asks `prepare` for: the zip, one platform's file, or JSON (also when it names none of them).
package struct ServiceAccept: Hashable, Sendable {
    package var zip = false
    package var audio: SoundPlatform?

    package init(_ header: String) {
        let types = header.split(separator: ",").map { item -> String in
            let type = item.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
            return String(
                type.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" })
                    .reversed()
            ).lowercased()
        }
        if types.contains("application/json") || types.contains("*/*") || types.isEmpty { return }
        if types.contains("application/zip") {
            zip = true
        } else if types.contains("audio/x-caf") {
            audio = .ios
        } else if types.contains("audio/ogg") {
            audio = .android
        }
    }
}

/// `POST /v1/sounds/prepare`'s request: the recipes, the upload's name and what to answer with.
package struct PrepareRequest: Hashable, Sendable {
    package var recipes: [NotificationSoundRecipe]
    package var name: String
    package var accept: ServiceAccept

    /// The request `query` and `accept` (the `Accept` header) make, or why it cannot be made: a bad parameter (400),
    /// or one platform's file asked for without that platform alone (406).
    package init(query: ServiceQuery, accept: String) throws(RequestProblem) {
        let platforms = try query.platforms()
        var recipe = NotificationSoundRecipe()
        recipe.quality = try query.quality()
        recipe.loudness = try query.loudness()
        recipes = platforms.map { p in
            var r = recipe
            r.platform = p
            return r
        }
        name = SoundInput.uploadName(try query.name() ?? SoundInput.bytesName)
        self.accept = ServiceAccept(accept)
        if let single = self.accept.audio, platforms != [single] {
            throw RequestProblem(
                406, ServiceCode.notAcceptable.rawValue,
                "Accept: \(single.contentType) returns one platform's file: add platform=\(single.rawValue)")
        }
    }
}

/// How big an upload may be: decided from `Content-Length` before the body is read, then chunk by chunk.
package enum UploadLimit {
    /// The length `Content-Length` declares (nil without one), or why the upload is refused: a value that is not
    /// digits (400), or more than `limit` bytes (413).
    package static func declared(_ header: String?, limit: Int) throws(RequestProblem) -> Int? {
        guard let header else { return nil }
        let digits = header.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw .invalid("Content-Length is not a number of bytes")
        }
        // More digits than a limit can have is over it, whatever they say; Int(_:) cannot overflow below that.
        guard digits.count <= 18, let length = Int(header), length <= limit else { throw .tooLarge(limit) }
        return length
    }

    /// Whether `received` bytes and a chunk of `chunk` more still fit within `limit`.
    package static func fits(_ received: Int, adding chunk: Int, limit: Int) -> Bool {
        let (total, overflow) = received.addingReportingOverflow(chunk)
        return !overflow && total <= limit
    }
}
