import CSoxr

/// afconvert's sample rate converter settings, `-r/--src-quality 0...127` and `--src-complexity line|norm|bats`,
/// as libsoxr quality recipes:
///
/// | complexity | quality 0–31 | 32–63 | 64–95 | 96–127 (default 127) |
/// |---|---|---|---|---|
/// | `line` | quick (cubic) | quick | quick | quick |
/// | `norm` (default) | low (16-bit, wide roll-off) | medium (16-bit) | 16-bit | high (20-bit); very high (28-bit) for PCM outputs above 16 bits |
/// | `bats` | 24-bit | 24-bit | very high (28-bit) | 32-bit |
package struct ResamplerQuality: Hashable, Sendable {
    /// afconvert's `--src-complexity` names: linear, normal, and mastering ("bats").
    package enum Complexity: String, CaseIterable, Sendable {
        case line, norm, bats
    }

    /// 0...127, as `kAudioConverterSampleRateConverterQuality` (afconvert's default is 127, the maximum).
    package var quality: Int
    package var complexity: Complexity

    package init(quality: Int = 127, complexity: Complexity = .norm) {
        self.quality = quality
        self.complexity = complexity
    }

    /// libsoxr's quality recipes (`SOXR_QQ` … `SOXR_32_BITQ`).
    package enum Recipe: UInt, Sendable, CaseIterable {
        case quick = 0
        case low = 1
        case medium = 2
        case bits16 = 3
        case bits20 = 4
        case bits24 = 5
        case bits28 = 6
        case bits32 = 7
    }

    /// The recipe for an output whose samples are wider than 16 bits (`wide`) or not. Quality values outside
    /// 0...127 count as the nearest end.
    package func recipe(wide: Bool) -> Recipe {
        let band = Swift.min(3, Swift.max(0, quality) / 32)
        switch complexity {
        case .line: return .quick
        case .norm: return [Recipe.low, .medium, .bits16, wide ? .bits28 : .bits20][band]
        case .bats: return [Recipe.bits24, .bits24, .bits28, .bits32][band]
        }
    }
}

/// Sample-rate conversion with libsoxr, streaming, on interleaved Double frames. Every `soxr_*` call lives here.
final class Resampler {
    private let lib: SoxrLibrary
    private let handle: soxr_t
    let channels: Int
    let ratio: Double
    let path: String

    /// `path` names the file being converted, for errors.
    init(
        from inRate: Double, to outRate: Double, channels: Int, recipe: ResamplerQuality.Recipe, path: String
    ) throws(AudioFileError) {
        lib = try SoxrLibrary.forResampling(path)
        self.path = path
        var io = lib.ioSpec(SOXR_FLOAT64_I, SOXR_FLOAT64_I)
        var q = lib.qualitySpec(recipe.rawValue, 0)
        var error: soxr_error_t?
        guard let h = lib.create(inRate, outRate, UInt32(channels), &error, &io, &q, nil), error == nil else {
            throw AudioFileError(
                path, .conversion(.resampler(error.map { String(cString: $0) } ?? "cannot create a resampler")))
        }
        handle = h
        self.channels = channels
        self.ratio = outRate / inRate
    }

    deinit { lib.delete(handle) }

    /// Resamples `frames` frames from `input`, appending the output to `output`. `input == nil` flushes the tail.
    func process(_ input: UnsafePointer<Double>?, frames: Int, into output: inout [Double]) throws(AudioFileError) {
        var consumed = 0
        while true {
            let pending = input == nil ? 0 : frames - consumed
            let room = Int((Double(pending) * ratio).rounded(.up)) + 1024
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: room * channels))
            var inDone = 0
            var outDone = 0
            let error = output.withUnsafeMutableBufferPointer { out in
                lib.process(
                    handle, input.map { $0 + consumed * channels }, pending, &inDone,
                    out.baseAddress.map { $0 + start }, room, &outDone)
            }
            if let e = error { throw AudioFileError(path, .conversion(.resampler(String(cString: e)))) }
            output.removeLast((room - outDone) * channels)
            consumed += inDone
            if input == nil ? outDone == 0 : consumed >= frames || (inDone == 0 && outDone == 0) { return }
        }
    }
}
