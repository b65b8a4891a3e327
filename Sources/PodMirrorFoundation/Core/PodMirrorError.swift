import Foundation

/// Process exit statuses podmirror documents (docs/exit-codes.md). The CLI maps errors to these.
package enum ExitStatus: Int32, Codable, Sendable {
    /// Done: changed, or already as asked.
    case success = 0
    /// The operation failed; nothing was left half-done.
    case failure = 1
    /// Bad command line or bad input value.
    case usage = 2
    /// `--check` found drift: applying would change something.
    case drift = 3
    /// A server could not be reached, timed out, or answered with an error.
    case network = 4
    /// CocoaPods' `Spec_Lock` (or another podmirror) held the lock past the timeout.
    case lockHeld = 5
    /// A tool podmirror needs (`pod`, `gem`) is missing.
    case toolMissing = 6
    /// Interrupted by SIGINT/SIGTERM; previous state restored.
    case interrupted = 130
}

/// Every error podmirror raises: a message naming the file/line/value, a remedy, and a typed code that
/// decides the exit status. Most errors are `PodMirrorFailure`; errors carrying structured context
/// (`PodfileError`, `GitError`, `FileError`, …) are their own types.
package protocol PodMirrorError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file, line, URL (redacted) or value involved.
    var message: String { get }
    /// What the user can do about it, when there is something to say.
    var remedy: String? { get }
    /// The exit status the CLI uses for it (the code's, unless the error says otherwise).
    var exitStatus: ExitStatus { get }
    /// A stable machine-readable code, e.g. `repo.exists`, `podfile.syntax` (its raw value in JSON).
    var code: ErrorCode { get }
    /// The catalog form of `message`, when the error is written in the catalog.
    var text: Message? { get }
    /// The catalog form of `remedy`.
    var remedyText: Message? { get }
}

extension PodMirrorError {
    package var remedy: String? { nil }
    package var text: Message? { nil }
    package var remedyText: Message? { nil }
    package var exitStatus: ExitStatus { code.exitStatus }
    package var description: String { message }
}

/// The process was interrupted (SIGINT/SIGTERM) while an operation ran; it was rolled back.
package struct InterruptedError: PodMirrorError {
    package var message: String
    package var text: Message?
    package var code: ErrorCode { .interrupted }
    package init() {
        text = Message("error.interrupted")
        message = text!.english
    }
    /// An interruption the catalog words more precisely (e.g. naming the tool that was running).
    package init(_ text: Message) {
        self.text = text
        message = text.english
    }
}
