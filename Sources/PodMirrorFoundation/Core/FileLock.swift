import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory `flock` on one open file or folder, the one way podmirror waits for a lock (`Spec_Lock`, the
/// download cache's `.lock` files, the file-edit lock on a folder): opened with `O_CLOEXEC` (a child never
/// inherits it), taken by polling a non-blocking `flock` (a blocking one cannot be timed out or cancelled) until a
/// deadline or cancellation. The kernel drops the lock when its holder dies, so a kill never leaves it held.
///
/// With an owner file (`<path>.podmirror-owner`, beside the lock) the holder writes `pid N COMMAND` into it while it
/// holds the lock, so a process that waits in vain can say who holds it (`FileLockTimeout.holder`).
// @unchecked: `fd` changes only in `release()`, which its one owner calls (or deinit).
package final class FileLock: @unchecked Sendable {
    /// `flock`'s two kinds: many shared holders at once, or one exclusive holder.
    package enum Kind: Sendable {
        case shared, exclusive

        var operation: Int32 { self == .shared ? LOCK_SH : LOCK_EX }
    }

    /// The locked file or folder.
    package let path: String
    /// `<path>.podmirror-owner` when holders name themselves, else nil.
    package let ownerPath: String?
    private var fd: Int32
    private var held = false

    /// Opens `path` with `flags` (plus `O_CLOEXEC`; `mode` when `O_CREAT` creates it), not yet locked.
    /// `namesHolder`: holders write and waiters read `<path>.podmirror-owner`.
    package init(path: String, flags: Int32, mode: mode_t = 0o644, namesHolder: Bool = false) throws {
        let fd = open(path, flags | O_CLOEXEC, mode)
        guard fd >= 0 else { throw OpenFailure(path: path, reason: SystemReason.message(errno: errno)) }
        self.path = path
        self.fd = fd
        self.ownerPath = namesHolder ? path + ".podmirror-owner" : nil
    }

    deinit { release() }

    /// Takes the lock, waiting until `deadline` and polling `cancellation` every `poll` seconds. Throws
    /// `InterruptedError` when cancelled and `FileLockTimeout` (naming the holder when known; `timeout` is what it
    /// says was waited) at the deadline; either way the file stays open and unlocked. Holding it, writes
    /// `pid <this process> <command>` into the owner file when there is one.
    package func lock(
        _ kind: Kind = .exclusive, until deadline: Date, timeout: TimeInterval, poll: TimeInterval,
        cancellation: CancellationToken, command: String = "podmirror"
    ) throws {
        while flock(fd, kind.operation | LOCK_NB) != 0 {
            if cancellation.isCancelled { throw InterruptedError() }
            if Date() >= deadline {
                throw FileLockTimeout(path: path, timeout: timeout, holder: ownerPath.flatMap(Holder.init(ownerPath:)))
            }
            usleep(useconds_t(max(poll, 0.001) * 1_000_000))
        }
        held = true
        if let ownerPath { try? Data("pid \(getpid()) \(command)\n".utf8).write(to: URL(fileURLWithPath: ownerPath)) }
    }

    /// `lock(_:until:timeout:poll:cancellation:command:)` with a deadline `timeout` seconds from now.
    package func lock(
        _ kind: Kind = .exclusive, timeout: TimeInterval, poll: TimeInterval, cancellation: CancellationToken,
        command: String = "podmirror"
    ) throws {
        try lock(
            kind, until: Date().addingTimeInterval(timeout), timeout: timeout, poll: poll, cancellation: cancellation,
            command: command)
    }

    /// True while the open file is still the one at `path` (another holder may have unlinked or replaced it).
    package var isStillOnDisk: Bool {
        var opened = stat()
        var onDisk = stat()
        return fstat(fd, &opened) == 0 && stat(path, &onDisk) == 0 && opened.st_ino == onDisk.st_ino
            && opened.st_dev == onDisk.st_dev
    }

    /// Removes the owner file this holder wrote, lets go of the lock and closes the file; safe to call twice.
    package func release() {
        guard fd >= 0 else { return }
        if held, let ownerPath { unlink(ownerPath) }
        held = false
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    /// True when some process holds a lock on `path` right now that conflicts with `kind` (a non-blocking probe
    /// that creates nothing); false when `path` cannot be opened.
    package static func isHeld(_ path: String, conflictingWith kind: Kind = .exclusive) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, kind.operation | LOCK_NB) == 0 { flock(fd, LOCK_UN); return false }
        return true
    }

    /// A podmirror process holding a lock, as its owner file (`pid N COMMAND`) names it.
    package struct Holder: Sendable, Equatable {
        package var pid: Int32
        /// `podmirror repo add`, `podmirror setup`: what it is doing.
        package var command: String

        package init(pid: Int32, command: String) {
            self.pid = pid
            self.command = command
        }

        /// The process the owner file at `ownerPath` names, when it is still running; nil otherwise (no file, a
        /// malformed one, or a process that has ended).
        package init?(ownerPath: String) {
            guard let text = try? String(contentsOfFile: ownerPath, encoding: .utf8) else { return nil }
            let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard words.count == 3, words[0] == "pid", let pid = Int32(words[1]), pid > 0,
                kill(pid, 0) == 0 || errno == EPERM
            else { return nil }
            self.init(pid: pid, command: TerminalText.escaped(words[2]))
        }

        /// `process 123 (podmirror repo add)`, in the run's language.
        package var description: Message {
            Message("repo.lock.holder", ["pid": String(pid), "command": command])
        }
    }

    /// The lock file could not be opened; each lock reports it with its own message and code.
    package struct OpenFailure: Error {
        package var path: String
        /// Why the `open` failed (`SystemReason`).
        package var reason: Message
    }
}

/// Another process held a `FileLock` past the wait; each lock reports it with its own message and code.
package struct FileLockTimeout: Error {
    package var path: String
    /// The seconds waited.
    package var timeout: TimeInterval
    /// The podmirror process its owner file names, when the lock has one and that process still runs.
    package var holder: FileLock.Holder?
}
