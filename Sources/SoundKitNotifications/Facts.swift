import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// Everything the rules look at, gathered once per file: headers where they suffice, samples only for the
/// silence and loudness rules and only when soundkit can decode the file (one pass for both).
public struct SoundFacts: Sendable {
    public var path: String
    public var fileName: String
    public var fileExtension: String
    public var fileSize: Int64
    public var sniffed: ContainerKind
    /// The description `soundkit info` gives; nil when the file could not be read.
    public var description: AudioFileDescription?
    /// Why the file could not be read.
    public var readError: String?
    public var levels: Levels?
    /// EBU R 128 loudness, when asked for (``gather(_:measureLevels:measureLoudness:)``).
    public var loudness: LoudnessReading?
    /// For files inside a bundle: the path below the bundle (`Sounds/a.caf`), nil at the top level.
    public var bundleSubpath: String?

    public struct Levels: Sendable, Hashable {
        /// Largest absolute sample, full scale 1.0.
        public var peak: Double
        /// Seconds before the first sample above −60 dBFS.
        public var leadingSilence: Double
    }

    public var encoding: AudioEncoding? { description?.encoding }

    /// Reads the facts of `path`; with `measureLoudness`, decodes the whole file through a ``LoudnessMeter`` too.
    public static func gather(_ path: String, measureLevels: Bool = true, measureLoudness: Bool = false) -> SoundFacts {
        let name = FileSystem.lastComponent(path)
        var facts = SoundFacts(path: path, fileName: name, fileExtension: FileSystem.splitExtension(name).ext.lowercased(),
                               fileSize: 0, sniffed: .unknown, description: nil, readError: nil, levels: nil, loudness: nil,
                               bundleSubpath: nil)
        do {
            let file = try InputFile(path: path)
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
        guard levels || (measureLoudness && d.decodable) else { return facts }
        do {
            let measured = try measure(path, loudness: measureLoudness)
            if levels { facts.levels = measured.levels }
            facts.loudness = measured.loudness
        } catch {
            if measureLoudness { facts.loudness = .unavailable(error.message) }
        }
        return facts
    }

    /// Peak and leading silence, and the loudness when asked for, decoding the whole file once.
    static func measure(_ path: String, loudness: Bool) throws(AudioFileError) -> (levels: Levels, loudness: LoudnessReading?) {
        let reader = try AudioInput.open(path)
        var meter: LoudnessMeter?
        var reading: LoudnessReading?
        if loudness {
            do { meter = try LoudnessMeter(for: reader.info) } catch { reading = .unavailable(error.message) }
        }
        let threshold = 0x1p-10  // −60 dBFS
        var buffer = SampleBuffer(kind: reader.info.kind, channels: reader.info.channels)
        var peak = 0.0
        var frame: Int64 = 0
        var firstLoud: Int64?
        var scratch: [Double] = []
        while try reader.read(into: &buffer, maxFrames: 16384) > 0 {
            buffer.doubles(into: &scratch)
            let ch = buffer.channels
            for i in 0..<buffer.sampleCount {
                let a = abs(scratch[i])
                if a > peak { peak = a }
                if firstLoud == nil && a > threshold { firstLoud = frame + Int64(i / ch) }
            }
            frame += Int64(buffer.frames)
            try meter?.add(buffer)
        }
        if let meter { reading = .measured(meter.result) }
        let rate = reader.info.sampleRate
        return (Levels(peak: peak, leadingSilence: Double(firstLoud ?? frame) / rate), reading)
    }
}
