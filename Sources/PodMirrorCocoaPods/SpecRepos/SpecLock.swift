import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plan's need for `Spec_Lock`: which repos dir, and how long to wait for it.
package struct SpecLockRequirement: JobLock {
    package var repos: ReposDirectory
    /// Seconds to wait for the lock.
    package var timeout: TimeInterval

    package init(repos: ReposDirectory, timeout: TimeInterval) {
        self.repos = repos
        self.timeout = timeout
    }

    /// Takes the lock, then removes the temporary folders a killed podmirror left behind and finishes the
    /// repo changes it left half-done (`SpecRepoJournal`); both are safe only while holding it.
    package func acquire(purpose: String, cancellation: CancellationToken) throws -> any HeldJobLock {
        let lock = try SpecLock.acquire(reposDir: repos, timeout: timeout, purpose: purpose, cancellation: cancellation)
        repos.staging.removeStale()
        try repos.finishUnfinishedChanges()
        return lock
    }
}

/// CocoaPods' own lock: an exclusive `flock` on `<repos dir>/Spec_Lock`, held while repos change,
/// so `pod repo update` and podmirror never work on the repos at the same time.
///
/// CocoaPods writes nothing into `Spec_Lock`; podmirror writes its pid and command into
/// `Spec_Lock.podmirror-owner` beside it (a plain file, which CocoaPods ignores) so a waiting process
/// can say who holds the lock.
// @unchecked: `fd` changes only in `release()`, which its one owner calls (or deinit).
package final class SpecLock: HeldJobLock, @unchecked Sendable {
    package let path: String
    private var fd: Int32
    private let ownerPath: String

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
        self.ownerPath = path + ".podmirror-owner"
    }

    deinit { release() }

    /// Waits up to `timeout` seconds for the lock; creates the repos dir and `Spec_Lock` if missing.
    package static func acquire(
        reposDir: ReposDirectory, timeout: TimeInterval, purpose: String,
        cancellation: CancellationToken = .init()
    ) throws -> SpecLock {
        do { try reposDir.fileSystem.createDirectory(reposDir.path) } catch {
            let reason = (error as? FileError)?.reason ?? (error as NSError).localizedDescription
            throw PodMirrorFailure(
                Message("repo.error.repos-create", ["path": reposDir.path, "reason": reason]),
                remedy: Message("repo.error.repos-create.remedy"), code: .reposCreate)
        }
        let path = reposDir.lockPath
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw PodMirrorFailure(
                Message("repo.error.lock-open", ["path": path, "reason": String(cString: strerror(errno))]),
                code: .lockOpen)
        }
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if cancellation.isCancelled { close(fd); throw InterruptedError() }
            if Date() >= deadline {
                close(fd)
                let holder = holder(lockPath: path)
                throw PodMirrorFailure(
                    "repo.error.locked", ["path": path, "seconds": String(Int(timeout))],
                    sentence: "holder", holder?.description ?? Message("repo.lock.holder.unknown"),
                    remedy: holder.map {
                        Message("repo.error.locked.remedy.holder", ["pid": String($0.pid), "command": $0.command])
                    } ?? Message("repo.error.locked.remedy"), code: .reposLocked)
            }
            usleep(100_000)
        }
        let lock = SpecLock(path: path, fd: fd)
        let owner = "pid \(getpid()) podmirror \(purpose)\n"
        try? Data(owner.utf8).write(to: URL(fileURLWithPath: lock.ownerPath))
        return lock
    }

    /// A podmirror process holding the lock, as its owner file (`pid N podmirror PURPOSE`) names it.
    package struct Holder: Sendable, Equatable {
        package var pid: Int32
        /// `podmirror repo add`, `podmirror setup`: what it is doing.
        package var command: String

        /// `process 123 (podmirror repo add)`, in the run's language.
        package var description: Message {
            Message("repo.lock.holder", ["pid": String(pid), "command": command])
        }
    }

    /// The podmirror process that holds the lock at `lockPath`, when its owner file names a process that is still
    /// running; nil otherwise (CocoaPods writes no owner: `pod repo update` or `pod install --repo-update` may hold
    /// it, or nobody).
    package static func holder(lockPath: String) -> Holder? {
        guard let text = try? String(contentsOfFile: lockPath + ".podmirror-owner", encoding: .utf8) else {
            return nil
        }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard words.count == 3, words[0] == "pid", let pid = Int32(words[1]), pid > 0,
            kill(pid, 0) == 0 || errno == EPERM
        else { return nil }
        return Holder(pid: pid, command: TerminalText.escaped(words[2]))
    }

    /// True when some process holds the lock right now (a non-blocking probe).
    package static func isHeld(reposDir: ReposDirectory) -> Bool {
        let fd = open(reposDir.lockPath, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { flock(fd, LOCK_UN); return false }
        return true
    }

    package func release() {
        guard fd >= 0 else { return }
        unlink(ownerPath)
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }
}
