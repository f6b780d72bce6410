import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// Everything the rules look at, gathered once per file: headers where they suffice, samples only for the
/// silence and loudness rules and only when soundkit can decode the file (one pass for both).
package struct SoundFacts: Sendable {
    /// The path as given.
    package var path: String
    /// The last component of ``path``.
    package var fileName: String
    /// The file name's extension, lowercased (`caf`); empty when there is none.
    package var fileExtension: String
    /// Bytes; 0 when the file could not be opened.
    package var fileSize: Int64
    /// What the first bytes say the file is, whatever its name.
    package var sniffed: ContainerKind
    /// The description `soundkit info` gives; nil when the file could not be read.
    package var description: AudioFileDescription?
    /// Why the file could not be read.
    package var readError: String?
    /// Peak and leading silence, for the codecs a notification plays, when soundkit decodes them.
    package var levels: Levels?
    /// EBU R 128 loudness, when asked for (``gather(_:measureLevels:measureLoudness:)``).
    package var loudness: LoudnessReading?
    /// For files inside a bundle: the path below the bundle (`Sounds/a.caf`), nil at the top level.
    package var bundleSubpath: String?
    /// For files inside an app bundle: the platform it is built for (``BundleLayout``); nil elsewhere.
    package var platform: ApplePlatform?

    /// How messages name the platform that plays the sound: the bundle's, iOS outside any bundle.
    package var platformName: String { (platform ?? .ios).name }

    /// The levels the silence rules look at.
    package struct Levels: Sendable, Hashable {
        /// Largest absolute sample, full scale 1.0.
        package var peak: Double
        /// Seconds before the first sample above −60 dBFS.
        package var leadingSilence: Double
    }

    /// The data format in soundkit's terms; nil when the file could not be read.
    package var encoding: AudioEncoding? { description?.encoding }

    /// Reads the facts of `path`; with `measureLoudness`, decodes the whole file through a ``LoudnessMeter`` too.
    /// With `truePeakCeiling` (dBTP), the true peak is only measured as far as telling whether it passes that
    /// ceiling (``Loudness/truePeakAtMost``): what the rules need, and not what a page showing it needs.
    package static func gather(
        _ path: String, measureLevels: Bool = true, measureLoudness: Bool = false, truePeakCeiling: Double? = nil
    ) -> SoundFacts {
        gather(
            path, measureLevels: measureLevels, measureLoudness: measureLoudness, listener: nil,
            truePeakCeiling: truePeakCeiling)
    }

    /// The same, with `listener` fed from the one pass that measures the sound when soundkit can decode it (a
    /// sound it cannot decode or read leaves the listener untouched).
    package static func gather(
        _ path: String, measureLevels: Bool, measureLoudness: Bool,
        listener: (any SampleConsumer)?, truePeakCeiling: Double? = nil
    ) -> SoundFacts {
        let file: InputFile
        do { file = try InputFile(path: path) } catch {
            var facts = SoundFacts(path: path)
            facts.readError = error.message
            return facts
        }
        return gather(
            file, measureLevels: measureLevels, measureLoudness: measureLoudness, listener: listener,
            truePeakCeiling: truePeakCeiling)
    }

    /// The same for a source already open: a file, or bytes in memory (a sound a service made).
    package static func gather(
        _ file: InputFile, measureLevels: Bool, measureLoudness: Bool,
        listener: (any SampleConsumer)?, truePeakCeiling: Double? = nil
    ) -> SoundFacts {
        var facts = SoundFacts(path: file.path)
        do {
            facts.fileSize = file.size
            facts.sniffed = ContainerKind(sniffing: (try? file.read(at: 0, count: 16)) ?? [])
            facts.description = try Inspector.describe(file)
        } catch {
            facts.readError = error.message
            return facts
        }
        guard let d = facts.description else { return facts }
        let levels = measureLevels && d.decodable && (d.encoding.isNotificationCodec || d.encoding == .imaADPCM)
        if measureLoudness && !d.decodable { facts.loudness = .unavailable("soundkit cannot decode \(d.format)") }
        let scan =
            levels || (measureLoudness && d.decodable)
            ? LevelScan(loudness: measureLoudness, truePeakCeiling: truePeakCeiling) : nil
        let consumers: [any SampleConsumer] = [scan, d.decodable ? listener : nil].compactMap { $0 }
        guard !consumers.isEmpty else { return facts }
        SamplePass.feed(file, consumers)
        if let scan {
            if levels { facts.levels = scan.levels }
            facts.loudness = scan.loudness
        }
        return facts
    }
}

