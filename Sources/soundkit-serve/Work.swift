import Foundation
import SoundKit
import SoundKitIO
import SoundKitNotifications

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
            r.headers.append(("Content-Disposition", "attachment; filename=\"\(one.name)\""))
            return r
        }
        if wants.zip {
            let entries = made.map { s in
                (name: s.platform == .ios ? "ios/\(s.name)" : "android/res/raw/\(s.name)", bytes: s.bytes ?? [])
            }
            let base = FileSystem.splitExtension(name).base
            guard let zip = StoredZip.make(entries) else { throw Refusal.internalError }
            var r = Reply(status: 200, contentType: "application/zip", body: zip)
            r.headers.append(("Content-Disposition", "attachment; filename=\"\(Self.headerSafe(base)).zip\""))
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
            let report = SoundChecker.check([path], options: CheckOptions()).described()
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
    /// looked for on the server.
    func payload(_ upload: Upload, query: ServiceQuery) throws(Refusal) -> Reply {
        let provider: PushProvider?
        do { provider = try query.provider() } catch { throw Refusal(error) }
        let bytes: [UInt8]
        switch upload {
        case .memory(let b): bytes = b
        case .file(let path, _):
            do {
                let file = try InputFile(path: path)
                bytes = try file.read(at: 0, count: Int(clamping: file.size))
            } catch {
                throw Refusal.internalError
            }
        }
        let result = PayloadChecker.check(bytes, measureLoudness: false, provider: provider)
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
        guard let made = mkdtemp(&template) else { throw Refusal.internalError }
        let folder = String(cString: made)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/" + SoundInput.uploadName(name ?? SoundInput.bytesName)
        do {
            let file = try AtomicOutputFile(path: path)
            try file.write(bytes)
            try file.commit()
        } catch {
            throw Refusal.internalError
        }
        return try body(path, folder)
    }

    /// `reply` with the request's folder taken out of every path it names: findings name the upload as it was named.
    static func unscratched(_ reply: Reply, _ folder: String) -> Reply {
        var r = reply
        r.body = Array(String(decoding: r.body, as: UTF8.self).replacingOccurrences(of: folder + "/", with: "").utf8)
        return r
    }

    /// `name` fit for a quoted header value: printable ASCII, no quote or backslash.
    static func headerSafe(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" }
        return kept.isEmpty ? "sound" : String(String.UnicodeScalarView(kept))
    }
}
