import Foundation

/// Steps in the order a plan ran them.
// @unchecked: every access to `list` holds `lock`.
package final class StepLog: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    package init() {}
    package var entries: [String] { lock.lock(); defer { lock.unlock() }; return list }
    package func append(_ entry: String) { lock.lock(); list.append(entry); lock.unlock() }
}
