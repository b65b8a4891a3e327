import Foundation

/// What an apply step can use: progress reporting, cancellation and the file edit lock's wait.
package struct ApplyContext: Sendable {
    package var progress: any ProgressReporter
    package var cancellation: CancellationToken
    /// How long a file edit waits for another process's edit of the same folder (`FileEditLock`).
    package var fileLockTimeout: TimeInterval
    /// `--force`: a file edit replaces a file whose mode gives no write permission (`ReadOnlyFile`).
    package var force: Bool

    package init(
        progress: any ProgressReporter = NullProgress(), cancellation: CancellationToken = .init(),
        fileLockTimeout: TimeInterval = FileEditLock.defaultTimeout, force: Bool = false
    ) {
        self.progress = progress
        self.cancellation = cancellation
        self.fileLockTimeout = fileLockTimeout
        self.force = force
    }

    /// Throws `InterruptedError` once the process was asked to stop.
    package func checkCancelled() throws {
        if cancellation.isCancelled { throw InterruptedError() }
    }
}
