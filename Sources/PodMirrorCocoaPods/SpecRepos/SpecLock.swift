import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plan's need for `Spec_Lock`: which repos dir, and how long to wait for it.
struct SpecLockRequirement: JobLock {
    var repos: ReposDirectory
    /// Seconds to wait for the lock.
    var timeout: TimeInterval

    init(repos: ReposDirectory, timeout: TimeInterval) {
        self.repos = repos
        self.timeout = timeout
    }

    /// Takes the lock, then removes the temporary folders a killed podmirror left behind and finishes the
    /// repo changes it left half-done (`SpecRepoJournal`); both are safe only while holding it.
    func acquire(purpose: String, cancellation: CancellationToken) throws -> any HeldJobLock {
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
package final class SpecLock: HeldJobLock, Sendable {
    package var path: String { lock.path }
    private let lock: FileLock

    private init(lock: FileLock) { self.lock = lock }

    /// Waits up to `timeout` seconds for the lock; creates the repos dir and `Spec_Lock` if missing.
    package static func acquire(
        reposDir: ReposDirectory, timeout: TimeInterval, purpose: String,
        cancellation: CancellationToken = .init()
    ) throws -> SpecLock {
        do { try reposDir.fileSystem.createDirectory(reposDir.path) } catch {
            let reason =
                (error as? FileError)?.reasonMessage ?? SystemReason.words((error as NSError).localizedDescription)
            throw PodMirrorFailure(
                Message("repo.error.repos-create", ["path": reposDir.path], parts: ["reason": reason]),
                remedy: Message("repo.error.repos-create.remedy"), code: .reposCreate)
        }
        let path = reposDir.lockPath
        let lock: FileLock
        do { lock = try FileLock(path: path, flags: O_RDWR | O_CREAT, namesHolder: true) } catch let error
            as FileLock.OpenFailure
        {
            throw PodMirrorFailure(
                Message("repo.error.lock-open", ["path": path], parts: ["reason": error.reason]), code: .lockOpen)
        }
        do {
            try lock.lock(timeout: timeout, poll: 0.1, cancellation: cancellation, command: "podmirror \(purpose)")
        } catch let timedOut as FileLockTimeout {
            let holder = timedOut.holder
            throw PodMirrorFailure(
                "repo.error.locked", ["path": path, "seconds": String(Int(timeout))],
                sentence: "holder", holder?.description ?? Message("repo.lock.holder.unknown"),
                remedy: holder.map {
                    Message("repo.error.locked.remedy.holder", ["pid": String($0.pid), "command": $0.command])
                } ?? Message("repo.error.locked.remedy"), code: .reposLocked)
        }
        return SpecLock(lock: lock)
    }

    /// A podmirror process holding the lock, as its owner file (`pid N podmirror PURPOSE`) names it.
    package typealias Holder = FileLock.Holder

    /// The podmirror process that holds the lock at `lockPath`, when its owner file names a process that is still
    /// running; nil otherwise (CocoaPods writes no owner: `pod repo update` or `pod install --repo-update` may hold
    /// it, or nobody).
    package static func holder(lockPath: String) -> Holder? {
        Holder(ownerPath: lockPath + ".podmirror-owner")
    }

    /// True when some process holds the lock right now (a non-blocking probe).
    package static func isHeld(reposDir: ReposDirectory) -> Bool {
        FileLock.isHeld(reposDir.lockPath)
    }

    package func release() { lock.release() }
}
