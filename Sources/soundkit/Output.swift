#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line to standard error.
func printError(_ line: String) {
    var s = line
    s += "\n"
    s.withUTF8 { b in var done = 0; while done < b.count { let r = write(2, b.baseAddress! + done, b.count - done); if r <= 0 { break }; done += r } }
}

/// Formats a Double with a fixed number of decimals without Foundation.
func fixed(_ v: Double, _ decimals: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (abs(v) * scale).rounded()
    let whole = Int64(r / scale)
    let frac = Int64(r - Double(whole) * scale)
    var f = String(frac)
    while f.count < decimals { f = "0" + f }
    return (v < 0 && r != 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + f : "")
}

/// All of standard input.
func readStandardInput() -> [UInt8] {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n <= 0 { break }
        out += chunk[0..<n]
    }
    return out
}
