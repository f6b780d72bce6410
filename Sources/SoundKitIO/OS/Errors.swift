import SoundKitCodecs
import SoundKitContainers
import SystemPackage

/// What a file operation was doing when the system refused it.
package enum FileOperation: String, Hashable, Sendable {
    case open = "cannot open"
    case stat = "cannot read the attributes of"
    case read = "cannot read"
    case create = "cannot create a file in the folder of"
    case write = "cannot write"
    case sync = "cannot flush to disk"
    case rename = "cannot move the finished file into place at"
    case remove = "cannot remove"
    case list = "cannot list the files in"
    case permissions = "cannot set the permissions of"
}

/// Why a conversion cannot be done as asked (not a fault of the input's bytes).
package enum ConversionProblem: Hashable, Sendable {
    /// IMA4 holds one or two channels; the output would have this many.
    case ima4Channels(Int)
    /// An output channel count outside ``AudioLimits/channels``.
    case outputChannels(Int)
    /// An output sample rate outside ``AudioLimits/sampleRates``.
    case outputSampleRate(Double)
    /// A trim length that is not a positive number of seconds.
    case trim(Double)
    /// libsoxr refused the resampling (its words).
    case resampler(String)
    /// The encoder cannot write this data format.
    case encoder(AudioEncoding)
    /// A gain that is not a number of decibels inside ``LoudnessTarget/gains``.
    case gain(Double)
    /// A loudness target or true-peak ceiling outside ``LoudnessTarget/levels``.
    case loudnessTarget(Double, ceiling: Double)
    /// Normalising needs an integrated loudness, and the sound has none.
    case loudnessUnmeasurable(Loudness.Unmeasured)
    /// `-l` names a layout for a different number of channels than the output has.
    case channelLayout(ChannelLayoutTag, outputChannels: Int)
    /// The file type (holding this data format) has no place for the layout tag.
    case channelLayoutNotRecorded(ChannelLayoutTag, ContainerKind, AudioEncoding)
    /// Copying the source's packets (``ConversionOptions/copiesPackets``) cannot be done.
    case packetCopy(PacketCopyProblem)
    /// A codec quality level outside ``ConversionOptions/qualityLevels``.
    case quality(Int)
}

/// What to ask for instead, when a conversion is refused: a structured value that a front end phrases in its own
/// terms (the command line prints `add -c 2 or -c 1`).
package enum ConversionRemedy: Hashable, Sendable {
    /// An output with one of these channel counts, in order of preference.
    case channels([Int])
}

/// What else a packet copy was asked for, which needs the samples decoded.
package enum PacketCopyConflict: Hashable, Sendable {
    /// Another data format.
    case encoding
    /// A sample rate.
    case sampleRate
    /// A channel count.
    case channels
    /// A trim length.
    case trim
}

/// Why a source's packets cannot be copied as they are.
package enum PacketCopyProblem: Hashable, Sendable {
    /// The conversion also asks for something that needs decoding.
    case needsDecoding(PacketCopyConflict)
    /// The source is not a CAF, AIFF, AIFF-C or WAVE file, whose packets soundkit can find.
    case container(ContainerKind)
    /// The source's data format is not one soundkit writes.
    case codec(AudioEncoding)
    /// The source's packets begin with this many priming frames, which the file type cannot record.
    case priming(Int64, ContainerKind)
}

