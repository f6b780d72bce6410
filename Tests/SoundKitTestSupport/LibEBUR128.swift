import Foundation

/// libebur128, the loudness meter's test oracle, opened with dlopen when it is installed (scripts/setup installs it
/// as a test tool; soundkit itself no longer uses it). No headers: the few functions are declared here.
public struct LibEBUR128: @unchecked Sendable {
    typealias Init = @convention(c) (UInt32, UInt, Int32) -> OpaquePointer?
    typealias Destroy = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    typealias SetChannel = @convention(c) (OpaquePointer?, UInt32, Int32) -> Int32
    typealias AddFrames = @convention(c) (OpaquePointer?, UnsafePointer<Double>?, Int) -> Int32
    typealias Value = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?) -> Int32
    typealias ChannelValue = @convention(c) (OpaquePointer?, UInt32, UnsafeMutablePointer<Double>?) -> Int32

    let initialize: Init, destroy: Destroy, setChannel: SetChannel, addFrames: AddFrames
    let global: Value, range: Value, truePeak: ChannelValue, samplePeak: ChannelValue

    /// The library, or nil when it is not installed.
    public static let shared: LibEBUR128? = {
        #if os(macOS)
            let names = [
                "libebur128.1.dylib", "/opt/homebrew/lib/libebur128.1.dylib", "/usr/local/lib/libebur128.1.dylib",
            ]
        #else
            let names = ["libebur128.so.1"]
        #endif
        guard let handle = names.lazy.compactMap({ dlopen($0, RTLD_NOW | RTLD_LOCAL) }).first else { return nil }
        func symbol<T>(_ name: String, _ type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let i = symbol("ebur128_init", Init.self), let d = symbol("ebur128_destroy", Destroy.self),
            let s = symbol("ebur128_set_channel", SetChannel.self),
            let a = symbol("ebur128_add_frames_double", AddFrames.self),
            let g = symbol("ebur128_loudness_global", Value.self), let r = symbol("ebur128_loudness_range", Value.self),
            let t = symbol("ebur128_true_peak", ChannelValue.self),
            let p = symbol("ebur128_sample_peak", ChannelValue.self)
        else { return nil }
        return LibEBUR128(
            initialize: i, destroy: d, setChannel: s, addFrames: a, global: g, range: r, truePeak: t, samplePeak: p)
    }()

    /// What libebur128 measures: integrated LUFS (nil below the gates or under 0.4 s), loudness range in LU, and the
    /// largest true and sample peaks of any channel in dB (nil for silence).
    public struct Reading: Sendable {
        public var integrated: Double?
        public var range: Double
        public var truePeak: Double?
        public var samplePeak: Double?
    }

    /// libebur128's position numbers: 1 left/right/centre (weight 1), 0 unused, 4 left surround (1.41).
    public enum Position: Int32, Sendable {
        case unused = 0, left = 1, surround = 4
    }

    /// Measures interleaved `samples` of `positions.count` channels at `rate` Hz, fed in blocks of `block` frames.
    public func measure(
        _ samples: [Double], rate: Int, positions: [Position], block: Int = 4096
    ) -> Reading? {
        let channels = positions.count
        let mode: Int32 = 0x3F  // EBUR128_MODE_I | EBUR128_MODE_LRA | EBUR128_MODE_TRUE_PEAK
        guard let made = initialize(UInt32(channels), UInt(rate), mode) else { return nil }
        var state: OpaquePointer? = made
        defer { destroy(&state) }
        for (c, p) in positions.enumerated() { _ = setChannel(state, UInt32(c), p.rawValue) }
        let frames = samples.count / channels
        samples.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < frames {
                let n = min(block, frames - start)
                _ = addFrames(state, buffer.baseAddress.map { $0 + start * channels }, n)
                start += n
            }
        }
        var g = 0.0
        var r = 0.0
        _ = global(state, &g)
        _ = range(state, &r)
        var tp = 0.0
        var sp = 0.0
        for c in 0..<channels {
            var t = 0.0
            var s = 0.0
            _ = truePeak(state, UInt32(c), &t)
            _ = samplePeak(state, UInt32(c), &s)
            tp = max(tp, t)
            sp = max(sp, s)
        }
        func decibels(_ x: Double) -> Double? { x > 0 ? 20 * log10(x) : nil }
        return Reading(integrated: g.isFinite ? g : nil, range: r, truePeak: decibels(tp), samplePeak: decibels(sp))
    }
}
