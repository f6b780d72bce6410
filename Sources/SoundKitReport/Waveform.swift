import SoundKitIO

/// A sound's shape: for each column of frames, the smallest and largest sample of each channel (full scale ±1).
/// Long sounds get more frames per column, never fewer columns of the start.
package struct Waveform: Codable, Hashable, Sendable {
    /// Frames each column covers (the last may cover fewer).
    package var framesPerColumn: Int64
    package var sampleRate: Double
    package var channels: [Channel]

    package struct Channel: Codable, Hashable, Sendable {
        package var min: [Double]
        package var max: [Double]
    }

    package var columns: Int { channels.first?.min.count ?? 0 }
}

/// Builds a ``Waveform`` while a sound streams through, in memory proportional to the columns asked for whatever
/// the sound's length: when the columns pass twice the number asked for, neighbours merge and each column covers
/// twice the frames.
struct WaveformBuilder {
    let channels: Int
    let sampleRate: Double
    let columns: Int
    private(set) var framesPerColumn: Int64
    private var mins: [[Double]]
    private var maxs: [[Double]]
    private var frame: Int64 = 0
    private var scratch: [Double] = []

    init(channels: Int, sampleRate: Double, expectedFrames: Int64, columns: Int) {
        self.channels = channels
        self.sampleRate = sampleRate
        self.columns = Swift.max(1, columns)
        let c = Int64(self.columns)
        framesPerColumn = Swift.max(1, expectedFrames / c + (expectedFrames % c == 0 ? 0 : 1))
        mins = Array(repeating: [], count: channels)
        maxs = Array(repeating: [], count: channels)
    }

    mutating func add(_ buffer: SampleBuffer) {
        guard buffer.channels == channels, buffer.frames > 0 else { return }
        buffer.doubles(into: &scratch)
        for f in 0..<buffer.frames {
            let column = Int(frame / framesPerColumn)
            if column >= mins[0].count {
                for c in 0..<channels {
                    mins[c].append(.infinity)
                    maxs[c].append(-.infinity)
                }
            }
            for c in 0..<channels {
                let v = scratch[f * channels + c]
                if v < mins[c][column] { mins[c][column] = v }
                if v > maxs[c][column] { maxs[c][column] = v }
            }
            frame += 1
            if mins[0].count > 2 * columns && frame % framesPerColumn == 0 { merge(by: 2) }
        }
    }

    /// Joins every `n` neighbouring columns into one.
    private mutating func merge(by n: Int) {
        for c in 0..<channels {
            mins[c] = stride(from: 0, to: mins[c].count, by: n).map {
                mins[c][$0..<Swift.min($0 + n, mins[c].count)].min() ?? 0
            }
            maxs[c] = stride(from: 0, to: maxs[c].count, by: n).map {
                maxs[c][$0..<Swift.min($0 + n, maxs[c].count)].max() ?? 0
            }
        }
        framesPerColumn *= Int64(n)
    }

    /// At most ``columns`` columns.
    mutating func finish() -> Waveform {
        let count = mins.first?.count ?? 0
        if count > columns { merge(by: (count + columns - 1) / columns) }
        return Waveform(
            framesPerColumn: framesPerColumn, sampleRate: sampleRate,
            channels: (0..<channels).map { Waveform.Channel(min: mins[$0], max: maxs[$0]) })
    }
}
