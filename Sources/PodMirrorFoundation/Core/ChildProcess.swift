import Foundation

/// The one way podmirror starts a program: by argv — never through a shell — with its standard
/// output going where the caller says, stopped when `cancellation` fires.
///
/// `.stream` is for tools the user watches (`pod`, `gem`): their output is passed on to podmirror's
/// stdout or stderr as it comes. `.capture` is for tools whose output podmirror reads (`gzip`, `xz`,
/// `pod --version`): standard output goes to the caller in chunks and standard error is kept for the
/// error message, so nothing they print reaches podmirror's own output.
package enum ChildProcess {
    /// Where the child's standard output goes.
    package enum Output {
        /// Passed on to podmirror's stdout or stderr; the child's stderr goes to podmirror's stderr.
        case stream(ToolOutput)
        /// In chunks to the closure as it comes; the child's stderr is kept (the first 64 KiB).
        case capture((Data) throws -> Void)
    }

    package struct Outcome: Sendable {
        /// Exit status (128+N when killed by signal N).
        package var status: Int32
        /// The first 64 KiB of standard error (captured output only; empty when streamed).
        package var stderr: String
    }

    /// Runs `executable` with `arguments`. When `cancellation` fires (or the capture closure throws)
    /// the child is terminated and `InterruptedError` (or the closure's error) is thrown. A child
    /// that cannot be started throws the system's error.
    package static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        currentDirectory: String? = nil, cancellation: CancellationToken, output: Output
    ) throws -> Outcome {
        Trace.command(executable, arguments)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.environment = environment
        if let currentDirectory { p.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        p.standardInput = FileHandle.nullDevice
        switch output {
        case .stream(let destination):
            if destination == .standardError { p.standardOutput = FileHandle.standardError }
            return try stream(p, cancellation: cancellation)
        case .capture(let stdout):
            return try capture(p, cancellation: cancellation, stdout: stdout)
        }
    }

    /// The full path of `name` in the folders of `path` (`$PATH` syntax), or nil.
    package static func find(_ name: String, path: String?) -> String? {
        let fallback = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        let folders = (path ?? "").split(separator: ":").map(String.init) + fallback
        for folder in folders where !folder.isEmpty {
            let candidate = folder + "/" + name
            if LocalFileSystem().isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    private static func stream(_ p: Process, cancellation: CancellationToken) throws -> Outcome {
        let done = DispatchSemaphore(value: 0)
        p.terminationHandler = { _ in done.signal() }
        try p.run()
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            if cancellation.isCancelled {
                p.terminate()
                done.wait()
                let name = ((p.executableURL?.path ?? "") as NSString).lastPathComponent
                throw InterruptedError(Message("error.interrupted.tool", ["tool": name]))
            }
        }
        return Outcome(status: status(p), stderr: "")
    }

    private static func capture(
        _ p: Process, cancellation: CancellationToken, stdout: (Data) throws -> Void
    ) throws -> Outcome {
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let errors = ErrorBuffer()
        let drained = DispatchSemaphore(value: 0)
        try p.run()
        let child = ChildBox(p)
        // Cancellation also stops a child that prints nothing (`tar -x`), whose output read would block.
        Thread {
            while child.process.isRunning {
                if cancellation.isCancelled { child.process.terminate(); return }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }.start()
        // Standard error is drained on its own thread so a chatty tool never blocks on a full pipe.
        Thread {
            let handle = err.fileHandleForReading
            while let chunk = try? handle.read(upToCount: 1 << 14), !chunk.isEmpty { errors.append(chunk) }
            drained.signal()
        }.start()
        let reader = out.fileHandleForReading
        do {
            while true {
                if cancellation.isCancelled { throw InterruptedError() }
                guard let chunk = try reader.read(upToCount: 1 << 16), !chunk.isEmpty else { break }
                try stdout(chunk)
            }
        } catch {
            if p.isRunning { p.terminate() }
            while (try? reader.read(upToCount: 1 << 16))?.isEmpty == false {}
            p.waitUntilExit()
            drained.wait()
            throw error
        }
        p.waitUntilExit()
        drained.wait()
        if cancellation.isCancelled { throw InterruptedError() }
        return Outcome(status: status(p), stderr: errors.text)
    }

    private static func status(_ p: Process) -> Int32 {
        p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
    }

    // @unchecked: the Process is only asked `isRunning` and told `terminate()`, both thread-safe.
    private final class ChildBox: @unchecked Sendable {
        let process: Process
        init(_ process: Process) { self.process = process }
    }

    // @unchecked: `data` is read and written under `lock`.
    private final class ErrorBuffer: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ chunk: Data) {
            lock.lock(); defer { lock.unlock() }
            if data.count < 1 << 16 { data.append(chunk.prefix((1 << 16) - data.count)) }
        }
        var text: String {
            lock.lock(); defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
