import SoundKitContainers
import SoundKitIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notification sounds for a service: what users upload (m4a, mp3, wav, … as files or bytes) made into sounds iOS
/// plays, checked with the rules of `soundkit check`.
///
/// Sounds are encoded in memory. A destination is written whole or not at all: under a temporary name beside it,
/// flushed to disk, then renamed into place; nothing is left behind when a sound fails or the work is cancelled.
public enum NotificationSounds {
    /// Makes one sound with `recipe`: its bytes in the result, or, with `path`, written there (folders created).
    public static func prepare(
        _ input: SoundInput, recipe: NotificationSoundRecipe = .iOS, writingTo path: String? = nil
    ) async throws(SoundKitError) -> PreparedSound {
        try run(input, recipe: recipe, path: path, gate: nil).get()
    }

    /// Makes every sound of `jobs` (a source and the path to write), at most `concurrency` at once.
    ///
    /// The stream delivers exactly one event per job, in the order jobs end, each after that job's file is on disk
    /// or has failed. Ending the iteration early (a `break`, or cancelling the task that iterates) cancels the jobs
    /// under way and those not started: by the time the iteration has ended, no further file is written and no
    /// temporary file is left. Iterating from any actor is safe; nothing of the caller's runs elsewhere.
    public static func prepareAll(
        _ jobs: [(SoundInput, String)], recipe: NotificationSoundRecipe = .iOS,
        concurrency: Int = BatchConverter.processorCount
    ) -> AsyncStream<PreparedSoundEvent> {
        let gate = PublishGate()
        let (stream, continuation) = AsyncStream.makeStream(of: PreparedSoundEvent.self)
        let width = Swift.max(1, concurrency)
        let work = Task.detached {
            await withTaskGroup(of: PreparedSoundEvent.self) { group in
                var next = 0
                func startNext() {
                    guard next < jobs.count else { return }
                    let i = next
                    let (input, path) = jobs[i]
                    next += 1
                    group.addTask {
                        PreparedSoundEvent(index: i, result: run(input, recipe: recipe, path: path, gate: gate))
                    }
                }
                for _ in 0..<width { startNext() }
                while let event = await group.next() {
                    continuation.yield(event)
                    startNext()
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            gate.close()
            work.cancel()
        }
        return stream
    }

    /// One job, start to finish.
    static func run(
        _ input: SoundInput, recipe: NotificationSoundRecipe, path: String?, gate: PublishGate?
    ) -> Result<PreparedSound, SoundKitError> {
        let cancelled = SoundKitError(AudioFileError(input.name, .cancelled))
        if Task.isCancelled || gate?.isClosed == true { return .failure(cancelled) }
        do throws(AudioFileError) {
            let name = path.map(FileSystem.lastComponent) ?? outputName(for: input)
            var made = try make(input, recipe: recipe, outputName: name)
            guard let path, let bytes = made.bytes else { return .success(made) }
            if case .file(let source) = input, FileSystem.isSameFile(source, path) {
                throw AudioFileError(path, .outputIsInput)
            }
            let write = { () throws(AudioFileError) in
                try FileSystem.makeDirectories(FileSystem.directory(of: path))
                let file = try AtomicOutputFile(path: path)
                try file.write(bytes)
                try file.commit()
            }
            if let gate {
                guard try gate.publish(write) else { return .failure(cancelled) }
            } else {
                try write()
            }
            made.bytes = nil
            made.outputPath = path
            return .success(made)
        } catch {
            return .failure(SoundKitError(error))
        }
    }

    /// The sound made from `input`, in memory, checked; `outputName` names it in findings.
    static func make(
        _ input: SoundInput, recipe: NotificationSoundRecipe, outputName: String
    ) throws(AudioFileError) -> PreparedSound {
        let source = try input.open()
        let description = try Inspector.describe(source)
        let reader = try AudioInput.open(source)
        let options = recipe.options(channels: reader.info.channels, duration: description.duration)
        var output = ConversionOutput(path: outputName, options: options)
        output.inMemory = true
        guard let pending = try Converter.prepare(reader, outputs: [output], flush: false).first,
            let bytes = pending.written.bytes
        else { throw AudioFileError(outputName, .system(.write, .ioError)) }
        let check = CheckOptions(measureLoudness: recipe.loudness != nil)
        let facts = SoundFacts.gather(
            InputFile(name: outputName, bytes: bytes), measureLevels: true,
            measureLoudness: check.measureLoudness, listener: nil)
        guard let made = facts.description else {
            throw AudioFileError(outputName, .system(.read, .ioError))
        }
        return PreparedSound(
            bytes: bytes, findings: SoundChecker.report(facts, options: check).findings,
            trimmed: options.trim != nil, source: description, output: made,
            normalization: pending.report.normalization)
    }

    /// `NAME.caf` for a file `NAME.EXT`; `upload.caf` for bytes.
    static func outputName(for input: SoundInput) -> String {
        FileSystem.splitExtension(FileSystem.lastComponent(input.name)).base + ".caf"
    }
}

/// Lets files be written until it is closed; closing waits for the writes under way, so that once ``close()``
/// returns no file is being written and none will be.
final class PublishGate: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`; `close()` waits on it for `writing` to reach 0.
    private let lock = Lock()
    private var closed = false
    private var writing = 0

    var isClosed: Bool { lock.withLock { closed } }

    /// Runs `write` unless the gate is closed; false when it was.
    func publish(_ write: () throws(AudioFileError) -> Void) throws(AudioFileError) -> Bool {
        let open = lock.withLock {
            if !closed { writing += 1 }
            return !closed
        }
        guard open else { return false }
        defer {
            lock.withLock {
                writing -= 1
                lock.broadcast()
            }
        }
        try write()
        return true
    }

    /// Lets no further write start, and waits for those under way.
    func close() {
        lock.withLock {
            closed = true
            while writing > 0 { lock.wait() }
        }
    }
}
