/// FNV-1a, 64 bits (Fowler, Noll and Vo's, public domain): the fingerprint CI reports (SARIF, GitLab) give a finding,
/// which must stay while the file, rule and message stay. Not for bytes an attacker may choose to collide.
package enum FNV1a {
    /// FNV-1a over the UTF-8 of `s`, as 16 hexadecimal digits.
    package static func hex(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        let digits = String(h, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
