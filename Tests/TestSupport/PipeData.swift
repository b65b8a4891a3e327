import Foundation

/// Bytes one thread reads from a pipe while another waits.
// @unchecked: every access to `value` holds `lock`.
package final class PipeData: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Data()

    package init() {}

    package func set(_ data: Data) {
        lock.lock(); defer { lock.unlock() }
        value = data
    }

    package var data: Data {
        lock.lock(); defer { lock.unlock() }
        return value
    }
}
