@_spi(SoundKitServe) import SoundKitIO

/// The jobs of one ``NotificationSounds/prepareAll(_:recipe:concurrency:)``, paced by the consumer: `width` jobs
/// start at once and one more each time an event is taken, so a consumer that stops after N events has at most
/// N + `width` files written, however slowly it iterated. The work runs on a ``WorkerPool`` of its own.
final class PrepareBatch: @unchecked Sendable {
    // @unchecked: `next`, `taken`, `ready`, `waiting`, `tasks` and `closed` are read and written under `mutex`.
    private let mutex = Lock()
    private let jobs: [(SoundInput, String)]
    private let recipe: NotificationSoundRecipe
    private let threads: WorkerPool
    let gate = PublishGate()
    private var next = 0
    private var taken = 0
    private var ready: [PreparedSoundEvent] = []
    private var waiting: CheckedContinuation<PreparedSoundEvent?, Never>?
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var closed = false

    init(_ jobs: [(SoundInput, String)], recipe: NotificationSoundRecipe, width: Int) {
        self.jobs = jobs
        self.recipe = recipe
        threads = WorkerPool(threads: width)
        mutex.withLock { for _ in 0..<width { startNext() } }
    }

    /// The next event, or nil once every job's event was taken or the batch was closed.
    func take() async -> PreparedSoundEvent? {
        await withCheckedContinuation { (c: CheckedContinuation<PreparedSoundEvent?, Never>) in
            mutex.lock()
            if closed || taken == jobs.count {
                mutex.unlock()
                return c.resume(returning: nil)
            }
            if taken > 0 { startNext() }
            taken += 1
            if !ready.isEmpty {
                let event = ready.removeFirst()
                mutex.unlock()
                return c.resume(returning: event)
            }
            waiting = c
            mutex.unlock()
        }
    }

    /// Stops the batch: no further file is written once this returns, jobs under way are cancelled and those not
    /// started never start.
    func close() {
        mutex.lock()
        closed = true
        let w = waiting
        waiting = nil
        let running = tasks.values
        mutex.unlock()
        gate.close()
        for t in running { t.cancel() }
        threads.shutdown()
        w?.resume(returning: nil)
    }

    /// Starts the next job, if any (with `mutex` held).
    private func startNext() {
        guard !closed, next < jobs.count else { return }
        let i = next
        next += 1
        let (input, path) = jobs[i]
        let recipe = self.recipe
        let gate = self.gate
        let threads = self.threads
        tasks[i] = Task.detached { [self] in
            let result: Result<PreparedSound, SoundKitError>
            do throws(WorkerPool.Refusal) {
                result = try await threads.run { NotificationSounds.run(input, recipe: recipe, path: path, gate: gate) }
            } catch {
                result = .failure(SoundKitError(AudioFileError(input.name, .cancelled)))
            }
            finish(PreparedSoundEvent(index: i, result: result))
        }
    }

    private func finish(_ event: PreparedSoundEvent) {
        mutex.lock()
        tasks[event.index] = nil
        if let w = waiting {
            waiting = nil
            mutex.unlock()
            w.resume(returning: event)
        } else {
            ready.append(event)
            mutex.unlock()
        }
    }

    /// Closes the batch when the stream that iterates it is released (a `break` ends the iteration).
    final class Owner: Sendable {
        let batch: PrepareBatch
        init(_ batch: PrepareBatch) { self.batch = batch }
        deinit { batch.close() }
    }
}
