import Foundation

/// Where a child's standard output goes. Its standard error always goes to podmirror's.
public enum ToolOutput: Sendable {
    /// podmirror's stdout (text output, where a person reads pod's progress beside podmirror's).
    case standardOutput
    /// podmirror's stderr, so stdout stays one JSON document (`--json`).
    case standardError
}

/// Runs an external tool (`pod`, `gem`) by argv — never through a shell — with its output streamed where
/// the runner's `output` says. Behind a protocol so tests can inject faults; end-to-end tests use the
/// real runner with recording stand-ins on PATH.
public protocol ToolRunner: Sendable {
    /// Runs `executable` with `arguments`; returns its exit status (128+N when killed by signal N).
    /// When `cancellation` fires, the child gets SIGTERM and this throws `InterruptedError`.
    func run(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String?,
        cancellation: CancellationToken
    ) throws -> Int32
}

/// The real runner, on Foundation.Process.
public struct ProcessToolRunner: ToolRunner {
    public var output: ToolOutput

    /// A runner whose children write their stdout to `output` (stderr unless a command asks otherwise).
    public init(output: ToolOutput = .standardError) { self.output = output }

    public func run(
        _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String?,
        cancellation: CancellationToken
    ) throws -> Int32 {
        Trace.command(executable, arguments)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.environment = Self.withUTF8Locale(environment)
        if let currentDirectory { p.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        p.standardInput = FileHandle.nullDevice
        if output == .standardError { p.standardOutput = FileHandle.standardError }
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        do { try p.run() } catch {
            throw PodMirrorFailure(
                Message("tool.error.launch", ["tool": executable, "reason": error.localizedDescription]),
                code: .toolLaunch)
        }
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            if cancellation.isCancelled {
                p.terminate()
                done.wait()
                throw InterruptedError(
                    Message("error.interrupted.tool", ["tool": (executable as NSString).lastPathComponent]))
            }
        }
        return p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
    }

    /// CocoaPods needs a UTF-8 locale: keep the caller's when it is one, else `en_US.UTF-8`.
    public static func withUTF8Locale(_ environment: [String: String]) -> [String: String] {
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
