import SoundKitCodecs
import SoundKitContainers

/// A sound re-encoded so that a browser's `<audio>` plays it (browsers play no CAF, AIFF or IMA4): mono stays
/// mono, anything wider becomes stereo (5.1 by ITU-R BS.775).
package struct AudioPreview: Sendable, Hashable {
    package enum Format: String, Sendable, Hashable, CaseIterable {
        /// Ogg Opus through libsndfile, 32 kbit/s per channel at 48 kHz (or the source's rate when Opus takes it):
        /// about a tenth of 16-bit WAV.
        case opus
        /// 16-bit WAV at the source's rate: larger, and plays in every browser.
        case wav

        /// The `type` of an `<audio>` source.
        package var mimeType: String {
            switch self {
            case .opus: return "audio/ogg; codecs=opus"
            case .wav: return "audio/wav"
            }
        }
    }

    package var format: Format
    /// The encoded file.
    package var bytes: [UInt8]
    package var sampleRate: Double
    package var channels: Int
    /// Frames the file decodes to.
    package var frames: Int64

    package var duration: Double { Double(frames) / sampleRate }
}

/// Encodes an ``AudioPreview`` from the frames of a source as they stream through, mixed and resampled by the
/// converter's ``FrameChain``.
package final class PreviewEncoder {
    private enum Output {
        case opus(SndFileOggWriter)
        case wav(StreamEncoder, OutputLayout, [UInt8])
    }

    private var output: Output
    private let format: AudioPreview.Format
    private let path: String
    private let sourceChannels: Int
    private let channels: Int
    private let rate: Double
    private let chain: FrameChain
    /// Frames written, and source frames taken.
    private var frames: Int64 = 0
    private var position: Int64 = 0
    private var scratch: [Double] = []

    /// Rates an Opus stream is coded at.
    static let opusRates: Set<Double> = [8000, 12000, 16000, 24000, 48000]

    /// An encoder for a preview of `source` in `format`.
    package init(for source: SourceInfo, format: AudioPreview.Format) throws(AudioFileError) {
        self.format = format
        path = source.path
        sourceChannels = source.channels
        channels = Swift.min(source.channels, 2)
        switch format {
        case .opus:
            rate = Self.opusRates.contains(source.sampleRate) ? source.sampleRate : 48000
            output = .opus(
                try SndFileOggWriter(
                    channels: channels, rate: Int(rate), bitsPerSecondPerChannel: 32000,
                    path: source.path))
        case .wav:
            rate = source.sampleRate
            let stream = OutputLayout.streamFormat(
                .pcm(.int(16, bigEndian: false)), sampleRate: rate,
                channels: channels, fileType: .wav)
            let layout = OutputLayout(fileType: .wav, format: stream, filler: false)
            guard let encoder = StreamEncoder(format: stream, imaSearch: .none) else {
                throw AudioFileError(source.path, .conversion(.encoder(stream.encoding)))
            }
            output = .wav(encoder, layout, [])
        }
        // The resampler's recipe is the one for a 16-bit output at the default quality.
        var options = ConversionOptions(fileType: .wav)
        options.sampleRate = rate
        options.channels = channels
        chain = try FrameChain(
            source: source, options: options, encoding: .pcm(.int(16, bigEndian: false)),
            path: source.path)
    }

    /// Adds the frames of `buffer` (the source's channel count).
    package func add(_ buffer: SampleBuffer) throws(AudioFileError) {
        guard buffer.frames > 0, buffer.channels == sourceChannels else { return }
        try chain.consume(buffer, at: position) { (b: SampleBuffer) throws(AudioFileError) in try write(b) }
        position += Int64(buffer.frames)
    }

    private func write(_ block: SampleBuffer) throws(AudioFileError) {
        guard block.frames > 0 else { return }
        if block.kind == .float {
            try write(block.floats, frames: block.frames)
        } else {
            block.doubles(into: &scratch)
            try write(scratch, frames: block.frames)
        }
    }

    private func write(_ samples: [Double], frames n: Int) throws(AudioFileError) {
        guard n > 0 else { return }
        switch output {
        case .opus(let w):
            try w.write(samples, frames: n)
        case .wav(var encoder, let layout, var bytes):
            var b = SampleBuffer(kind: .float, channels: channels)
            b.floats = samples
            b.frames = n
            encoder.encode(b, into: &bytes)
            output = .wav(encoder, layout, bytes)
        }
        frames += Int64(n)
    }

    /// Flushes what is pending and returns the preview.
    package func finish() throws(AudioFileError) -> AudioPreview {
        try chain.finish { (b: SampleBuffer) throws(AudioFileError) in try write(b) }
        let bytes: [UInt8]
        switch output {
        case .opus(let w):
            bytes = w.finish()
        case .wav(let encoder, let layout, let data):
            do {
                bytes =
                    try ContainerWriter.header(layout, totals: encoder.totals) + data
                    + ContainerWriter.trailer(layout, totals: encoder.totals)
            } catch {
                throw AudioFileError(path, .container(error))
            }
        }
        return AudioPreview(format: format, bytes: bytes, sampleRate: rate, channels: channels, frames: frames)
    }
}
