import Foundation
internal import CAtomic

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
    package var atomicFlag: OpaquePointer { flag }
}
