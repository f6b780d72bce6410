// PushService UPLOADS-DIR OUT-DIR
//
// What a service that turns customers' uploads into iOS notification sounds does with SoundKit. UPLOADS-DIR holds
// upload.m4a, long.wav, surround.wav, notes.mp3 (a text file) and payload.json; each result is printed as one
// line of JSON, so that a caller (soundkit's tests) can check it.
import Foundation
import SoundKit

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: PushService UPLOADS-DIR OUT-DIR\n".utf8))
    exit(2)
}
let uploads = arguments[1]
let out = arguments[2]
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys]

/// Prints `value` as one line: `label {json}`.
func report(_ label: String, _ value: some Encodable) throws {
    print(label, String(decoding: try encoder.encode(value), as: UTF8.self))
}

/// An upload as the service receives it: bytes.
func upload(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: uploads + "/" + name)))
}

// 1. Bytes in, bytes out: an AAC upload becomes an IMA4 CAF in memory.
let fromBytes = try await NotificationSounds.prepare(.bytes(try upload("upload.m4a")), recipe: .iOS)
try report("m4a", fromBytes)
if let caf = fromBytes.bytes { try Data(caf).write(to: URL(fileURLWithPath: out + "/upload.caf")) }

// 2. A 40-second sound is cut under 30 seconds; 3. a 5.1 sound is mixed to stereo. Both written to disk.
for name in ["long", "surround"] {
    let prepared = try await NotificationSounds.prepare(
        .file(uploads + "/\(name).wav"), recipe: .iOS, writingTo: out + "/\(name).caf")
    try report(name, prepared)
}

// 4. Not a sound: a typed error with a stable code, never a trap.
let notes = try upload("notes.mp3")
do {
    _ = try await NotificationSounds.prepare(.bytes(notes))
    print("notes.mp3 was accepted")
    exit(1)
} catch {
    try report("error", error)
    print("status", error.code.httpStatus)
}

// 5. Twenty uploads at once, from top-level code, brought to -16 LUFS; the iteration ends after ten, which cancels
// the rest.
let loud = NotificationSoundRecipe(quality: .standard, loudness: -16)
let source = try upload("upload.m4a")
let jobs = (0..<20).map { i in (SoundInput.bytes(source), out + "/batch/\(i).caf") }
var events = 0
for await event in NotificationSounds.prepareAll(jobs, recipe: loud, concurrency: 2) {
    events += 1
    switch event.result {
    case .success(let sound): print("batch", event.index, sound.outputPath ?? "-", sound.isPlayable)
    case .failure(let error): print("batch", event.index, "failed", error.code.rawValue)
    }
    if events == 10 { break }
}
let left = try FileManager.default.contentsOfDirectory(atPath: out + "/batch")
print(
    "batch files", left.filter { $0.hasSuffix(".caf") }.count, "temporary", left.filter { !$0.hasSuffix(".caf") }.count)

// 6. A payload as the provider sends it: pretty-printed, measured as sent.
let payload = String(decoding: try upload("payload.json"), as: UTF8.self)
let linted = PayloadLinter.lint(payload)
try report("payload", linted)
print(
    "payload bytes", linted.payloadBytes ?? -1, "errors",
    linted.findings.filter { $0.severity == .error }.map(\.rule.id))
