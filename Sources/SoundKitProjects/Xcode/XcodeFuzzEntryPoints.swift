/// libFuzzer targets (Fuzz/, built by scripts/fuzz) for the Xcode readers. Each reads a stranger's bytes as its
/// format and must never trap, loop without end or exhaust the stack or memory. Paths resolve below a folder that
/// does not exist and the checkout is confined to it, so no input makes the reader look at the machine's files.
enum XcodeFuzz {
    static let root = "/nonexistent-soundkit-fuzz"
}

/// An OpenStep property list, and the same bytes through the encoding sniffer (XML, binary, JSON, UTF-16).
package func fuzzOpenStep(_ bytes: [UInt8]) {
    _ = try? OpenStepReader.read(bytes, file: "fuzz.pbxproj")
    _ = try? ProjectPropertyList.read(bytes, file: "fuzz.pbxproj")
}

/// A `project.pbxproj`'s bytes read into target layouts.
package func fuzzPBXProj(_ bytes: [UInt8]) {
    _ = try? XcodeProject.read(
        bytes, format: .pbxproj, xcodeproj: XcodeFuzz.root + "/ios/App.xcodeproj", checkout: XcodeFuzz.root)
}

/// A `project.xcproj`'s bytes read into target layouts.
package func fuzzXCProj(_ bytes: [UInt8]) {
    _ = try? XcodeProject.read(
        bytes, format: .xcproj, xcodeproj: XcodeFuzz.root + "/App.xcodeproj", checkout: XcodeFuzz.root)
}

/// An XcodeGen `project.yml`'s bytes read into target layouts.
package func fuzzXcodeGen(_ bytes: [UInt8]) {
    _ = try? XcodeGenSpec.read(bytes, projectYML: XcodeFuzz.root + "/project.yml", checkout: XcodeFuzz.root)
}
