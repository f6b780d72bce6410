import Foundation
import Testing

/// A package that depends on SoundKit and builds in debug compiles SoundKitCodecs at -Onone, where every SIMD lane
/// operation is a generic call; `@_optimize(speed)` has the optimiser compile a function anyway. So every function
/// and initialiser in the kernels carries it, except the `@_transparent` ones, which are inlined into their callers.
@Suite struct DebugBuildTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SoundKitCodecs")

    /// `file:line: declaration` for each function or initialiser with neither attribute on it or the lines of
    /// attributes above it.
    static func unoptimised(in text: String, file: String) -> [String] {
        var found: [String] = []
        var attributes = ""
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            let declaration = code.range(of: #"^(@[^ ]+ )*([a-z]+ )*(func |init[(<])"#, options: .regularExpression)
            if declaration != nil {
                let marked = attributes + code
                if !marked.contains("@_optimize(speed)") && !marked.contains("@_transparent") {
                    found.append("\(file):\(number + 1): \(code)")
                }
            }
            attributes = code.hasPrefix("@") && declaration == nil ? attributes + code : ""
        }
        return found
    }

    @Test func everyKernelFunctionIsOptimisedInDebugBuilds() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10)
        var missing: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            missing += Self.unoptimised(in: text, file: file)
        }
        #expect(missing.isEmpty, "without @_optimize(speed): \(missing.joined(separator: "; "))")
    }

    @Test func theCheckSeesAttributesOnTheirOwnLines() {
        let text = """
            @inlinable
            @_optimize(speed)
            static func a() {}
            @_transparent static func b() {}
            @inline(__always)
            mutating func c() {}
            init(x: Int) {}
            """
        #expect(
            Self.unoptimised(in: text, file: "F.swift") == [
                "F.swift:6: mutating func c() {}", "F.swift:7: init(x: Int) {}",
            ])
    }
}
