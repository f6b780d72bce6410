import Foundation
import SoundKit
import SoundKitIO
import SoundKitNotifications
import SoundKitTestSupport
import Testing

/// Every hostile file through the library, in this process: a trap anywhere (an overflow, a Double→Int conversion
/// of infinity, an index out of range) ends the test run, which is exactly what a push service must never see.
@Suite("Hostile input: the library")
struct HostileLibraryTests {
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "soundkit-hostile-lib-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func write(_ file: HostileFile) throws -> String {
        let dir = folder.appendingPathComponent(file.name + ".d")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(file.name).path
        try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Seconds `body` takes.
    static func timed(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now()
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }

    @Test("the generator makes what it says", arguments: [0])
    func generator(_: Int) {
        #expect(HostileFiles.all.count >= 80)
        #expect(Set(HostileFiles.all.map(\.name)).count == HostileFiles.all.count, "names are unique")
        #expect(HostileFiles.all.filter(\.readable).count >= 8)
    }

    @Test(
        "describe, decode, convert and check: a typed error naming the file and the problem, in under a second",
        arguments: HostileFiles.all)
    func library(_ file: HostileFile) throws {
        let path = try Self.write(file)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            file.name + "-\(UUID().uuidString.prefix(6))-out")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("out.caf").path

        let seconds = try Self.timed {
            // info
            do throws(AudioFileError) {
                let d = try Inspector.describe(path)
                #expect(file.readable, "\(file): described without an error: \(d)")
                #expect(d.truncated && d.warnings.contains { $0.contains(file.problem) }, "\(file): \(d.warnings)")
            } catch {
                #expect(!file.readable, "\(file): \(error)")
                #expect(error.path == path && error.message.contains(file.problem), "\(file): \(error.description)")
            }
            // decode everything
            do throws(AudioFileError) {
                let reader = try AudioInput.open(path)
                var buffer = SampleBuffer(kind: reader.info.kind, channels: reader.info.channels)
                var frames = 0
                while try reader.read(into: &buffer, maxFrames: 4096) > 0 { frames += buffer.frames }
                #expect(file.readable, "\(file): decoded \(frames) frames without an error")
            } catch {
                #expect(!file.readable, "\(file): \(error)")
                #expect(error.path == path && !error.message.isEmpty)
            }
            // convert: complete or nothing
            do throws(AudioFileError) {
                try Converter.convert(
                    input: path, output: output,
                    options: ConversionOptions(fileType: .caf, encoding: .ima4, channels: 1))
                #expect(file.readable, "\(file): converted without an error")
                #expect(FileManager.default.fileExists(atPath: output))
            } catch {
                #expect(!file.readable, "\(file): \(error)")
                #expect(error.path == path && error.message.contains(file.problem), "\(file): \(error.description)")
                let left = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? ["<unreadable folder>"]
                #expect(left.isEmpty, "\(file): the failed conversion left \(left)")
            }
            // check
            let report = SoundChecker.check(file: path)
            let errors = report.findings.filter { $0.severity == .error }
            #expect(
                errors.contains { $0.rule == .unreadable && $0.message.contains(file.problem) },
                "\(file): \(report.findings)")
        }
        // A hostile file is tiny: anything near a second is a loop driven by a header's claim.
        #expect(seconds < 1, "\(file): took \(seconds) s")
    }
}
