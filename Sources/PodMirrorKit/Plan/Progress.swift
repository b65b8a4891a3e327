import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A progress event from a long operation (clone, fetch, checkout).
public struct ProgressEvent: Sendable, Equatable {
    /// Phase in a few words: "receiving objects", "indexing objects", "checking out files".
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

/// Set from a signal handler; long operations poll it and roll back.
// @unchecked: one aligned Int32 that a signal handler stores and operations only poll.
public final class CancellationToken: @unchecked Sendable {
    private let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    public init() { flag.initialize(to: 0) }
    deinit { flag.deallocate() }
    public var isCancelled: Bool { flag.pointee != 0 }
    /// The signal number that cancelled, or 0.
    public var signal: Int32 { flag.pointee }
    public func cancel(signal: Int32 = 2) { flag.pointee = signal }
}
