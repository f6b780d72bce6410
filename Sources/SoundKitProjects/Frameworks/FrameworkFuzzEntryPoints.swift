/// libFuzzer targets (Fuzz/, built by scripts/fuzz) for the framework readers' parsers. Each must never trap, loop
/// without end or exhaust the stack or memory, whatever the bytes.

/// `xml`: the tokenizer, then the readers that walk its tree (a `.csproj`'s items and Cordova's resource files are
/// read on a tree with no files on disk below a folder that does not exist).
package func fuzzXML(_ bytes: [UInt8]) {
    guard let document = try? XMLTokenizer.parse(bytes, path: "fuzz.xml") else { return }
    for index in document.elements.indices {
        _ = document.childText(of: index, named: "Link")
        _ = document.elements[index].attribute("Include")
    }
}

/// `gradle`: the lexer and the script reader, and the settings lookups on what it found.
package func fuzzGradle(_ bytes: [UInt8]) {
    let script = GradleScript.parse(bytes, path: "build.gradle")
    let settings = AndroidProject.Settings(folder: "android", script: script)
    for dependency in script.projectDependencies.prefix(64) { _ = settings.folder(of: dependency) }
    _ = settings.gradlePath(of: "android/app")
    _ = WebFolders.literal("webDir", in: bytes, path: "capacitor.config.ts")
}

/// `pubspec`: the bounds, libyaml's events, the composer and the pubspec reader.
package func fuzzPubspec(_ bytes: [UInt8]) {
    guard let spec = try? Pubspec.parse(bytes, path: "pubspec.yaml") else { return }
    _ = Pubspec.assets(spec.assetDeclarations, folder: "", root: "/nonexistent-soundkit-fuzz", shown: "pubspec.yaml")
}
