/// UTF-8 validation for bytes from a file, back to the package's oldest platform: the standard library's
/// `String(validating:as:)` needs macOS 15 (iOS 18), past the macOS 13 the libraries declare.
package enum UTF8Text {
    /// Whether `bytes` are valid UTF-8 (no overlong form, surrogate or cut-off sequence).
    package static func isValid(_ bytes: some Sequence<UInt8>) -> Bool {
        var decoder = UTF8()
        var it = bytes.makeIterator()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `bytes` as a string when they are valid UTF-8, nil otherwise (never repaired).
    package static func decoded(_ bytes: some Collection<UInt8>) -> String? {
        isValid(bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }
}
