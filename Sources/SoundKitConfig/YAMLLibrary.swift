import CLibYAML
import SoundKitIO

/// The libyaml functions the config reader calls (YAMLDocument.swift is their only user), opened the first time a
/// config is read, like libsndfile and zlib: `soundkit --version` and a run without a config never map it. Types and
/// constants come from the system header; on Linux nothing links the library (Package.swift).
struct YAMLLibrary {
    typealias Initialize = @convention(c) (UnsafeMutablePointer<yaml_parser_t>?) -> Int32
    typealias Delete = @convention(c) (UnsafeMutablePointer<yaml_parser_t>?) -> Void
    typealias SetInput = @convention(c) (UnsafeMutablePointer<yaml_parser_t>?, UnsafePointer<UInt8>?, Int) -> Void
    typealias SetEncoding = @convention(c) (UnsafeMutablePointer<yaml_parser_t>?, yaml_encoding_t) -> Void
    typealias Parse =
        @convention(c) (UnsafeMutablePointer<yaml_parser_t>?, UnsafeMutablePointer<yaml_event_t>?) -> Int32
    typealias EventDelete = @convention(c) (UnsafeMutablePointer<yaml_event_t>?) -> Void

    let initialize: Initialize, delete: Delete, setInput: SetInput, setEncoding: SetEncoding
    let parse: Parse, eventDelete: EventDelete

    static let shared: Result<YAMLLibrary, SystemLibrary.Missing> = {
        guard let h = SystemLibrary.open(SystemLibrary.candidates(linux: "libyaml-0.so.2", darwin: "libyaml-0.2.dylib"))
        else {
            return .failure(.init(message: "apt install libyaml-0-2, or brew install libyaml"))
        }
        return SystemLibrary.symbols(
            h,
            [
                "yaml_parser_initialize", "yaml_parser_delete", "yaml_parser_set_input_string",
                "yaml_parser_set_encoding", "yaml_parser_parse", "yaml_event_delete",
            ]
        )
        .map { p in
            YAMLLibrary(
                initialize: unsafeBitCast(p[0], to: Initialize.self), delete: unsafeBitCast(p[1], to: Delete.self),
                setInput: unsafeBitCast(p[2], to: SetInput.self),
                setEncoding: unsafeBitCast(p[3], to: SetEncoding.self),
                parse: unsafeBitCast(p[4], to: Parse.self), eventDelete: unsafeBitCast(p[5], to: EventDelete.self))
        }
    }()

    /// The library, or an error naming the config that says what to install.
    static func forReading(_ file: String) throws(ConfigurationError) -> YAMLLibrary {
        switch shared {
        case .success(let lib): return lib
        case .failure(let missing):
            throw ConfigurationError(file, 1, 1, "reading a config needs libyaml: \(missing.message)")
        }
    }
}
