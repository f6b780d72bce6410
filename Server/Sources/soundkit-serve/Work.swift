import Foundation
@_spi(SoundKitServe) import SoundKit
@_spi(SoundKitServe) import SoundKitIO
@_spi(SoundKitServe) import SoundKitNotifications
import SoundKitServer

/// What each `/v1` route does with an upload, run on a worker thread: the same library calls, and the same JSON
/// documents, as the command line's `--format json`.
struct Work: Sendable {
    /// The folder this server's temporary files go in (each request's in a folder of its own, removed when it ends).
    let scratch: String

    /// `POST /v1/sounds/prepare`.
    func prepare(_ upload: Upload, query: ServiceQuery, accept: String) throws(Refusal) -> Reply {
        let asked: PrepareRequest
        do { asked = try PrepareRequest(query: query, accept: accept) } catch { throw Refusal(error) }
        let name = asked.name
        let wants = asked.accept
        let recipes = asked.recipes
        let made: [PreparedSound]
        let input: SoundInput
        var folder: String?
        switch upload {
        case .memory(let bytes): input = .upload(bytes, name: name)
        case .file(let path, let f):
            input = .file(path)
            folder = f
        }
        // A file or a zip alone carries no findings: the files made are not checked for them.
        switch NotificationSounds.makeAll(input, recipes: recipes, checked: wants.audio == nil && !wants.zip) {
        case .success(let m): made = m
        case .failure(let e): throw Refusal(e)
        }
        if wants.audio != nil, let one = made.first, let b = one.bytes {
            var r = Reply(status: 200, contentType: one.contentType, body: b)
            r.headers.append(("Content-Disposition", Self.attachment(one.name)))
            return r
        }
        if wants.zip {
            let entries = made.map { s in
                (name: s.platform == .ios ? "ios/\(s.name)" : "android/res/raw/\(s.name)", bytes: s.bytes ?? [])
            }
            let base = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : String(name[..<$0]) } ?? name
            guard let zip = StoredZip.make(entries) else {
                throw Refusal.internalError("zlib could not be opened to write the zip's checksums")
            }
            var r = Reply(status: 200, contentType: "application/zip", body: zip)
            r.headers.append(("Content-Disposition", Self.attachment(base + ".zip")))
            return r
        }
        struct Document: Encodable {
            var version = 1
            var outputs: [PreparedSound]
            var trimmed: Bool
            var source: AudioFileDescription?
        }
        let document = Reply.json(
            Document(outputs: made, trimmed: made.contains { $0.trimmed }, source: made.first?.source))
        return folder.map { Self.unscratched(document, $0) } ?? document
    }

    /// `POST /v1/sounds/check`: a sound, an `.ipa`, `.apk` or `.aab`, checked as `soundkit check` checks it.
    func check(_ upload: Upload, query: ServiceQuery) throws(Refusal) -> Reply {
        try withFile(upload, name: query["name"]) { (path, folder) throws(Refusal) -> Reply in
            // One thread: the request's place in the pool is all the CPU it gets (an .ipa's sounds one by one).
            var options = CheckOptions()
            options.jobs = 1
            let report = SoundChecker.check([path], options: options).described()
            return Self.unscratched(.json(report), folder)
        }
    }

    /// `POST /v1/sounds/info`: the file described, as `soundkit info --format json` does.
    func info(_ upload: Upload, query: ServiceQuery) throws(Refusal) -> Reply {
        try withFile(upload, name: query["name"]) { (path, folder) throws(Refusal) -> Reply in
            do throws(AudioFileError) {
                let described = try InfoDocument.Described.read(path)
                return Self.unscratched(.json(InfoDocument(files: [described])), folder)
            } catch {
                throw Refusal(SoundKitError(error))
            }
        }
    }

    /// `POST /v1/payloads/check`: a push request body, as `soundkit payload --format json` checks it. No sound is
    /// looked for on the server. The body is at most ``Work/payloadLimit`` bytes, always held in memory.
    func payload(_ upload: Upload, query: ServiceQuery) throws(Refusal) -> Reply {
        let provider: PushProvider?
        do { provider = try query.provider() } catch { throw Refusal(error) }
        guard case .memory(let bytes) = upload else { throw Refusal.internalError("a push body was spooled") }
        let result = PayloadLinter.lint(bytes: bytes, provider: provider)
        let name = SoundInput.uploadName(query["name"] ?? "payload.json")
        return .json(
            CheckReport(files: [FileReport(path: name, container: "JSON", findings: result.findings)]).described())
    }

    /// Runs `body` on the upload as a file of its own (what reads archives and paths needs) and its folder: the
    /// spooled file as it is (its request removes it), or the bytes written to a folder removed when `body` ends,
    /// however it ends.
    func withFile(
        _ upload: Upload, name: String?, _ body: (String, String) throws(Refusal) -> Reply
    ) throws(Refusal) -> Reply {
        let bytes: [UInt8]
        switch upload {
        case .file(let path, let folder): return try body(path, folder)
        case .memory(let b): bytes = b
        }
        var template = Array((scratch + "/r-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Refusal.systemFailure("making a request folder") }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + SoundInput.uploadName(name ?? SoundInput.bytesName)
        // A scratch file, read once and removed: a plain write (no fsync, rename or folder sync, which the atomic
        // output path does for files a user keeps).
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Refusal.systemFailure("making a scratch file") }
        let written = Result { () throws(Refusal) in try Refusal.write(bytes, to: fd, "writing a scratch file") }
        close(fd)
        try written.get()
        return try body(path, folder)
    }

    /// `reply` with the request's folder taken out of every path it names: findings name the upload as it was named.
    static func unscratched(_ reply: Reply, _ folder: String) -> Reply {
        var r = reply
        r.body = Array(String(decoding: r.body, as: UTF8.self).replacingOccurrences(of: folder + "/", with: "").utf8)
        return r
    }

    /// The largest push body `/v1/payloads/check` takes: a push request is a few KB (APNs allows 4 KB, FCM 4 KB of
    /// data), so 64 KB is generous and keeps the body in memory.
    static let payloadLimit = 64 << 10

    /// `Content-Disposition` for a download named `name`, in both forms of RFC 6266: `filename` in printable ASCII
    /// (anything else becomes `_`, no quote or backslash) for old clients, and `filename*` (RFC 5987: UTF-8,
    /// percent-encoded) with the name as it is.
    static func attachment(_ name: String) -> String {
        let fallback = String(
            String.UnicodeScalarView(
                name.unicodeScalars.map { s in
                    s.value >= 0x20 && s.value < 0x7F && s != "\"" && s != "\\" ? s : "_"
                }))
        var encoded = ""
        for byte in name.utf8 {
            let c = Character(Unicode.Scalar(byte))
            // RFC 5987's attr-char: ALPHA / DIGIT / "!#$&+-.^_`|~".
            if byte < 0x80, c.isLetter || c.isNumber || "!#$&+-.^_`|~".contains(c) {
                encoded.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count < 2 ? "0" : "") + hex
            }
        }
        return "attachment; filename=\"\(fallback.isEmpty ? "sound" : fallback)\"; filename*=UTF-8''\(encoded)"
    }
}
