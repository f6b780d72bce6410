/// Android's resource names, as aapt2 accepts them for a file in `res/raw`: the file's name up to its first dot must be
/// a Java identifier made of lowercase ASCII letters, digits and `_`, not starting with a digit, and not a Java keyword
/// (Android's "App resources overview": "Resource names must contain only lowercase a-z, 0-9, or underscore"). A
/// push payload names an Android sound by this bare name (FCM's `android.notification.sound`).
package enum AndroidResourceName {
    /// Java's keywords and literals, which aapt2 refuses as resource names (they cannot be fields of `R.raw`).
    package static let javaKeywords: Set<String> = [
        "_", "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "null", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "true", "try", "void", "volatile", "while",
    ]

    /// The resource name aapt2 gives a file: its name up to the first dot (`chime.v2.ogg` is `chime`).
    package static func resourceName(ofFile fileName: String) -> String {
        String(fileName.prefix { $0 != "." })
    }

    /// Why aapt2 refuses `name` as a resource name (a bare name, no extension), or nil when it accepts it.
    package static func problem(_ name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "an empty name" }
        var refused: [String] = []
        if name.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) { refused.append("capital letters") }
        if name.contains("-") { refused.append("a hyphen") }
        if name.contains(" ") { refused.append("a space") }
        if name.contains(".") { refused.append("a dot") }
        let others = name.unicodeScalars.filter {
            !(isAllowed($0) || ("A"..."Z").contains($0) || $0 == "-" || $0 == " " || $0 == ".")
        }
        if !others.isEmpty {
            refused.append("the character\(others.count == 1 ? "" : "s") \(String(String.UnicodeScalarView(others)))")
        }
        if ("0"..."9").contains(first) { refused.append("a leading digit") }
        if !refused.isEmpty {
            return
                "'\(name)' has \(refused.joined(separator: ", ")); use lowercase a-z, 0-9 and _, starting with a letter"
        }
        if javaKeywords.contains(name) { return "'\(name)' is a Java keyword" }
        return nil
    }

    /// The Android-safe name soundkit gives a file, the same every time for the same name: the extension after the
    /// last dot is dropped; a capital that follows a lowercase letter or a digit starts a new word (`NewMessage` →
    /// `new_message`); letters are lowercased and Latin-1's accents dropped (`é` → `e`); every other run of
    /// characters (spaces, hyphens, dots, other scripts) becomes one `_`, none at either end; an empty result is
    /// `sound`, one starting with a digit gets `sound_` before it, and a Java keyword gets `_sound` after it.
    package static func safe(from fileName: String) -> String {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in stem.unicodeScalars {
            if ("A"..."Z").contains(scalar) {
                if let p = previous, ("a"..."z").contains(p) || ("0"..."9").contains(p) { out.append("_") }
                out.append(Character(scalar).lowercased())
            } else if isAllowed(scalar) && scalar != "_" {
                out.unicodeScalars.append(scalar)
            } else if let folded = latinFolding[Character(scalar)] {
                out.append(folded)
            } else if !out.isEmpty && !out.hasSuffix("_") {
                out.append("_")
            }
            previous = scalar
        }
        while out.hasSuffix("_") { out.removeLast() }
        if out.isEmpty { return "sound" }
        if let first = out.unicodeScalars.first, ("0"..."9").contains(first) { out = "sound_" + out }
        if javaKeywords.contains(out) { out += "_sound" }
        return out
    }

    /// Latin-1's accented letters without their accents, lowercased.
    private static let latinFolding: [Character: String] = {
        var table: [Character: String] = ["ß": "ss", "Æ": "ae", "æ": "ae"]
        let groups = [
            ("a", "ÀÁÂÃÄÅàáâãäå"), ("c", "Çç"), ("e", "ÈÉÊËèéêë"), ("i", "ÌÍÎÏìíîï"), ("n", "Ññ"),
            ("o", "ÒÓÔÕÖØòóôõöø"), ("u", "ÙÚÛÜùúûü"), ("y", "Ýýÿ"),
        ]
        for (plain, accented) in groups { for c in accented { table[c] = plain } }
        return table
    }()

    private static func isAllowed(_ s: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(s) || ("0"..."9").contains(s) || s == "_"
    }
}
