import SoundKitContainers
@_spi(SoundKitServe) import SoundKitIO

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
    /// The work runs on a thread of its own, not on Swift's cooperative pool.
    public static func prepare(
        _ input: SoundInput, recipe: NotificationSoundRecipe = .iOS, writingTo path: String? = nil
    ) async throws(SoundKitError) -> PreparedSound {
        try await onPool { run(input, recipe: recipe, path: path, gate: nil) }.get()
    }

    /// Makes a sound for each recipe (``NotificationSoundRecipe/iOS`` and ``NotificationSoundRecipe/android``, say)
    /// from one decoding of `input`, in memory, in the recipes' order: both platforms' files from one upload. The work
    /// runs on a thread of its own, not on Swift's cooperative pool.
    public static func prepare(
        _ input: SoundInput, recipes: [NotificationSoundRecipe]
    ) async throws(SoundKitError) -> [PreparedSound] {
        try await onPool { makeAll(input, recipes: recipes) }.get()
    }

    /// The threads every `prepare` of the process shares, one a core: blocking encodes never run on the
    /// cooperative pool, and a process that never prepares a sound starts none.
    static let pool = WorkerPool(threads: BatchConverter.processorCount)

    /// `body` on ``pool``; cancelled when the calling task is.
    static func onPool<T: Sendable>(
        _ body: @escaping @Sendable () -> Result<T, SoundKitError>
    ) async -> Result<T, SoundKitError> {
        do throws(WorkerPool.Refusal) {
            return try await pool.run(body)
        } catch {
            return .failure(SoundKitError(AudioFileError(SoundInput.bytesName, .cancelled)))
        }
    }

    /// Every recipe's sound from one decoding of `input`, or why not.
    /// `checked: false` skips the checks of the files made (their findings are empty, their facts read from the
    /// header): for a caller that returns the files alone, as `soundkit serve` does for `Accept: audio/x-caf`.
    @_spi(SoundKitServe) public static func makeAll(
        _ input: SoundInput, recipes: [NotificationSoundRecipe], checked: Bool = true
    ) -> Result<[PreparedSound], SoundKitError> {
        if Task.isCancelled || WorkerPool.isCancelled {
            return .failure(SoundKitError(AudioFileError(input.name, .cancelled)))
        }
        do throws(AudioFileError) {
            return .success(
                try make(
                    input, recipes: recipes, outputNames: recipes.map { $0.platform.fileName(for: input.name) },
                    checked: checked))
        } catch {
            return .failure(SoundKitError(error))
        }
    }

    /// Makes every sound of `jobs` (a source and the path to write), at most `concurrency` at once.
    ///
    /// The stream delivers exactly one event per job, in the order jobs end, each after that job's file is on disk
    /// or has failed. Ending the iteration early (a `break`, or cancelling the task that iterates) cancels the jobs
    /// under way and those not started: by the time the iteration has ended, no further file is written and no
    /// temporary file is left. Iterating from any actor is safe; nothing of the caller's runs elsewhere. The
    /// encodes run on `concurrency` threads of their own, never on Swift's cooperative pool.
    public static func prepareAll(
        _ jobs: [(SoundInput, String)], recipe: NotificationSoundRecipe = .iOS,
        concurrency: Int = BatchConverter.processorCount
    ) -> AsyncStream<PreparedSoundEvent> {
        let width = Swift.max(1, Swift.min(concurrency, jobs.count))
        let owner = PrepareBatch.Owner(PrepareBatch(jobs, recipe: recipe, width: width))
        return AsyncStream(unfolding: { await owner.batch.take() }, onCancel: { owner.batch.close() })
    }

    /// One job, start to finish.
    static func run(
        _ input: SoundInput, recipe: NotificationSoundRecipe, path: String?, gate: PublishGate?
    ) -> Result<PreparedSound, SoundKitError> {
        let cancelled = SoundKitError(AudioFileError(input.name, .cancelled))
        if Task.isCancelled || WorkerPool.isCancelled || gate?.isClosed == true { return .failure(cancelled) }
        do throws(AudioFileError) {
            let name = path.map(FileSystem.lastComponent) ?? recipe.platform.fileName(for: input.name)
            guard var made = try make(input, recipes: [recipe], outputNames: [name]).first else {
                throw AudioFileError(name, .system(.write, .ioError))
            }
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

    /// The sounds made from `input` by `recipes`, in memory, checked, from one decoding; `outputNames` name them in
    /// findings.
    static func make(
        _ input: SoundInput, recipes: [NotificationSoundRecipe], outputNames: [String], checked: Bool = true
    ) throws(AudioFileError) -> [PreparedSound] {
        let source = try input.open()
        let description = try Inspector.describe(source)
        let reader = try AudioInput.open(source)
        let outputs = zip(recipes, outputNames).map { recipe, name in
            var output = ConversionOutput(
                path: name, options: recipe.options(channels: reader.info.channels, duration: description.duration))
            output.inMemory = true
            return output
        }
        let pending = try Converter.prepare(reader, outputs: outputs, flush: false)
        guard pending.count == outputs.count else { throw AudioFileError(source.path, .system(.write, .ioError)) }
        var made: [PreparedSound] = []
        for ((recipe, output), done) in zip(zip(recipes, outputs), pending) {
            guard let bytes = done.written.bytes else { throw AudioFileError(output.path, .system(.write, .ioError)) }
            let (findings, facts) =
                checked
                ? check(bytes, named: output.path, recipe: recipe)
                : (
                    [],
                    SoundFacts.gather(
                        InputFile(name: output.path, bytes: bytes), measureLevels: false, measureLoudness: false,
                        listener: nil
                    ).description
                )
            guard let result = facts else { throw AudioFileError(output.path, .system(.read, .ioError)) }
            var sound = PreparedSound(
                bytes: bytes, findings: findings, trimmed: output.options.trim != nil, source: description,
                output: result, normalization: done.report.normalization)
            sound.platform = recipe.platform
            sound.name = output.path
            made.append(sound)
        }
        return made
    }

    /// What the checker finds in a file made by `recipe`: iOS's sound rules, or Android's (the format it plays, the
    /// resource name); and the file's facts.
    static func check(
        _ bytes: [UInt8], named name: String, recipe: NotificationSoundRecipe
    ) -> ([Finding], AudioFileDescription?) {
        let file = InputFile(name: name, bytes: bytes)
        switch recipe.platform {
        case .ios:
            let check = CheckOptions(measureLoudness: recipe.loudness != nil)
            let facts = SoundFacts.gather(
                file, measureLevels: true, measureLoudness: check.measureLoudness, listener: nil)
            return (SoundChecker.report(facts, options: check).findings, facts.description)
        case .android:
            let tree = AndroidFileTree(files: [name], open: { _ in file }, display: { $0 })
            let facts = SoundFacts.gather(file, measureLevels: false, measureLoudness: false, listener: nil)
            return (AndroidChecker.check(sound: name, tree).findings, facts.description)
        }
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
