import CAtomic
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

/// Set from a signal handler; long operations poll it and roll back. The flag is a C11 atomic, so the
/// handler's store and other threads' loads do not race.
// @unchecked: the only state is a C11 atomic the signal handler stores and operations load.
public final class CancellationToken: @unchecked Sendable {
    private let flag: OpaquePointer

    public init() {
        guard let a = pm_atomic_int_new(0) else { fatalError("out of memory") }
        flag = a
    }

    deinit { pm_atomic_int_free(flag) }

    public var isCancelled: Bool { pm_atomic_int_load(flag) != 0 }
    /// The signal number that cancelled, or 0.
    public var signal: Int32 { pm_atomic_int_load(flag) }
    public func cancel(signal: Int32 = 2) { pm_atomic_int_store(flag, signal) }
    /// The C flag itself, for C code that polls it (libgit2's socket stream).
    var atomicFlag: OpaquePointer { flag }
}
