/// An error about one file, phrased for a person: `in.wav: data format is AAC; …`.
public struct AudioFileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
