import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// CocoaPods' download-cache lock: an exclusive `flock` on `<path>.lock`, a sibling of the locked path.
/// The file is opened `O_RDONLY|O_CREAT`, locked, and kept only if its inode is still the one on disk
/// (another holder may have unlinked it); the writer unlinks it before closing.
enum CacheLock {
    /// Runs `body` holding the write lock for `path`. Waits up to `timeout` seconds for another holder
    /// (CocoaPods or podmirror) to let go; polls `cancellation` meanwhile.
    static func withExclusive<T>(
        _ path: String, timeout: TimeInterval, cancellation: CancellationToken,
        _ body: () throws -> T
    ) throws -> T {
        let lockPath = path + ".lock"
        let deadline = Date().addingTimeInterval(timeout)
        var lock: FileLock
        repeat {
            do { lock = try FileLock(path: lockPath, flags: O_RDONLY | O_CREAT) } catch let error
                as FileLock.OpenFailure
            {
                throw PodMirrorFailure(
                    Message("pods.cache.lock-open", ["path": lockPath], parts: ["reason": error.reason]),
                    code: .podsCacheLock)
            }
            do {
                try lock.lock(until: deadline, timeout: timeout, poll: 0.02, cancellation: cancellation)
            } catch is FileLockTimeout {
                throw PodMirrorFailure(
                    Message("pods.cache.lock-held", ["path": lockPath, "seconds": String(Int(timeout))]),
                    remedy: Message("pods.cache.lock-held.remedy"), code: .podsCacheLockHeld)
            }
        } while !lock.isStillOnDisk
        defer {
            unlink(lockPath)
            lock.release()
        }
        return try body()
    }
}
