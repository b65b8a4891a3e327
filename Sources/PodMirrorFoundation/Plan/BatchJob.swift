import Foundation

/// A writing job the Kit runs itself, many items on several threads (`pods fetch`), where a `Plan` of one change
/// per item would not do: the same planning decides what a dry run lists, what `--check` counts as drift and what
/// an apply writes. The command hands it to the run's one runner, which picks the mode and the cancellation.
package protocol BatchJob: Sendable {
    associatedtype Report: BatchReport
    /// What the job says while it runs (an item done, bytes so far).
    associatedtype Progress: Sendable

    /// Applies (`.apply`), or reports what applying would write (`.dryRun`, `.check`: nothing written).
    func run(mode: RunMode, cancellation: CancellationToken, progress: (@Sendable (Progress) -> Void)?) throws
        -> Report
}

/// What a `BatchJob` did or would do; it decides its own exit status, as a plan report's drift does.
package protocol BatchReport: Sendable {
    /// Something was (or, in dry run and check, would be) written.
    var changed: Bool { get }
    /// Interrupted (130), an item failed (1), `--check` found drift (3), else success.
    var exitStatus: ExitStatus { get }
}
