import Foundation

/// A transfer's byte count as libcurl's progress callback sees it: the transfer stalls when the count has not moved
/// for `timeout` seconds. libcurl's own low-speed check averages over a few seconds, so it fires several seconds late.
struct StallWatch {
    let timeout: TimeInterval
    private var last: Int64 = -1
    private var lastChange = Date()
    /// True once the count stood still for `timeout` seconds.
    private(set) var stalled = false

    init(timeout: TimeInterval) { self.timeout = timeout }

    /// Records the count so far; true when it moved since the last call. Sets `stalled` when it has not for
    /// `timeout` seconds.
    mutating func observe(_ bytes: Int64) -> Bool {
        if bytes != last {
            last = bytes
            lastChange = Date()
            return true
        }
        if timeout > 0, Date().timeIntervalSince(lastChange) >= timeout { stalled = true }
        return false
    }
}
