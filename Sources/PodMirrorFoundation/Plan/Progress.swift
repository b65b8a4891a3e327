internal import CAtomic
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A progress event from a long operation (clone, fetch, checkout).
public struct ProgressEvent: Sendable, Equatable {
    /// Phase in a few words, in the language of the run: "receiving objects", "checking out files".
    public var phase: String
    public var completed: Int
    public var total: Int?
    /// Bytes received so far, when known.
    public var bytes: Int?

    public init(phase: String, completed: Int, total: Int? = nil, bytes: Int? = nil) {
        self.phase = phase
        self.completed = completed
        self.total = total
        self.bytes = bytes
    }
}

/// Receives progress. The CLI draws bars on a TTY; the Kit never prints.
public protocol ProgressReporter: Sendable {
    func report(_ event: ProgressEvent)
}

public struct NullProgress: ProgressReporter {
    public init() {}
    public func report(_ event: ProgressEvent) {}
}
