import CSoxr

/// Sample-rate conversion with libsoxr, streaming, on interleaved Double frames. Every `soxr_*` call lives here.
final class Resampler {
    enum Quality { case high, veryHigh }

    private let lib: SoxrLibrary
    private let handle: soxr_t
    let channels: Int
    let ratio: Double
    let path: String

    /// `path` names the file being converted, for errors.
    init(from inRate: Double, to outRate: Double, channels: Int, quality: Quality, path: String) throws(AudioFileError) {
        lib = try SoxrLibrary.forResampling(path)
        self.path = path
        var io = lib.ioSpec(SOXR_FLOAT64_I, SOXR_FLOAT64_I)
        var q = lib.qualitySpec(UInt(quality == .veryHigh ? SOXR_VHQ : SOXR_HQ), 0)
        var error: soxr_error_t?
        guard let h = lib.create(inRate, outRate, UInt32(channels), &error, &io, &q, nil), error == nil else {
            throw AudioFileError(path, .conversion(.resampler(error.map { String(cString: $0) } ?? "cannot create a resampler")))
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
            var inDone = 0, outDone = 0
            let error = output.withUnsafeMutableBufferPointer { out in
                lib.process(handle, input.map { $0 + consumed * channels }, pending, &inDone,
                             out.baseAddress.map { $0 + start }, room, &outDone)
            }
            if let e = error { throw AudioFileError(path, .conversion(.resampler(String(cString: e)))) }
            output.removeLast((room - outDone) * channels)
            consumed += inDone
            if input == nil ? outDone == 0 : consumed >= frames || (inDone == 0 && outDone == 0) { return }
        }
    }
}
