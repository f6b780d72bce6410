/// A sound-file rule's example, made rather than described: the files to write and how `soundkit check` is asked to
/// judge them. `RuleExampleTests` writes each file with its own small writer (not soundkit's) and checks it, so the
/// example proves the rule; `soundkit rules` shows it in words and, in JSON, as data.
package struct SoundExample: Sendable, Hashable {
    package var files: [ExampleSound]
    /// `--loudness TARGET±TOL`.
    package var loudness: LoudnessGoal?
    /// `--name-policy`.
    package var namePolicy: Bool

    package init(_ files: [ExampleSound], loudness: LoudnessGoal? = nil, namePolicy: Bool = false) {
        self.files = files
        self.loudness = loudness
        self.namePolicy = namePolicy
    }

    /// The `soundkit check` command line this example is, and what each file holds: `soundkit check chime.caf
    /// --loudness -16±1, where chime.caf is a CAF: …`.
    package var words: String {
        var command = "soundkit check " + files.map(\.name).joined(separator: " ")
        if let loudness { command += " --loudness \(plain(loudness.target))±\(plain(loudness.tolerance))" }
        if namePolicy { command += " --name-policy" }
        return command + ", where " + files.map { "\($0.name) is \($0.words)" }.joined(separator: "; ")
    }
}

/// One file of a ``SoundExample``: its name, the container its bytes really are, and the sound inside.
package struct ExampleSound: Sendable, Hashable {
    /// What the bytes are, whatever the name says.
    package enum Bytes: String, Sendable, Hashable {
        case caf = "CAF"
        case aiff = "AIFF"
        case wav = "WAV"
        /// EBU Tech 3306's RF64: a WAV whose sizes are in a `ds64` chunk, as `ffmpeg -rf64 always` writes it.
        case rf64 = "RF64"
        /// MPEG-1 Layer III frames (silent).
        case mp3 = "MP3"
        /// 1 KB of seeded random bytes, no container at all.
        case noise = "random bytes"
    }

    /// The samples.
    package enum Signal: Sendable, Hashable {
        /// A 997 Hz sine whose peak is this many dBFS.
        case tone(peak: Double)
        /// A full-scale 441 Hz square wave: every other run of samples at the top or the bottom of the range.
        case square
        /// Every sample zero.
        case silence
    }

    package var name: String
    package var bytes: Bytes
    /// CAF's format ID: `lpcm` is 16-bit PCM; any other (`alac`, `.mp3`) is its header with zeroed packets.
    package var format: String
    package var seconds: Double
    package var sampleRate: Double
    package var channels: Int
    package var signal: Signal

    /// 16-bit PCM (in CAF, format ID `lpcm`); ``coded(_:_:)`` makes a CAF of another format.
    package init(
        _ name: String, _ bytes: Bytes = .caf, seconds: Double = 1, sampleRate: Double = 44100, channels: Int = 1,
        signal: Signal = .tone(peak: -12)
    ) {
        self.name = name
        self.bytes = bytes
        self.format = "lpcm"
        self.seconds = seconds
        self.sampleRate = sampleRate
        self.channels = channels
        self.signal = signal
    }

    /// A one-second CAF whose format ID is `format` (`alac`, `.mp3`): its header, packets zeroed.
    package static func coded(_ name: String, _ format: String) -> ExampleSound {
        var s = ExampleSound(name)
        s.format = format
        return s
    }

    /// `a CAF: 16-bit PCM, 1 s, 44.1 kHz mono, a 997 Hz tone peaking at -12 dBFS`.
    package var words: String {
        switch bytes {
        case .noise: return "1 KB of random bytes"
        case .mp3: return "an MP3 (\(formatSeconds) of silent frames)"
        case .caf, .aiff, .wav, .rf64:
            let article = bytes == .aiff || bytes == .rf64 ? "an" : "a"
            let coding = format == "lpcm" ? "16-bit PCM" : "'\(format)' (its header, packets zeroed)"
            let layout = channels == 1 ? "mono" : channels == 2 ? "stereo" : "\(channels) channels"
            let rate = plain(sampleRate / 1000)
            return "\(article) \(bytes.rawValue): \(coding), \(formatSeconds), \(rate) kHz \(layout), \(signalWords)"
        }
    }

    private var formatSeconds: String {
        "\(plain(seconds)) s"
    }

    private var signalWords: String {
        switch signal {
        case .tone(let peak): "a 997 Hz tone peaking at \(plain(peak)) dBFS"
        case .square: "a full-scale square wave"
        case .silence: "digital silence"
        }
    }
}

/// A declared number as the examples' words write it: whole numbers without a decimal point (`30`, `-12`), others as
/// Swift writes them (`29.9`, `44.1`).
private func plain(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
}
