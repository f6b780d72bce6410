import Foundation

/// `value` as one JSON document the way every soundkit document is written — the command line's `--format json`,
/// SARIF and GitLab reports, and the server's answers: pretty, sorted keys, slashes unescaped. The one JSON writer
/// for documents (a ``JSONValue`` writes a push body as it was given, and the result cache its own compact entries).
@_spi(SoundKitServe) public func jsonText<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
