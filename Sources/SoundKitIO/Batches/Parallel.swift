import Dispatch

/// Work on many files at once from synchronous code (`check`, `report`, `info`): at most `width` items run at a
/// time, each on its own thread, taking the next item as one ends; the results come back in the items' order, so
/// what a command prints does not depend on how many ran at once. The width is `--jobs`, which defaults to
/// ``BatchConverter/processorCount`` as batch conversions do.
package enum Parallel {
    /// `body` applied to every element of `items`, at most `width` at once, in `items`' order. Each result is made
    /// on one thread and handed to the caller's once every thread has ended.
    package static func map<Item: Sendable, Result>(
        _ items: [Item], width: Int, _ body: @Sendable (Item) -> Result
    ) -> [Result] {
        let threads = Swift.min(Swift.max(1, width), items.count)
        guard threads > 1 else { return items.map(body) }
        let results = Results<Result>(count: items.count)
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            while let i = next.take(below: items.count) {
                results.set(i, body(items[i]))
            }
        }
        return results.values()
    }

    /// The next index to work on, shared by the threads.
    private final class Counter: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var value = 0

        func take(below limit: Int) -> Int? {
            lock.wait()
            defer { lock.signal() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }

    /// One slot per item, each written by the one thread that took its index; read after every thread ended.
    private final class Results<Value>: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var slots: [Value?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ i: Int, _ value: Value) {
            lock.wait()
            slots[i] = value
            lock.signal()
        }

        func values() -> [Value] { slots.compactMap { $0 } }
    }
}
