import Foundation
import PodMirrorFoundation
import PodMirrorKit

/// `--verbose`: renders the Kit's trace events (git transfers, HTTP requests, child command lines) as
/// plain lines on stderr, in the user's language, between progress redraws.
struct ConsoleTrace: TraceSink {
    let console: Console

    func trace(_ event: TraceEvent) {
        console.err(Self.line(event))
    }

    static func line(_ event: TraceEvent) -> String {
        switch event {
        case .gitTransfer(let operation, let url, let proxy):
            if let proxy {
                return Message("cli.verbose.git.proxy", ["operation": operation, "url": url, "proxy": proxy]).localized
            }
            return Message("cli.verbose.git.direct", ["operation": operation, "url": url]).localized
        case .gitCommitRefused(let url, let commit, let cause):
            return Message("cli.verbose.git.commit-refused", ["url": url, "commit": commit, "cause": cause]).localized
        case .httpRequest(let method, let url, let range, let proxy):
            var values = ["method": method, "url": url, "range": range.map { " (Range: \($0))" } ?? ""]
            guard let proxy else { return Message("cli.verbose.http.direct", values).localized }
            values["proxy"] = proxy
            return Message("cli.verbose.http.proxy", values).localized
        case .httpResponse(let method, let url, let status, let bytes, let seconds):
            let values = [
                "method": method, "url": url, "status": String(status),
                "bytes": ByteSize.text(bytes),
                "seconds": String(format: "%.2f", seconds),
            ]
            return Message("cli.verbose.http.response", values).localized
        case .httpFailure(let method, let url, let reason, let seconds):
            let values = ["method": method, "url": url, "reason": reason, "seconds": String(format: "%.2f", seconds)]
            return Message("cli.verbose.http.failed", values).localized
        case .command(let commandLine):
            return Message("cli.verbose.command", ["command": commandLine]).localized
        }
    }
}
