import SoundKitCodecs
import SoundKitContainers
import SoundKitIO

/// Everything the rules look at, gathered once per file: headers where they suffice, samples only for the
/// silence rule and only when soundkit can decode the file.
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
    /// For files inside a bundle: the path below the bundle (`Sounds/a.caf`), nil at the top level.
    public var bundleSubpath: String?

    public struct Levels: Sendable, Hashable {
        /// Largest absolute sample, full scale 1.0.
        public var peak: Double
        /// Seconds before the first sample above −60 dBFS.
        public var leadingSilence: Double
    }

    public var encoding: AudioEncoding? { description?.encoding }

    /// Reads the facts of `path`.
    public static func gather(_ path: String, measureLevels: Bool = true) -> SoundFacts {
        let name = FileSystem.lastComponent(path)
        var facts = SoundFacts(path: path, fileName: name, fileExtension: FileSystem.splitExtension(name).ext.lowercased(),
                               fileSize: 0, sniffed: .unknown, description: nil, readError: nil, levels: nil, bundleSubpath: nil)
        do {
            let file = try InputFile(path: path)
            facts.fileSize = file.size
            facts.sniffed = ContainerKind(sniffing: (try? file.read(at: 0, count: 16)) ?? [])
            facts.description = try Inspector.describe(file)
        } catch {
            facts.readError = (error as? AudioFileError)?.message ?? "\(error)"
            return facts
        }
        if measureLevels, let d = facts.description, d.decodable, d.encoding.isNotificationCodec || d.encoding == .imaADPCM {
            facts.levels = try? measure(path)
        }
        return facts
    }

    /// Peak and leading silence, decoding the whole file.
    static func measure(_ path: String) throws -> Levels {
        let reader = try AudioInput.open(path)
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
        }
        let rate = reader.info.sampleRate
        return Levels(peak: peak, leadingSilence: Double(firstLoud ?? frame) / rate)
    }
}
