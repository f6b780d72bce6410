/// Apple IMA4 (`ima4`): 64 frames a packet; per channel a 34-byte block of a 2-byte big-endian preamble
/// (9-bit predictor, 7-bit step index) and 32 bytes of codes, low nibble first; channels block-interleaved.
package enum IMA4 {
    /// Frames a packet holds.
    package static let framesPerPacket = 64
    /// Bytes of one channel's block: the preamble and 64 codes.
    package static let bytesPerBlock = 34

    /// Bytes of one packet of `channels` channels.
    @_optimize(speed)
    package static func bytesPerPacket(channels: Int) -> Int { bytesPerBlock * channels }

    /// The preamble a decoder reads as `(predictor, index)`.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func preamble(predictor: Int32, index: Int32) -> UInt16 {
        UInt16(truncatingIfNeeded: predictor) & 0xFF80 | UInt16(truncatingIfNeeded: index)
    }

    /// The preamble predictor (a multiple of 128, −32768...32640) nearest `predictor`.
    @inlinable @inline(__always)
    @_optimize(speed)
    static func preamblePredictor(nearest predictor: Int32) -> Int32 { Swift.min((predictor &+ 64) & ~0x7F, 32640) }

    /// Apple's resync rule: keep the running state when the preamble's index equals it and its predictor lies
    /// within 0x7F of it; otherwise adopt the preamble. Returns the state the packet decodes from.
    @inlinable @inline(__always)
    @_optimize(speed)
    package static func resync(_ running: IMAState, preamble: UInt16) -> IMAState {
        let predictor = Int32(Int16(bitPattern: preamble & 0xFF80))
        let index = Int32(preamble & 0x7F)
        if index == running.index && abs(predictor &- running.predictor) <= 0x7F { return running }
        return IMAState(predictor: predictor, index: index)
    }
}

/// Why an IMA4 stream cannot be decoded.
package enum IMA4Error: Error, Equatable, CustomStringConvertible {
    /// A preamble's step index is above 88 (`channel` counts from 0).
    case invalidStepIndex(packet: Int, channel: Int, index: Int)

    /// The error in words, naming the packet and the channel (counted from 1).
    package var description: String {
        switch self {
        case .invalidStepIndex(let packet, let channel, let index):
            return "IMA4 packet \(packet), channel \(channel + 1): step index \(index) is outside 0...88"
        }
    }
}

/// Decodes Apple IMA4 exactly as Core Audio and FFmpeg do (resync rule, initial state 0/0).
package struct IMA4Decoder: Sendable {
    /// Channels a packet holds.
    package let channels: Int
    /// Where each channel's decoder is after the last packet.
    package private(set) var states: [IMAState]
    /// Packets decoded so far (what errors count packets from).
    package private(set) var packetsDecoded = 0

    /// A decoder of `channels` block-interleaved channels (fewer than 1 counts as 1).
    @_optimize(speed)
    package init(channels: Int) {
        self.channels = Swift.max(channels, 1)
        self.states = Array(repeating: IMAState(), count: Swift.max(channels, 1))
    }

    /// Decodes `src.count / (34·channels)` whole packets into interleaved Int16 (64 frames each).
    /// Returns the number of frames written.
    @_optimize(speed)
    package mutating func decode(
        _ src: UnsafeRawBufferPointer, into dst: UnsafeMutableBufferPointer<Int16>
    ) throws(IMA4Error) -> Int {
        let ch = channels
        let packetBytes = IMA4.bytesPerPacket(channels: ch)
        let packets = Swift.min(src.count / packetBytes, dst.count / (IMA4.framesPerPacket * ch))
        guard packets > 0, let s = src.baseAddress, let d = dst.baseAddress else { return 0 }
        let bytes = s.assumingMemoryBound(to: UInt8.self)
        try IMA.withSteps { (steps) throws(IMA4Error) in
            for p in 0..<packets {
                for c in 0..<ch {
                    let block = bytes + p * packetBytes + c * IMA4.bytesPerBlock
                    let pre = UInt16(block[0]) << 8 | UInt16(block[1])
                    guard pre & 0x7F <= 88 else {
                        throw .invalidStepIndex(packet: packetsDecoded + p, channel: c, index: Int(pre & 0x7F))
                    }
                    var state = IMA4.resync(states[c], preamble: pre)
                    var out = d + p * IMA4.framesPerPacket * ch + c
                    for i in 2..<IMA4.bytesPerBlock {
                        out.pointee = IMA.decode(block[i] & 0xF, &state, steps: steps)
                        out += ch
                        out.pointee = IMA.decode(block[i] >> 4, &state, steps: steps)
                        out += ch
                    }
                    states[c] = state
                }
            }
        }
        packetsDecoded += packets
        return packets * IMA4.framesPerPacket
    }
}
