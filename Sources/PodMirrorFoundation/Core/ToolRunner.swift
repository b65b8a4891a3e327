import Foundation

/// Where a child's standard output goes. Its standard error always goes to podmirror's.
package enum ToolOutput: Sendable {
    /// podmirror's stdout (text output, where a person reads pod's progress beside podmirror's).
    case standardOutput
    /// podmirror's stderr, so stdout stays one JSON document (`--json`).
    case standardError
}

/// Runs an external tool (`pod`, `gem`) by argv — never through a shell — with its output streamed where
/// the runner's `output` says. Behind a protocol so tests can inject faults; end-to-end tests use the
/// real runner with recording stand-ins on PATH.
package protocol ToolRunner: Sendable {
    /// Runs `executable` with `arguments`; returns its exit status (128+N when killed by signal N).
    /// When `cancellation` fires, the child gets SIGTERM and this throws `InterruptedError`.
    func run(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String?,
        cancellation: CancellationToken
    ) throws -> Int32
}

/// The real runner: `ChildProcess` with the output streamed.
package struct ProcessToolRunner: ToolRunner {
    var output: ToolOutput

    /// A runner whose children write their stdout to `output` (stderr unless a command asks otherwise).
    package init(output: ToolOutput = .standardError) { self.output = output }

    package func run(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String?,
        cancellation: CancellationToken
    ) throws -> Int32 {
        do {
            return try ChildProcess.run(
                executable, arguments, environment: Self.withUTF8Locale(environment),
                currentDirectory: currentDirectory, cancellation: cancellation, output: .stream(output)
            ).status
        } catch let error as any PodMirrorError {
            throw error
        } catch {
            throw PodMirrorFailure(
                Message("tool.error.launch", ["tool": executable, "reason": error.localizedDescription]),
                code: .toolLaunch)
        }
    }

    /// CocoaPods needs a UTF-8 locale: keep the caller's when it is one, else `en_US.UTF-8`.
    static func withUTF8Locale(_ environment: [String: String]) -> [String: String] {
        var env = environment
        let current = env["LC_ALL"] ?? env["LC_CTYPE"] ?? env["LANG"] ?? ""
        let lower = current.lowercased()
        if !(lower.contains("utf-8") || lower.contains("utf8")) {
            env["LANG"] = "en_US.UTF-8"
            env["LC_ALL"] = "en_US.UTF-8"
        }
        return env
    }
}
