import SoundKitContainers
import SoundKitIO
import SoundKitNotifications

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a team looks at and listens to: every sound of a set with its facts, loudness, `check` findings, waveform
/// and a preview a browser plays. Codable and versioned, so a service can store it or render its own page;
/// ``HTMLReport`` renders soundkit's.
public struct SoundSetReport: Codable, Hashable, Sendable {
    /// The version of this document's shape.
    package var version = 1
    /// The page's heading.
    package var title: String
    /// Every sound, in the order `check` finds them.
    public var sounds: [Sound]
    /// Counts over every sound, and the loudness spread.
    public var summary: Summary

    /// One sound: its facts, findings, loudness, waveform and preview.
    public struct Sound: Codable, Hashable, Sendable {
        /// The path as found.
        public var path: String
        /// The file name.
        package var name: String
        /// The container as `soundkit info` names it; nil when the file could not be read.
        package var container: String?
        /// The data format as `soundkit info` names it.
        package var format: String?
        /// Frames per second.
        package var sampleRate: Double?
        /// Channels per frame.
        package var channels: Int?
        /// The played length in frames.
        package var frames: Int64?
        /// Seconds, the played length.
        public var duration: Double?
        /// Every `check` finding, errors first.
        public var findings: [Finding]
        /// EBU R 128 loudness; nil with `loudnessUnavailable`.
        public var loudness: Loudness?
        /// Why there is no ``loudness``.
        package var loudnessUnavailable: String?
        /// The sound's shape; nil with ``previewUnavailable``.
        package var waveform: Waveform?
        /// The sound re-encoded for a browser; nil without previews or with ``previewUnavailable``.
        package var preview: Preview?
        /// Why there is no ``waveform`` or ``preview`` (soundkit cannot decode the file, or it breaks off).
        package var previewUnavailable: String?
    }

    /// A sound re-encoded for a browser (``AudioPreview``), as base64 for a `data:` URI.
    package struct Preview: Codable, Hashable, Sendable {
        /// `opus` or `wav`.
        package var format: String
        /// The `type` of an `<audio>` source.
        package var mimeType: String
        /// Frames per second of the preview.
        package var sampleRate: Double
        /// 1 or 2.
        package var channels: Int
        /// Frames the preview decodes to.
        package var frames: Int64
        /// Seconds.
        package var duration: Double
        /// The encoded file in base64.
        package var base64: String
    }

    /// Counts over every sound of a report.
    public struct Summary: Codable, Hashable, Sendable {
        /// Sounds in the report.
        public var sounds: Int
        /// Error findings, over every sound.
        public var errors: Int
        /// Warning findings, over every sound.
        public var warnings: Int
        /// Note findings, over every sound.
        package var notes: Int
        /// Sounds with at least one error.
        package var soundsWithErrors: Int
        /// The median integrated loudness of the sounds that have one, LUFS.
        package var medianLoudness: Double?
        /// LU a sound may lie from the median (``CheckOptions/loudnessSpread``).
        package var loudnessSpread: Double
        /// Sounds further from the median than that.
        package var loudnessOutliers: Int
    }

    /// A report of `sounds`, its summary counted from them.
    package init(title: String, sounds: [Sound], loudnessSpread: Double) {
        self.title = title
        self.sounds = sounds
        let findings = sounds.flatMap(\.findings)
        let levels = sounds.compactMap { $0.loudness?.integrated }.sorted()
        let median =
            levels.isEmpty
            ? nil
            : levels.count % 2 == 1
                ? levels[levels.count / 2] : (levels[levels.count / 2 - 1] + levels[levels.count / 2]) / 2
        summary = Summary(
            sounds: sounds.count, errors: findings.filter { $0.severity == .error }.count,
            warnings: findings.filter { $0.severity == .warning }.count,
            notes: findings.filter { $0.severity == .note }.count,
            soundsWithErrors: sounds.filter { $0.findings.contains { $0.severity == .error } }.count,
            medianLoudness: median, loudnessSpread: loudnessSpread,
            loudnessOutliers: sounds.filter { $0.findings.contains { $0.rule == .loudnessSpread } }.count)
    }
}

