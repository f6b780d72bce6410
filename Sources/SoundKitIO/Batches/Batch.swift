import SoundKitContainers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input and the files to write from it.
public struct ConversionJob: Sendable {
    /// The file to read.
    public var input: String
    /// What to write from it (all or none).
    public var outputs: [ConversionOutput]

    /// A job reading `input` and writing every one of `outputs`.
    public init(input: String, outputs: [ConversionOutput]) {
        self.input = input
        self.outputs = outputs
    }
}

/// What became of one job.
public struct ConversionResult: Sendable {
    /// The job's position in the list given to ``BatchConverter/convert(_:concurrency:isolation:progress:)``.
    public var index: Int
    /// The input, as the job named it.
    public var input: String
    /// The reports of the outputs written, or why the job failed.
    public var outcome: Result<[ConversionReport], AudioFileError>
}

/// Where a batch stands, reported after each file starts and after each one ends.
public struct BatchProgress: Sendable {
    /// What just happened.
    public enum Event: Sendable {
        /// The job at this index began.
        case started(Int)
        /// The job ended (converted, failed or cancelled); its outputs appear with the next group published.
        case finished(ConversionResult)
    }

    /// What just happened.
    public var event: Event
    /// The jobs in the batch.
    public var total: Int
    /// Jobs that ended, failed ones included.
    public var done: Int
    /// The jobs that failed so far.
    public var failed: Int
    /// The input of the job that started last.
    package var current: String?
    /// Since the batch began.
    package var elapsed: Duration
}

/// Two or more jobs would write the same file (compared by path, ignoring case, so that the outcome does not
/// depend on the file system: iOS simulators and macOS volumes usually ignore case).
public struct OutputCollision: Error, Sendable, Hashable {
    /// The output more than one job would write.
    public var output: String
    /// The inputs that would write it, in job order.
    public var inputs: [String]
}

/// Converts many files at once (Swift concurrency): a bounded number of conversions run in parallel, each as its
/// own child task; failures are reported per file and the rest go on; cancelling the calling task stops the batch.
///
/// Outputs are written to temporary files and put in place in groups: the files finished in the last second or so
/// are flushed to disk together (one file-system sync instead of one per file) and then renamed into place, so an
/// output appears complete or not at all, as with ``Converter``. The folders outputs go into are created.
public enum BatchConverter {
    /// How long finished outputs wait to be put in place together.
    static let publishInterval = Duration.seconds(1)

    /// The jobs that write the same outputs, if any.
    package static func collisions(in jobs: [ConversionJob]) -> [OutputCollision] {
        var byKey: [String: (output: String, inputs: [String])] = [:]
        var order: [String] = []
        for job in jobs {
            for o in job.outputs {
                let key = normalized(o.path).lowercased()
                if byKey[key] == nil {
                    byKey[key] = (o.path, [])
                    order.append(key)
                }
                byKey[key]?.inputs.append(job.input)
            }
        }
        return order.compactMap { key in
            guard let entry = byKey[key], entry.inputs.count > 1 else { return nil }
            return OutputCollision(output: entry.output, inputs: entry.inputs)
        }
    }

    /// A path with `.` components and repeated slashes removed, for comparison only.
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// Converts every job, at most `concurrency` at once, and returns one result per job in job order.
    ///
    /// Nothing is written when two jobs would write the same file: the collisions are thrown. `progress` is called
    /// in the caller's isolation (on the main actor when called from it; `isolation` is the caller's unless given),
    /// one event at a time, in order; the conversions themselves run in child tasks. When the calling task is cancelled, no further job
    /// starts, the conversions under way stop between blocks of samples and leave nothing behind (their result
    /// is `cancelled`), and the outputs already converted are put in place.
    public static func convert(
        _ jobs: [ConversionJob], concurrency: Int = processorCount,
        isolation: isolated (any Actor)? = #isolation,
        progress: (BatchProgress) -> Void = { _ in }
    ) async throws(OutputCollision) -> [ConversionResult] {
        if let c = collisions(in: jobs).first { throw c }
        let clock = ContinuousClock()
        let start = clock.now
        let width = Swift.max(1, concurrency)
        var results: [ConversionResult?] = Array(repeating: nil, count: jobs.count)
        var state = BatchProgress(
            event: .started(0), total: jobs.count, done: 0, failed: 0, current: nil, elapsed: .zero)
        var pending: [(index: Int, outputs: [Converter.Pending])] = []
        var lastPublished = clock.now

        func publishPending() {
            guard !pending.isEmpty else { return }
            let files = pending.flatMap { $0.outputs.compactMap(\.written.file) }
            do {
                try PendingFile.publish(files, flushed: false)
            } catch {
                // Every job in the group fails: none of its outputs may be trusted to be on disk.
                for p in pending {
                    results[p.index]?.outcome = .failure(error)
                }
                state.failed += pending.count
            }
            pending.removeAll()
            lastPublished = clock.now
        }

        await withTaskGroup(of: (Int, Result<[Converter.Pending], AudioFileError>).self) { group in
            // Capturing the isolated parameter keeps this body, and the progress calls in it, on the caller's actor.
            _ = isolation
            var next = 0
            func startNext() -> Bool {
                guard next < jobs.count, !Task.isCancelled else { return false }
                let i = next
                let job = jobs[i]
                next += 1
                state.current = job.input
                state.event = .started(i)
                state.elapsed = clock.now - start
                progress(state)
                group.addTask { (i, run(job)) }
                return true
            }
            for _ in 0..<width where !startNext() { break }
            while let (i, outcome) = await group.next() {
                var result = ConversionResult(index: i, input: jobs[i].input, outcome: .success([]))
                switch outcome {
                case .success(let written):
                    result.outcome = .success(written.map(\.report))
                    pending.append((i, written))
                case .failure(let e):
                    result.outcome = .failure(e)
                    state.failed += 1
                }
                results[i] = result
                state.done += 1
                state.event = .finished(result)
                state.elapsed = clock.now - start
                progress(state)
                if clock.now - lastPublished >= publishInterval { publishPending() }
                _ = startNext()
            }
        }
        publishPending()
        return jobs.indices.map { i in
            results[i]
                ?? ConversionResult(
                    index: i, input: jobs[i].input, outcome: .failure(AudioFileError(jobs[i].input, .cancelled)))
        }
    }

    /// One job, in a child task: its outputs written under temporary names, not flushed.
    static func run(_ job: ConversionJob) -> Result<[Converter.Pending], AudioFileError> {
        if Task.isCancelled { return .failure(AudioFileError(job.input, .cancelled)) }
        do {
            for o in job.outputs { try FileSystem.makeDirectories(FileSystem.directory(of: o.path)) }
            return .success(try Converter.prepare(input: job.input, outputs: job.outputs, flush: false))
        } catch {
            return .failure(error)
        }
    }

    /// The processors online (`sysconf(_SC_NPROCESSORS_ONLN)`): the default concurrency.
    public static var processorCount: Int {
        #if canImport(Darwin)
            return Swift.max(1, Int(sysconf(_SC_NPROCESSORS_ONLN)))
        #else
            return Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #endif
    }
}
