/// Why a sound could not be prepared, for a service to return: a stable ``code`` to act on (and to map to an HTTP
/// status), and a ``message`` a customer can be shown — no tool, library or command name, no nested library text,
/// no path beyond the name the caller gave. Codable, so it can be logged or sent as it is.
public struct SoundKitError: Error, Codable, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, in a word that does not change between versions.
    public enum Code: String, Codable, Hashable, Sendable, CaseIterable {
        /// The input does not exist, or is a folder.
        case notFound = "not-found"
        /// The input's bytes are damaged or impossible: a truncated or malformed file.
        case invalidAudio = "invalid-audio"
        /// The input is not a sound soundkit reads, or holds a codec it cannot decode.
        case unsupportedAudio = "unsupported-audio"
        /// The sound is too short or too quiet for what was asked (normalising needs an integrated loudness).
        case unmeasurable
        /// The recipe or options ask for something that cannot be made (a trim length, a quality level, a gain…).
        case invalidRequest = "invalid-request"
        /// A decoder or resampler library this needs is not installed on the server.
        case libraryMissing = "library-missing"
        /// The system refused a read or a write (permissions, a full disk…).
        case systemFailure = "system-failure"
        /// The work was cancelled; nothing was written.
        case cancelled

        /// The HTTP status a service answers with: 404, 422, 415, 422, 400, 500 (a missing library is permanent:
        /// retrying on the same server cannot help), 500 and 499 (nginx's "client closed the request"). A server's own
        /// refusals (too large, busy, timed out) are its codes, not the library's.
        public var httpStatus: Int {
            switch self {
            case .notFound: return 404
            case .invalidAudio, .unmeasurable: return 422
            case .unsupportedAudio: return 415
            case .invalidRequest: return 400
            case .libraryMissing, .systemFailure: return 500
            case .cancelled: return 499
            }
        }
    }

    /// What went wrong.
    public var code: Code
    /// The reason in a sentence, without the file's name.
    public var message: String
    /// The input as the caller named it (a path, or the name given to bytes), when the error is about a file.
    public var file: String?

    /// An error with this code and message.
    public init(_ code: Code, _ message: String, file: String? = nil) {
        self.code = code
        self.message = message
        self.file = file
    }

    /// `file: message`, or the message alone.
    public var description: String { file.map { "\($0): \(message)" } ?? message }
}

extension SoundKitError {
    /// The service's view of an ``AudioFileError`` (what ``Converter`` and ``Inspector`` throw): its code, and a
    /// message a customer can be shown, without the path.
    @_spi(SoundKitServe) public init(_ error: AudioFileError) {
        self.init(Self.code(of: error.reason), Self.customerMessage(error), file: error.path)
    }

    /// What went wrong in words for whoever uploaded the sound: no tool or library name, and none of a decoder's
    /// own text (`Invalid data found when processing input`), which says nothing to them.
    static func customerMessage(_ error: AudioFileError) -> String {
        switch error.reason {
        case .system(let op, let errno):
            return op == .open && (errno == .noSuchFileOrDirectory || errno == .notDirectory)
                ? "there is no such file" : "the file could not be read or written"
        case .container(let e): return neutral(e.description)
        case .ima4: return "its IMA4 audio is damaged"
        case .cannotDecode(let codec, let container):
            return "it holds \(codec) audio in a \(container.containerName) file, which cannot be decoded"
        case .unreadable(let kind, let parser, _):
            if kind == .unknown { return "it is not a sound file in a format that can be read" }
            if kind.hasNativeParser, let p = parser {
                return "it is a damaged \(kind.name) file: \(neutral(p.description))"
            }
            return kind.mayHoldAudio
                ? "it is a \(kind.name) file whose audio cannot be read" : "it is \(kind.name) data, not a sound file"
        case .decoder: return "its audio is damaged and cannot be decoded"
        case .libraryMissing: return "this kind of file cannot be decoded here at the moment"
        case .conversion(.resampler): return "its sample rate could not be converted"
        case .conversion(.loudnessUnmeasurable):
            return "it cannot be normalised: it is too short or too quiet to have an integrated loudness"
        case .conversion(.encoder(let e)): return "\(e) cannot be written"
        case .conversion(let p): return neutral(AudioFileError(error.path, .conversion(p)).message)
        case .isDirectory, .outputIsInput, .outputIsDirectory, .cancelled: return neutral(error.message)
        }
    }

    /// `text` with the tool's name taken out of the few messages that give it.
    static func neutral(_ text: String) -> String {
        text.replacing("soundkit accepts", with: "accepted:").replacing("soundkit does not write", with: "cannot write")
            .replacing(" (soundkit never writes to its input)", with: "").replacing("soundkit", with: "it")
    }

    static func code(of reason: AudioFileError.Reason) -> Code {
        switch reason {
        case .system(let op, let errno):
            return op == .open && (errno == .noSuchFileOrDirectory || errno == .notDirectory)
                ? .notFound : .systemFailure
        case .isDirectory: return .notFound
        case .container, .ima4, .decoder: return .invalidAudio
        case .cannotDecode, .unreadable: return .unsupportedAudio
        case .libraryMissing: return .libraryMissing
        case .outputIsInput, .outputIsDirectory: return .invalidRequest
        case .conversion(.loudnessUnmeasurable): return .unmeasurable
        case .conversion(.resampler): return .systemFailure
        case .conversion: return .invalidRequest
        case .cancelled: return .cancelled
        }
    }
}
