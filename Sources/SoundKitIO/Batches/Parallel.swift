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
    private final class Counter: Sendable {
        private let value = LockedValueBox(0)

        func take(below limit: Int) -> Int? {
            value.withLockedValue { value in
                guard value < limit else { return nil }
                value += 1
                return value - 1
            }
        }
    }

    /// One slot per item, each written by the one thread that took its index; read after every thread ended.
    private final class Results<Value>: @unchecked Sendable {
        // @unchecked: `Value` need not be Sendable; each slot is handed from the thread that made it to the caller's
        // through the box's lock.
        private let slots: LockedValueBox<[Value?]>

        init(count: Int) { slots = LockedValueBox(Array(repeating: nil, count: count)) }

        func set(_ i: Int, _ value: Value) { slots.withLockedValue { $0[i] = value } }

        func values() -> [Value] { slots.withLockedValue { $0.compactMap { $0 } } }
    }
}
