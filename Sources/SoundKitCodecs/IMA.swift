/// The IMA ADPCM state of one channel and the one nibble step that every IMA codec here shares.
public struct IMAState: Hashable, Sendable {
    public var predictor: Int32
    public var index: Int32

    public init(predictor: Int32 = 0, index: Int32 = 0) {
        self.predictor = predictor
        self.index = index
    }
}

public enum IMA {
    /// Applies one 4-bit code with the reference shift-and-add arithmetic and returns the new sample.
    /// This is the decoder; the encoders call it too, so what they assume is what a decoder computes.
    @inlinable @inline(__always)
    public static func decode(_ code: UInt8, _ state: inout IMAState, steps: UnsafePointer<Int32>) -> Int16 {
        let c = Int32(code & 0xF)
        let step = steps[Int(state.index)]
        var diff = step &>> 3
        if c & 4 != 0 { diff &+= step }
        if c & 2 != 0 { diff &+= step &>> 1 }
        if c & 1 != 0 { diff &+= step &>> 2 }
        let p = c & 8 != 0 ? state.predictor &- diff : state.predictor &+ diff
        state.predictor = Swift.min(Swift.max(p, -32768), 32767)
        // index table: -1 for magnitudes 0...3, then 2, 4, 6, 8
        let m = c & 7
        state.index = Swift.min(Swift.max(state.index &+ (m < 4 ? -1 : (m &- 3) &<< 1), 0), 88)
        return Int16(truncatingIfNeeded: state.predictor)
    }

    /// The greedy code for `x` from `state` (Apple's and FFmpeg's quantiser: sign, then step, step/2, step/4),
    /// applied to `state`.
    @inlinable @inline(__always)
    public static func encode(_ x: Int32, _ state: inout IMAState, steps: UnsafePointer<Int32>) -> UInt8 {
        var d = x &- state.predictor
        var code: Int32 = 0
        if d < 0 { code = 8; d = 0 &- d }
        let step = steps[Int(state.index)]
        if d >= step { code |= 4; d &-= step }
        if d >= step &>> 1 { code |= 2; d &-= step &>> 1 }
        if d >= step &>> 2 { code |= 1 }
        _ = decode(UInt8(truncatingIfNeeded: code), &state, steps: steps)
        return UInt8(truncatingIfNeeded: code)
    }

    @inlinable
    static func withSteps<R, E: Error>(_ body: (UnsafePointer<Int32>) throws(E) -> R) throws(E) -> R {
        try IMATables.step.withUnsafeBufferPointer { (table) throws(E) -> R in try body(table.baseAddress!) }
    }

    /// The step table in 16 bits (every step fits), for the vector searches' 16-bit lanes.
    @inlinable
    static func withSteps16<R>(_ body: (UnsafePointer<Int16>) -> R) -> R {
        IMATables.step16.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
