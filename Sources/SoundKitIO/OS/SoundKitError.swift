/// Why a sound could not be prepared, for a service to return: a stable ``code`` to act on (and to map to an HTTP
/// status), and a ``message`` in neutral words — no command-line flag, no system type, no path beyond the name the
/// caller gave. Codable, so it can be logged or sent as it is.
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

        /// The HTTP status a service would answer with: 404, 422, 415, 422, 400, 503, 500 and 499 (client closed).
        public var httpStatus: Int {
            switch self {
            case .notFound: return 404
            case .invalidAudio, .unmeasurable: return 422
            case .unsupportedAudio: return 415
            case .invalidRequest: return 400
            case .libraryMissing: return 503
            case .systemFailure: return 500
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
    /// The service's view of an ``AudioFileError`` (what ``Converter`` and ``Inspector`` throw): its code, and its
    /// message without the path.
    public init(_ error: AudioFileError) {
        self.init(Self.code(of: error.reason), error.message, file: error.path)
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
