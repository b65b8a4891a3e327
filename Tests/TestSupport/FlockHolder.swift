import Foundation

/// Another process holding an exclusive `flock` on a file (created when missing) or a folder, as `pod repo update`
/// holds `Spec_Lock` or a podmirror file edit holds its folder: a python3 child that takes the lock, says so on its
/// stdout, and keeps it until `release()` (or deinit) ends it; the kernel drops the lock with the process.
package final class FlockHolder {
    private let process = Process()

    /// Returns once the lock is held.
    package init(_ path: String) throws {
        process.executableURL = URL(fileURLWithPath: ProcessRunner.which("python3") ?? "/usr/bin/python3")
        process.arguments = [
            "-c",
            "import fcntl, os, sys, time\np = sys.argv[1]\n"
                + "fd = os.open(p, os.O_RDONLY) if os.path.isdir(p) else os.open(p, os.O_RDWR | os.O_CREAT, 0o644)\n"
                + "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(120)",
            path,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let line = out.fileHandleForReading.readData(ofLength: 5)
        guard String(decoding: line, as: UTF8.self) == "held\n" else {
            release()
            throw NSError(
                domain: "FlockHolder", code: 1, userInfo: [NSLocalizedDescriptionKey: "python3 did not lock \(path)"])
        }
    }

    deinit { release() }

    /// The holder's process id (what podmirror's owner file names for its own holders).
    package var pid: Int32 { process.processIdentifier }

    /// Ends the holder, which releases the lock.
    package func release() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
