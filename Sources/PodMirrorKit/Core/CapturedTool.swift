import Foundation

/// Runs a helper program (`tar`, `xz`, …) by argv — never through a shell — with its standard output
/// streamed to the caller and its standard error kept for the error message, so nothing it prints
/// reaches podmirror's own output. For tools whose output podmirror reads; `ToolRunner` is for tools
/// the user watches (`pod`, `gem`).
public enum CapturedTool {
    public struct Outcome: Sendable {
        /// Exit status (128+N when killed by signal N).
        public var status: Int32
        /// The first 64 KiB of standard error.
        public var stderr: String
    }

    /// Runs `executable` with `arguments`; `stdout` receives its output in chunks as it comes. When
    /// `cancellation` fires (or `stdout` throws) the child is terminated and the error is rethrown.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String],
        currentDirectory: String? = nil, cancellation: CancellationToken,
        stdout: (Data) throws -> Void = { _ in }
    ) throws -> Outcome {
        Trace.command(executable, arguments)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.environment = environment
        if let currentDirectory { p.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        p.standardInput = FileHandle.nullDevice
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
        let status = p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
        return Outcome(status: status, stderr: errors.text)
    }

    /// The full path of `name` in the folders of `path` (`$PATH` syntax), or nil.
    public static func find(_ name: String, path: String?) -> String? {
        let fallback = ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        let folders = (path ?? "").split(separator: ":").map(String.init) + fallback
        for folder in folders where !folder.isEmpty {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    private final class ChildBox: @unchecked Sendable {
        let process: Process
        init(_ process: Process) { self.process = process }
    }

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
