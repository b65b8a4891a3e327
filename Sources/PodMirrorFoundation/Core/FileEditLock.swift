import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock every read-modify-write of a file holds: an exclusive `flock` on the folder that holds the
/// file (after symlinks), so the check "the file still holds what the plan read" and the rename that
/// replaces it happen with no other podmirror in between. A folder is locked rather than the file
/// because the rename replaces the file's inode, and a file that does not exist yet has none; nothing is
/// created on disk. The kernel drops the lock when its holder dies, so a kill never leaves it held.
package enum FileEditLock {
    /// Seconds an edit waits for another process's edit in the same folder before giving up (exit 5).
    package static let defaultTimeout: TimeInterval = 60

    /// Runs `body` holding the edit lock of `path`'s folder. Waits up to `timeout` seconds, polling
    /// `cancellation`; throws `file.locked` (exit 5) when another holder keeps it longer.
    static func withLock<T>(
        _ path: String, timeout: TimeInterval = defaultTimeout, cancellation: CancellationToken = .init(),
        _ body: () throws -> T
    ) throws -> T {
        let target = LocalFileSystem.resolveSymlinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        // A folder that cannot be opened cannot be written either: the write reports it, naming the file.
        guard let lock = try? FileLock(path: folder.isEmpty ? "." : folder, flags: O_RDONLY | O_DIRECTORY) else {
            return try body()
        }
        defer { lock.release() }
        do { try lock.lock(timeout: timeout, poll: 0.005, cancellation: cancellation) } catch is FileLockTimeout {
            throw PodMirrorFailure(
                Message("file.error.locked", ["path": path, "folder": folder, "seconds": String(Int(timeout))]),
                remedy: Message("file.error.locked.remedy"), code: .fileLocked)
        }
        return try body()
    }
}
