internal import CLibgit2
import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `repo verify --deep`'s check of one tracked regular file against its index entry, for `IndexWalk`: the
/// file is opened relative to its folder (no path walk), checked with `fstat`, read into one reused buffer
/// and hashed; files larger than `wholeReadLimit` are hashed by libgit2 in chunks, by path.
final class WorktreeBlobCheck {
    private let workdir: String
    private let trustFilemode: Bool
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    private let wholeReadLimit = 4 << 20
    private static let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
    /// Reading does not update the files' access time: right after a checkout, when every atime equals
    /// the mtime, the first read of each file would otherwise write its inode.
    private var noAccessTime = PlatformShims.openNoAccessTime

    init(workdir: String, trustFilemode: Bool) {
        self.workdir = workdir.hasSuffix("/") ? workdir : workdir + "/"
        self.trustFilemode = trustFilemode
    }

    deinit { buffer.deallocate() }

    /// `found` when the name exists on disk; `kind` nil when the file matches the entry.
    func check(
        dir: Int32, entry e: UnsafePointer<git_index_entry>, name: UnsafePointer<CChar>
    ) -> (found: Bool, kind: GitPathChange.Kind?) {
        var fd = openat(dir, name, Self.flags | noAccessTime)
        if fd < 0 && errno == EPERM && noAccessTime != 0 {
            // O_NOATIME is for the files' owner only.
            noAccessTime = 0
            fd = openat(dir, name, Self.flags)
        }
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return (false, .deleted) }
            return (true, errno == ELOOP ? .typechange : .unreadable)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return (true, .unreadable) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return (true, .typechange) }
        if trustFilemode, (e.pointee.mode & 0o100 != 0) != (st.st_mode & 0o100 != 0) { return (true, .modified) }
        var oid: git_oid
        var want = e.pointee.id
        let size = Int(st.st_size)
        if size > wholeReadLimit {
            oid = git_oid()
            let path = workdir + String(cString: e.pointee.path)
            guard git_odb_hashfile(&oid, path, GIT_OBJECT_BLOB) == 0 else { return (true, .unreadable) }
        } else {
            if buffer.count < size + 1 {
                buffer.deallocate()
                buffer = .allocate(byteCount: max(size + 1, buffer.count * 2), alignment: 16)
            }
            // One byte more than fstat's size is asked for: a file that grew since then hashes differently.
            var filled = 0
            while filled < size {
                let n = read(fd, buffer.baseAddress! + filled, size + 1 - filled)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { return (true, .unreadable) }
                if n == 0 { break }
                filled += n
            }
            oid = ObjectHash.id(GIT_OBJECT_BLOB, buffer.baseAddress, filled)
        }
        return (true, git_oid_equal(&oid, &want) == 1 ? nil : .modified)
    }
}