/// An error about one file, phrased for a person by ``description``: `in.wav: data format is AAC; …`. A service
/// turns it into a ``SoundKitError``, whose code says what happened without reading the text.
public struct AudioFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file the error is about: never empty.
    public var path: String
    package var reason: Reason

    package enum Reason: Equatable, Sendable {
        /// A system call failed: what soundkit was doing, and the system's error number.
        case system(FileOperation, Errno)
        /// A folder where a sound file was expected.
        case isDirectory
        /// The container's bytes are wrong or impossible.
        case container(ContainerError)
        /// IMA4 packets that no encoder writes.
        case ima4(IMA4Error)
        /// A data format soundkit recognises but cannot decode.
        case cannotDecode(codec: String, container: ContainerKind)
        /// Neither soundkit's parsers nor the decoders it loads read the file; `looksLike` is what its first bytes
        /// say, `decoderMessage` the decoder's own words.
        case unreadable(looksLike: ContainerKind, parser: ContainerError?, decoderMessage: String)
        /// A decoder library failed while reading (its own words).
        case decoder(library: String, message: String)
        /// A C library the file needs is not installed.
        case libraryMissing(library: String, install: String)
        /// The output names the input file (directly or through a link).
        case outputIsInput
        /// The output names a folder.
        case outputIsDirectory
        /// The conversion asked for cannot be done.
        case conversion(ConversionProblem)
        /// The task converting the file was cancelled; nothing was written.
        case cancelled
    }

    package init(_ path: String, _ reason: Reason) {
        self.path = path.isEmpty ? "<unnamed>" : path
        self.reason = reason
    }

    /// The message without the path.
    public var message: String {
        switch reason {
        case .system(let op, let errno): return "\(op.rawValue) it: \(errno.description)"
        case .isDirectory: return "is a folder, not a sound file"
        case .container(let e): return e.description
        case .ima4(let e): return e.description
        case .cannotDecode(let codec, let container):
            return "data format is \(codec) in a \(container.containerName) file, which soundkit cannot decode"
        case .unreadable(let kind, let parser, let decoder):
            if kind != .unknown && !kind.hasNativeParser {
                return "\(kind.name) data that soundkit cannot read (\(decoder))"
            }
            if let p = parser, kind.hasNativeParser { return p.description }
            return
                "\(parser?.description ?? "not a sound file soundkit reads"); neither libsndfile nor FFmpeg reads it (\(decoder))"
        case .decoder(let library, let message): return "\(library) cannot decode it: \(message)"
        case .libraryMissing(let library, let install):
            let task = library == "libsoxr" ? "resampling" : "decoding this file"
            return "\(task) needs \(library), which is not installed (\(install))"
        case .outputIsInput: return "is the input file; choose another output name (soundkit never writes to its input)"
        case .outputIsDirectory: return "is a folder; name an output file"
        case .conversion(let p):
            switch p {
            case .ima4Channels(let n): return "IMA4 holds at most 2 channels and the output would have \(n)"
            case .outputChannels(let n):
                return "\(n) output channels is not valid (1 to \(AudioLimits.channels.upperBound))"
            case .outputSampleRate(let r):
                return
                    "output sample rate \(r) Hz is not valid (\(Int(AudioLimits.sampleRates.lowerBound)) to \(Int(AudioLimits.sampleRates.upperBound)) Hz)"
            case .trim(let t): return "trim length \(t) s is not a positive number of seconds"
            case .resampler(let m): return "libsoxr cannot resample it: \(m)"
            case .encoder(let e): return "soundkit cannot encode \(e)"
            case .gain(let g):
                return
                    "gain \(g) dB is not valid (\(Int(LoudnessTarget.gains.lowerBound)) to \(Int(LoudnessTarget.gains.upperBound)) dB)"
            case .loudnessTarget(let t, let ceiling):
                return
                    "normalising to \(t) LUFS under a \(ceiling) dBTP ceiling is not valid (both from \(Int(LoudnessTarget.levels.lowerBound)) to \(Int(LoudnessTarget.levels.upperBound)))"
            case .loudnessUnmeasurable(let why): return "cannot normalise it: it has no integrated loudness (\(why))"
            case .channelLayout(let tag, let n):
                return
                    "channel layout \(tag.name) has \(tag.channels) channel\(tag.channels == 1 ? "" : "s") and the output has \(n)"
            case .channelLayoutNotRecorded(let tag, let kind, let encoding):
                if kind == .wav, tag.waveChannelMask != nil {
                    return
                        "a WAVE file records a channel layout only for linear PCM, not \(encoding); write CAF to keep \(tag.name)"
                }
                if kind == .wav {
                    return "WAVE has no speaker positions for \(tag.name) (only Mono and Stereo); write CAF to keep it"
                }
                return "\(kind.name) files have no channel layout; write CAF or WAVE to keep \(tag.name)"
            case .packetCopy(let c): return c.description
            case .quality(let q):
                let levels = ConversionOptions.qualityLevels
                return "quality \(q) is not a codec quality level (\(levels.lowerBound) to \(levels.upperBound))"
            }
        case .cancelled: return "conversion cancelled; nothing was written"
        }
    }

    /// `path: message`, as the command line prints it.
    public var description: String { "\(path): \(message)" }

    /// What to ask for instead, when the conversion asked for cannot be done and a change of options would do.
    package var remedy: ConversionRemedy? {
        switch reason {
        case .conversion(.ima4Channels): return .channels([2, 1])
        case .conversion(.channelLayout(let tag, _)): return .channels([tag.channels])
        default: return nil
        }
    }
}

extension PacketCopyProblem: CustomStringConvertible {
    /// The problem in a sentence.
    package var description: String {
        switch self {
        case .needsDecoding(let conflict):
            return "copying the source's packets as they are cannot be combined with \(conflict)"
        case .container(let k):
            let this = k == .unknown ? "not one of them" : k.name
            return "packets are copied out of CAF, AIFF, AIFF-C and WAVE files; this is \(this)"
        case .codec(let e):
            return "packets are copied of the data formats soundkit writes (linear PCM, ima4, ulaw, alaw, IMA ADPCM); "
                + "the source holds \(e)"
        case .priming(let n, let k):
            return "the source's packets begin with \(n) priming frames, which \(k.name) cannot record; write CAF"
        }
    }
}

extension PacketCopyConflict: CustomStringConvertible {
    /// What was asked for, as a noun phrase.
    package var description: String {
        switch self {
        case .encoding: return "another data format"
        case .sampleRate: return "a sample rate"
        case .channels: return "a channel count"
        case .trim: return "a trim length"
        }
    }
}

/// Runs a call that throws untyped and returns what happened as a value. A function with typed throws calls this
/// rather than catching an untyped error itself: Swift 6.3.1's optimiser (FunctionSignatureOpts) miscompiles the
/// specialised copies of such functions — the error register still holds a stale value when the untyped callee
/// returns normally, so a successful call reads as a garbage error (every file failed to parse in release builds).
/// Kept out of line so the pattern is not inlined back.
@inline(never)
func outcome<T>(_ call: () throws -> T) -> Result<T, any Error> {
    do { return .success(try call()) } catch { return .failure(error) }
}

extension AudioFileError {
    /// Runs `body`, whose only errors are ``AudioFileError``s, through an API that rethrows them untyped
    /// (`withUnsafeBytes` and its kin).
    static func rethrown(_ path: String, _ body: () throws -> Int) throws(AudioFileError) -> Int {
        switch outcome(body) {
        case .success(let n): return n
        case .failure(let e as AudioFileError): throw e
        case .failure: throw AudioFileError(path, .system(.read, .ioError))
        }
    }

    static func rethrown(_ path: String, _ body: () throws -> Void) throws(AudioFileError) {
        switch outcome(body) {
        case .success: return
        case .failure(let e as AudioFileError): throw e
        case .failure: throw AudioFileError(path, .system(.read, .ioError))
        }
    }
}
