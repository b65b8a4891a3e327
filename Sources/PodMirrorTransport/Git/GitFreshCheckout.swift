internal import CLibgit2
import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the whole tree of a commit into an empty working tree, and the index that describes it with each
/// file's stat data (as `git clone` leaves it), on one thread per CPU: creating 60k files in 84k folders is
/// kernel work that scales with threads (on a 2-core machine two writers took 35-40 % off `tar x` of a
/// Specs tree), and libgit2's checkout has one thread. Each thread takes a folder (its tree read through
/// its own repository handle), creates its subfolders and files relative to the folder's descriptor, and
/// hands the subfolders back; files are created exclusively, so nothing is followed or overwritten.
/// Entry names git refuses to check out (`.`, `..`, `.git` in any spelling a file system folds to it, a
/// `/`) fail the checkout.
enum GitFreshCheckout {
    /// Checks out `commit` into `repo`'s working tree, which holds nothing but `.git`.
    static func run(_ repo: GitRepository, commit: String, session: TransferSession) throws {
        let tree = try GitCheckout.tree(repo, commit)
        let treeID = git_tree_id(tree).pointee
        git_tree_free(tree)
        let threads = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 8))
        let handles = try Handles(repo, count: threads)
        let root = open(repo.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw FileError.errno(repo.path, .read) }
        let work = Work(root: Folder(tree: treeID, path: [], fd: root), session: session)
        // The run's language goes with each writer: they report progress.
        let scope = RunScope.current
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            scope.run { Writer(repo: handles.pointers[t], repoPath: repo.path, work: work).run() }
        }
        if let failure = work.failure { throw failure }
        try writeIndex(repo, work.entries.sorted { $0.path.lexicographicallyPrecedes($1.path) })
        session.checkoutProgress(completed: work.written, total: work.written)
    }

    /// One repository handle per writer (a libgit2 repository is used by one thread at a time).
    final class Handles: @unchecked Sendable {
        private(set) var pointers: [OpaquePointer] = []

        init(_ repo: GitRepository, count: Int) throws {
            for _ in 0..<count {
                var handle: OpaquePointer?
                try check(git_repository_open(&handle, repo.path), "open", repo.path)
                pointers.append(handle!)
            }
        }

        deinit { pointers.forEach { git_repository_free($0) } }
    }

    /// The index of `repo` replaced by `entries` (sorted by path bytes), written.
    private static func writeIndex(_ repo: GitRepository, _ entries: [Entry]) throws {
        var index: OpaquePointer?
        try check(git_repository_index(&index, repo.pointer), "read the index of", repo.path)
        defer { git_index_free(index) }
        try check(git_index_clear(index), "clear the index of", repo.path)
        for var entry in entries {
            let rc = (entry.path + [0]).withUnsafeBufferPointer { path in
                entry.index.path = UnsafeRawPointer(path.baseAddress!).assumingMemoryBound(to: CChar.self)
                return git_index_add(index, &entry.index)
            }
            try check(rc, "add \(String(decoding: entry.path, as: UTF8.self)) to the index of", repo.path)
        }
        try checkWrite("write the index of", repo.path) { git_index_write(index) }
    }

    struct Folder {
        let tree: git_oid
        /// Relative to the working tree, without a trailing `/`; empty for the top folder.
        let path: [UInt8]
        /// Open descriptor of the folder (created by the thread that handed it over).
        let fd: Int32
    }

    struct Entry {
        let path: [UInt8]
        var index: git_index_entry
    }

    /// The folders still to write, shared by the writers; the index entries and the first failure they report.
    final class Work: @unchecked Sendable {
        private let condition = NSCondition()
        private var pending: [Folder]
        private var busy = 0
        private(set) var failure: Error?
        private(set) var entries: [Entry] = []
        private(set) var written = 0
        let session: TransferSession

        init(root: Folder, session: TransferSession) {
            pending = [root]
            self.session = session
        }

        /// The next folder to write; nil when every folder is written (or a writer failed).
        func next() -> Folder? {
            condition.lock()
            defer { condition.unlock() }
            while pending.isEmpty && busy > 0 && failure == nil { condition.wait() }
            guard failure == nil, let folder = pending.popLast() else {
                condition.broadcast()
                return nil
            }
            busy += 1
            return folder
        }

        /// A folder written: its subfolders to write next, its files' index entries (`files`: how many files it
        /// wrote when it records no index entries).
        func done(subfolders: [Folder], entries found: [Entry], files: Int? = nil) {
            condition.lock()
            if failure == nil {
                pending += subfolders
            } else {
                for folder in subfolders { close(folder.fd) }
            }
            entries += found
            written += files ?? found.count
            busy -= 1
            // Under the lock: one writer at a time reports.
            session.checkoutProgress(completed: written, total: nil)
            condition.broadcast()
            condition.unlock()
        }

        func fail(_ error: Error, closing subfolders: [Folder]) {
            condition.lock()
            if failure == nil { failure = error }
            for folder in pending + subfolders { close(folder.fd) }
            pending = []
            busy -= 1
            condition.broadcast()
            condition.unlock()
        }
    }

    /// One thread's share of the checkout.
    private struct Writer {
        let repo: OpaquePointer
        let repoPath: String
        let work: Work

        func run() {
            while let folder = work.next() {
                var subfolders: [Folder] = []
                do {
                    var entries: [Entry] = []
                    try checkOut(folder, into: &subfolders, &entries)
                    work.done(subfolders: subfolders, entries: entries)
                } catch {
                    work.fail(error, closing: subfolders)
                }
            }
        }

        private func checkOut(_ folder: Folder, into subfolders: inout [Folder], _ entries: inout [Entry]) throws {
            defer { close(folder.fd) }
            if work.session.options.cancellation.isCancelled { throw InterruptedError() }
            var tree: OpaquePointer?
            var id = folder.tree
            try check(git_tree_lookup(&tree, repo, &id), "read a tree of", repoPath)
            defer { git_tree_free(tree) }
            for i in 0..<git_tree_entrycount(tree) {
                let entry = git_tree_entry_byindex(tree, i)!
                let name = git_tree_entry_name(entry)!
                let path = folder.path.isEmpty ? bytes(name) : folder.path + [UInt8(ascii: "/")] + bytes(name)
                guard GitFreshCheckout.isSafe(name) else {
                    throw GitError(
                        .repository, operation: "check out", subject: String(decoding: path, as: UTF8.self),
                        cause: Message("git.cause.unsafe-path"))
                }
                let mode = git_tree_entry_filemode(entry)
                let oid = git_tree_entry_id(entry)!.pointee
                var st = stat()
                switch mode {
                case GIT_FILEMODE_TREE:
                    let fd = try makeFolder(folder.fd, name, path)
                    subfolders.append(Folder(tree: oid, path: path, fd: fd))
                    continue
                case GIT_FILEMODE_COMMIT:
                    // A submodule: an empty folder, as git leaves one it does not clone.
                    close(try makeFolder(folder.fd, name, path))
                    guard fstatat(folder.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { throw fileError(path, .read) }
                case GIT_FILEMODE_LINK:
                    let target = try blob(oid, path) { Array(UnsafeRawBufferPointer(start: $0, count: $1)) }
                    let made = (target + [0]).withUnsafeBufferPointer {
                        symlinkat(
                            UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), folder.fd, name)
                    }
                    guard made == 0, fstatat(folder.fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else {
                        throw fileError(path, .write)
                    }
                default:
                    let permissions: mode_t = mode == GIT_FILEMODE_BLOB_EXECUTABLE ? 0o777 : 0o666
                    let fd = openat(folder.fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
                    guard fd >= 0 else { throw fileError(path, .write) }
                    defer { close(fd) }
                    try blob(oid, path) { data, count in
                        var done = 0
                        while done < count {
                            let n = write(fd, data! + done, count - done)
                            if n < 0 && errno == EINTR { continue }
                            guard n > 0 else { throw fileError(path, .write) }
                            done += n
                        }
                    }
                    guard fstat(fd, &st) == 0 else { throw fileError(path, .read) }
                }
                entries.append(Entry(path: path, index: indexEntry(st, mode: mode.rawValue, id: oid)))
            }
        }

        private func makeFolder(_ parent: Int32, _ name: UnsafePointer<CChar>, _ path: [UInt8]) throws -> Int32 {
            guard mkdirat(parent, name, 0o777) == 0 else { throw fileError(path, .createDirectory) }
            let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw fileError(path, .read) }
            return fd
        }

        private func blob<T>(
            _ oid: git_oid, _ path: [UInt8],
            _ body: (UnsafeRawPointer?, Int) throws -> T
        ) throws -> T {
            var blob: OpaquePointer?
            var id = oid
            try check(git_blob_lookup(&blob, repo, &id), "read \(String(decoding: path, as: UTF8.self)) in", repoPath)
            defer { git_blob_free(blob) }
            return try body(git_blob_rawcontent(blob), Int(git_blob_rawsize(blob)))
        }

        private func fileError(_ path: [UInt8], _ operation: FileError.Operation) -> Error {
            FileError.errno(repoPath + "/" + String(decoding: path, as: UTF8.self), operation)
        }

        private func bytes(_ name: UnsafePointer<CChar>) -> [UInt8] {
            Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
        }
    }

    private static func indexEntry(_ st: stat, mode: UInt32, id: git_oid) -> git_index_entry {
        var e = git_index_entry()
        let (ms, mn) = PlatformShims.mtime(st)
        let (cs, cn) = PlatformShims.ctime(st)
        e.mtime = git_index_time(seconds: Int32(truncatingIfNeeded: ms), nanoseconds: UInt32(truncatingIfNeeded: mn))
        e.ctime = git_index_time(seconds: Int32(truncatingIfNeeded: cs), nanoseconds: UInt32(truncatingIfNeeded: cn))
        e.dev = UInt32(truncatingIfNeeded: st.st_dev)
        e.ino = UInt32(truncatingIfNeeded: st.st_ino)
        e.mode = mode
        e.uid = UInt32(truncatingIfNeeded: st.st_uid)
        e.gid = UInt32(truncatingIfNeeded: st.st_gid)
        e.file_size = UInt32(truncatingIfNeeded: st.st_size)
        e.id = id
        return e
    }

    /// False for names git refuses in a tree it checks out: empty, `.`, `..`, containing `/`, and `.git`
    /// as NTFS (trailing dots and spaces, `git~1`) or HFS+ (ignorable code points, any case) would read it.
    static func isSafe(_ name: UnsafePointer<CChar>) -> Bool {
        let raw = String(cString: name)
        if raw.isEmpty || raw == "." || raw == ".." || raw.contains("/") { return false }
        let ignorable: Set<Unicode.Scalar> = [
            "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
            "\u{202E}", "\u{206A}", "\u{206B}", "\u{206C}", "\u{206D}", "\u{206E}", "\u{206F}", "\u{FEFF}",
        ]
        var folded = String(String.UnicodeScalarView(raw.unicodeScalars.filter { !ignorable.contains($0) }))
            .lowercased()
        while let last = folded.last, last == "." || last == " " { folded.removeLast() }
        return folded != ".git" && folded != "git~1"
    }
}
