import Foundation

/// What an apply step can use: progress reporting and cancellation.
public struct ApplyContext: Sendable {
    public var progress: any ProgressReporter
    public var cancellation: CancellationToken

    public init(progress: any ProgressReporter = NullProgress(), cancellation: CancellationToken = .init()) {
        self.progress = progress
        self.cancellation = cancellation
    }

    /// Throws `InterruptedError` once the process was asked to stop.
    public func checkCancelled() throws {
        if cancellation.isCancelled { throw InterruptedError() }
    }
}
