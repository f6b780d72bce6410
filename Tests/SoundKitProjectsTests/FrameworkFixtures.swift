import Foundation
import SoundKitTestSupport

/// A checkout the test writes: files by path below a fresh folder (folders made as needed; an entry ending in `/`
/// is an empty folder).
func fixtureTree(_ files: [String: String], _ name: String = #function) throws -> String {
    let root = try temporaryDirectory(name).path
    for (path, text) in files {
        let url = URL(fileURLWithPath: root).appendingPathComponent(path)
        if path.hasSuffix("/") {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            continue
        }
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    return root
}

/// Seeded bytes for hostile-input tests: the same every run.
func scrambled(_ seed: [UInt8], variants: Int) -> [[UInt8]] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var out: [[UInt8]] = []
    for _ in 0..<variants {
        var bytes = seed
        for _ in 0..<8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            guard !bytes.isEmpty else { break }
            let at = Int(state >> 33) % bytes.count
            switch state & 3 {
            case 0: bytes.remove(at: at)
            case 1: bytes.insert(UInt8(truncatingIfNeeded: state >> 20), at: at)
            case 2: bytes[at] = UInt8(truncatingIfNeeded: state >> 40)
            default: bytes = Array(bytes[..<at])
            }
        }
        out.append(bytes)
    }
    return out
}