extension SoundFacts {
    /// Nothing known of `path` yet but its name.
    init(path: String) {
        self.path = path
        fileName = FileSystem.lastComponent(path)
        fileExtension = FileSystem.splitExtension(fileName).ext.lowercased()
        fileSize = 0
        sniffed = .unknown
    }
}

/// Peak and leading silence, and the loudness when asked for, from the pass that decodes a sound.
final class LevelScan: SampleConsumer {
    /// Whether to measure the loudness.
    let measuresLoudness: Bool
    /// Set when the whole sound was read.
    private(set) var levels: SoundFacts.Levels?
    /// The loudness, or why there is none; nil when not asked for.
    private(set) var loudness: LoudnessReading?
    private var meter: LoudnessMeter?
    private var sampleRate = 0.0
    private var peak = 0.0
    private var firstLoud: Int64?
    private var frames: Int64 = 0
    private var scratch: [Double] = []

    /// −60 dBFS.
    static let threshold = 0x1p-10

    /// The ceiling, in dBTP, the true peak is only measured against (``LoudnessMeter``); nil measures it.
    let truePeakCeiling: Double?

    init(loudness: Bool, truePeakCeiling: Double? = nil) {
        measuresLoudness = loudness
        self.truePeakCeiling = truePeakCeiling
    }

    func start(_ source: SourceInfo) throws(AudioFileError) {
        sampleRate = source.sampleRate
        guard measuresLoudness else { return }
        do { meter = try LoudnessMeter(for: source, truePeakCeiling: truePeakCeiling) } catch {
            loudness = .unavailable(error.message)
        }
    }

    func consume(_ block: SampleBuffer, at position: Int64) throws(AudioFileError) {
        let found: (peak: Double, firstLoud: Int?)
        if block.kind == .float {
            found = block.floats.withUnsafeBufferPointer { Self.scan($0, count: block.sampleCount) }
        } else {
            block.doubles(into: &scratch)
            found = scratch.withUnsafeBufferPointer { Self.scan($0, count: block.sampleCount) }
        }
        peak = Swift.max(peak, found.peak)
        if firstLoud == nil, let i = found.firstLoud { firstLoud = position + Int64(i / block.channels) }
        frames = position + Int64(block.frames)
        try meter?.add(block)
    }

    /// The largest magnitude among the first `count` samples, and the index of the first above ``threshold``.
    static func scan(_ samples: UnsafeBufferPointer<Double>, count: Int) -> (peak: Double, firstLoud: Int?) {
        var peak = 0.0
        var first: Int?
        for i in 0..<count {
            let a = abs(samples[i])
            if a > peak { peak = a }
            if first == nil && a > threshold { first = i }
        }
        return (peak, first)
    }

    func finish() throws(AudioFileError) {
        if let meter { loudness = .measured(meter.result) }
        levels = SoundFacts.Levels(peak: peak, leadingSilence: Double(firstLoud ?? frames) / sampleRate)
    }

    func fail(_ error: AudioFileError) {
        levels = nil
        if measuresLoudness { loudness = .unavailable(error.message) }
    }
}

extension SoundChecker {
    /// ``gather(_:options:)`` with one more consumer for each sound, fed from the pass that measures it:
    /// `listener` makes one for each sound's path, and a sound soundkit cannot decode leaves its own untouched.
    package static func gather<Listener: SampleConsumer>(
        _ paths: [String], options: CheckOptions,
        listener: @Sendable (String) -> Listener
    ) -> [(SoundFacts, Listener)] {
        Parallel.map(scan(paths, options: options).sounds.map(\.source), width: options.jobs) { sound in
            let l = listener(sound.path)
            return (sound.facts(measureLoudness: options.measureLoudness, listener: l), l)
        }
    }
}
