import Foundation

/// What a change's `apply` leaves for its `undo` or `commit` (for example where it put the old state
/// aside): set by one call, taken by a later one of the same plan run.
// @unchecked: every access to `value` holds `lock`.
package final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    package init() {}

    package func set(_ newValue: Value) {
        lock.lock(); defer { lock.unlock() }
        value = newValue
    }

    /// The value, once: a second call returns nil.
    package func take() -> Value? {
        lock.lock(); defer { lock.unlock() }
        defer { value = nil }
        return value
    }
}
