// IMA ADPCM tables.
// Source: IMA Digital Audio Focus and Technical Working Groups, "Recommended Practices for Enhancing Digital Audio
// Compatibility in Multimedia Systems", rev. 3.00 (1992), the DVI ADPCM algorithm; identical in Apple's dvi.c,
// FFmpeg's libavcodec/adpcm_data.c and libsndfile's ima_adpcm.c.

/// The IMA ADPCM step sizes.
package enum IMATables {
    /// Quantiser step sizes, index 0...88.
    package static let step: [Int32] = [
        7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45,
        50, 55, 60, 66, 73, 80, 88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307,
        337, 371, 408, 449, 494, 544, 598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066,
        2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487,
        12635, 13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767,
    ]

    /// The same steps as 16-bit numbers (the largest is 32767).
    package static let step16: [Int16] = step.map { Int16($0) }

    /// The largest step index.
    package static let maxIndex: Int32 = 88
}
