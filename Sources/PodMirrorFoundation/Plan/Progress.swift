internal import CAtomic
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A progress event from a long operation (clone, fetch, checkout).
package struct ProgressEvent: Sendable, Equatable {
    /// Phase in a few words ("receiving objects", "checking out files"), said by the CLI in the run's language.
    package var phase: Message
    package var completed: Int
    package var total: Int?
    /// Bytes received so far, when known.
    package var bytes: Int?

    package init(phase: Message, completed: Int, total: Int? = nil, bytes: Int? = nil) {
        self.phase = phase
        self.completed = completed
        self.total = total
        self.bytes = bytes
    }
}

/// Receives progress. The CLI draws bars on a TTY; the Kit never prints.
package protocol ProgressReporter: Sendable {
    func report(_ event: ProgressEvent)
}

package struct NullProgress: ProgressReporter {
    package init() {}
    package func report(_ event: ProgressEvent) {}
}
