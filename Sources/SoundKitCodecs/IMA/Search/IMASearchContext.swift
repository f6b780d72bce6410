/// What the trellis, the look-ahead coder and the beams work with, set up once for a call and passed to each search
/// (as FFmpeg passes its `ADPCMEncodeContext` to `adpcm_compress_trellis`, and libsndfile keeps `IMA_ADPCM_PRIVATE`):
/// the step tables, the trellis's traces, the look-ahead coder's codes, a block to try another coding in, and the
/// beams. The buffers are allocated once, before any sample is coded.
struct IMASearchContext {
    /// The step table.
    let steps: UnsafePointer<Int32>
    /// The same steps in 16 bits, for the vector searches' lanes.
    let steps16: UnsafePointer<Int16>
    /// The trellis's traces, and one code a sample of the channel being written.
    let trellis: IMATrellis.Scratch
    /// The look-ahead coder's codes: one vector a sample.
    let lanes: UnsafeMutablePointer<IMA.Lanes>
    /// Room for a block coded another way, to compare with the one written.
    let trial: UnsafeMutablePointer<UInt8>
    /// The beams the search runs besides (none below ``IMASearch/beam``).
    let beams: [IMABeam]

    /// Calls `body` with a context for blocks of up to `samples` samples and trial blocks of `trialBytes` bytes.
    @_optimize(speed)
    static func with<R>(samples: Int, trialBytes: Int, beams: [IMABeam] = [], _ body: (IMASearchContext) -> R) -> R {
        let lanes = UnsafeMutablePointer<IMA.Lanes>.allocate(capacity: Swift.max(samples, 1))
        let trial = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.max(trialBytes, 1))
        defer {
            lanes.deallocate()
            trial.deallocate()
        }
        return IMA.withSteps16 { steps16 in
            IMA.withSteps { steps in
                IMATrellis.withScratch(samples: samples) { scratch in
                    body(
                        IMASearchContext(
                            steps: steps, steps16: steps16, trellis: scratch, lanes: lanes, trial: trial,
                            beams: beams))
                }
            }
        }
    }
}