extension SoundSetReport {
    /// What ``build(_:options:)`` makes.
    public struct Options: Sendable {
        /// The page's heading.
        public var title: String
        /// The `check` rules' options; loudness is always measured.
        public var check: CheckOptions
        /// nil: no previews.
        package var preview: AudioPreview.Format?
        /// Waveform columns per sound, however long the sound.
        package var waveformColumns: Int

        /// Options with soundkit's defaults: Opus previews and 480 waveform columns.
        public init(title: String = "Notification sounds", check: CheckOptions = CheckOptions()) {
            self.init(title: title, check: check, preview: .opus)
        }

        /// Options with a preview format (nil: none) and a waveform width.
        package init(title: String, check: CheckOptions, preview: AudioPreview.Format?, waveformColumns: Int = 480) {
            self.title = title
            self.check = check
            self.preview = preview
            self.waveformColumns = waveformColumns
        }
    }

    /// Checks every sound below `paths` (files, folders, bundles, as `soundkit check` finds them) and, in the same
    /// pass that measures its levels and loudness, makes the waveform and preview of each one soundkit can decode.
    public static func build(_ paths: [String], options: Options = Options()) -> SoundSetReport {
        var check = options.check
        check.measureLoudness = true
        let gathered = SoundChecker.gather(paths, options: check) { _ in
            SoundListener(columns: options.waveformColumns, preview: options.preview)
        }
        let checked = SoundChecker.report(gathered.map(\.0), options: check)
        let sounds = zip(gathered, checked.files).map { gathered, r in
            let (f, listener) = gathered
            var sound = Sound(f, checked: r)
            if let c = check.configuration { sound.findings = c.findings(sound.findings, for: sound.path) }
            if let d = f.description, d.decodable {
                switch listener.outcome {
                case .success(let heard)?: (sound.waveform, sound.preview) = heard
                case .failure(let error)?: sound.previewUnavailable = error.message
                case nil: sound.previewUnavailable = "cannot be read"
                }
            } else {
                sound.previewUnavailable =
                    f.description.map { "soundkit cannot decode \($0.format)" }
                    ?? f.readError ?? "cannot be read"
            }
            return sound
        }
        return SoundSetReport(title: options.title, sounds: sounds, loudnessSpread: check.loudnessSpread)
    }
}

extension SoundSetReport.Sound {
    /// A sound's facts, loudness and findings; no waveform or preview yet.
    init(_ facts: SoundFacts, checked r: FileReport) {
        path = facts.path
        name = facts.fileName
        container = r.container
        format = r.format
        sampleRate = r.sampleRate
        channels = r.channels
        frames = r.frames
        duration = r.duration
        findings = r.findings
        loudness = facts.loudness?.value
        loudnessUnavailable = facts.loudness?.unavailable
    }
}

extension SoundSetReport.Preview {
    /// `preview` with its bytes in base64.
    init(_ preview: AudioPreview) {
        format = preview.format.rawValue
        mimeType = preview.format.mimeType
        sampleRate = preview.sampleRate
        channels = preview.channels
        frames = preview.frames
        duration = preview.duration
        base64 = Data(preview.bytes).base64EncodedString()
    }
}

/// A sound's waveform and preview, made from the pass that measures it.
final class SoundListener: SampleConsumer {
    let columns: Int
    let format: AudioPreview.Format?
    private var waveform: WaveformBuilder?
    private var encoder: PreviewEncoder?
    /// Set at the end of the pass: the waveform and preview, or why there are none.
    private(set) var outcome: Result<(Waveform, SoundSetReport.Preview?), AudioFileError>?

    init(columns: Int, preview format: AudioPreview.Format?) {
        self.columns = columns
        self.format = format
    }

    func start(_ source: SourceInfo) throws(AudioFileError) {
        waveform = WaveformBuilder(
            channels: source.channels, sampleRate: source.sampleRate,
            expectedFrames: source.frames, columns: columns)
        encoder = try format.map { f throws(AudioFileError) in try PreviewEncoder(for: source, format: f) }
    }

    func consume(_ block: SampleBuffer, at position: Int64) throws(AudioFileError) {
        waveform?.add(block)
        try encoder?.add(block)
    }

    func finish() throws(AudioFileError) {
        let preview = try encoder.map { e throws(AudioFileError) in SoundSetReport.Preview(try e.finish()) }
        guard var w = waveform else { return }
        outcome = .success((w.finish(), preview))
    }

    func fail(_ error: AudioFileError) { outcome = .failure(error) }
}
