import Foundation

/// What `--verbose` reports about podmirror's dealings with the outside world: every libgit2 transfer,
/// HTTP request and child process. URLs and command lines are already redacted when an event is made.
package enum TraceEvent: Sendable, Equatable {
    /// A libgit2 transfer connects to `url` (after git's `insteadOf` rewriting); `proxy` is the proxy it
    /// goes through (credentials redacted), nil when direct.
    case gitTransfer(operation: String, url: String, proxy: String?)
    /// The server refused to send the unadvertised commit `commit` by its id (`cause`, redacted): the
    /// transfer fetches its branches and tags in full instead, as `git clone` does.
    case gitCommitRefused(url: String, commit: String, cause: String)
    /// An HTTP request through libcurl is sent; `range` is its `Range` header value, when it has one.
    case httpRequest(method: String, url: String, range: String?, proxy: String?)
    /// The answer to an HTTP request: its status (0 when none came), body bytes received and duration.
    case httpResponse(method: String, url: String, status: Int, bytes: Int64, seconds: Double)
    /// An HTTP request that got no usable answer (timeout, refused, TLS), with libcurl's reason.
    case httpFailure(method: String, url: String, reason: String, seconds: Double)
    /// A child process is started; `commandLine` is its argv quoted for display (see `CommandLineDisplay`).
    case command(commandLine: String)
}

/// Receives trace events. The executable renders them on stderr with `--verbose`; the Kit never prints.
package protocol TraceSink: Sendable {
    func trace(_ event: TraceEvent)
}

/// The run's trace sink (`RunScope.trace`): none unless the executable binds one, so without `--verbose` no event
/// is even built. Events come from any thread the run started (parallel fetches); the sink must be thread-safe.
package enum Trace {
    /// True when the run has a sink.
    package static var isEnabled: Bool { current != nil }

    private static var current: (any TraceSink)? { RunScope.current.trace }

    /// Hands `event` to the sink; the event is only built when there is one.
    package static func emit(_ event: @autoclosure () -> TraceEvent) {
        guard let sink = current else { return }
        sink.trace(event())
    }

    /// Traces the start of a child process: `executable` and `arguments` quoted for display.
    package static func command(_ executable: String, _ arguments: [String]) {
        emit(.command(commandLine: CommandLineDisplay.render([executable] + arguments)))
    }
}
