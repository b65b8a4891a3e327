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
package enum CacheLock {
    /// Runs `body` holding the write lock for `path`. Waits up to `timeout` seconds for another holder
    /// (CocoaPods or podmirror) to let go; polls `cancellation` meanwhile.
    package static func withExclusive<T>(
        _ path: String, timeout: TimeInterval, cancellation: CancellationToken,
        _ body: () throws -> T
    ) throws -> T {
        let lockPath = path + ".lock"
        let deadline = Date().addingTimeInterval(timeout)
        var fd: Int32 = -1
        while true {
            fd = open(lockPath, O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
            if fd < 0 {
                throw PodMirrorFailure(
                    Message(
                        "pods.cache.lock-open",
                        [
                            "path": lockPath,
                            "reason": String(cString: strerror(errno)),
                        ]),
                    code: .podsCacheLock)
            }
            // A blocking flock cannot be timed out or cancelled, so poll a non-blocking one.
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if cancellation.isCancelled { close(fd); throw InterruptedError() }
                if Date() > deadline {
                    close(fd)
                    throw PodMirrorFailure(
                        Message(
                            "pods.cache.lock-held",
                            [
                                "path": lockPath,
                                "seconds": String(Int(timeout)),
                            ]),
                        remedy: Message("pods.cache.lock-held.remedy"), code: .podsCacheLockHeld)
                }
                usleep(20_000)
            }
            var held = stat()
            var onDisk = stat()
            if fstat(fd, &held) == 0, stat(lockPath, &onDisk) == 0, held.st_ino == onDisk.st_ino,
                held.st_dev == onDisk.st_dev
            {
                break
            }
            close(fd)
        }
        defer {
            unlink(lockPath)
            close(fd)
        }
        return try body()
    }
}
