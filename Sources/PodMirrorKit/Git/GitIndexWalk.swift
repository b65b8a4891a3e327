import CLibgit2
import Foundation

#if canImport(Glibc)
    import Glibc
    typealias DirectoryHandle = OpaquePointer
#elseif canImport(Darwin)
    import Darwin
    typealias DirectoryHandle = UnsafeMutablePointer<DIR>
#endif

/// One pass over a path-sorted index beside its working tree (for `GitRepository.statusScan`): each folder
/// is opened once, its files are `fstatat`ed relative to it and its listing is counted against the index;
/// the tree objects the index describes are hashed bottom-up on the way (index order is tree order).
/// `run()` is called once.
struct IndexWalk {
    let repo: GitRepository
    let index: OpaquePointer
    let deep: Bool
    let cancellation: CancellationToken
    let trustCtime: Bool
    let trustFilemode: Bool
    let minimalStat: Bool
    /// The index file's mtime: an entry modified at or after it is racy and must be hashed.
    let indexTime: (Int, Int)

    /// Changes known from stat data and folder listings.
    var changes: [GitPathChange] = []
    /// Index positions of files whose content must be hashed.
    var toHash: [Int] = []
    /// The root tree the index describes (when `treeUnknown` is false).
    var root = git_oid()
    /// Set when the index holds conflicts or intent-to-add entries, which describe no tree.
    var treeUnknown = false

    private struct Level {
        var name: [UInt8]
        /// The open folder; -1 when it is missing (or not a folder).
        var fd: Int32
        /// Index children found on disk.
        var present = 0
        /// The tree object being built.
        var tree: [UInt8] = []
        /// Index position of the first entry under this folder.
        var first: Int
        /// `--deep`: the worker this folder's files and listing go to.
        var worker = 0
    }
    private var levels: [Level] = []
    private var components: [Range<Int>] = []
    /// `--deep`: threads that read and hash the regular files and list the folders while this one walks.
    private var workers: [IndexHashWorker] = []
    /// `--deep`: folders open at once (each held until its worker closes it), beside the open levels.
    private let folderSlots = IndexHashWorker.semaphore(128)
    private var nextWorker = 0

    init(repo: GitRepository, index: OpaquePointer, deep: Bool, cancellation: CancellationToken) throws {
        self.repo = repo
        self.index = index
        self.deep = deep
        self.cancellation = cancellation
        func flag(_ key: String) -> Bool? {
            switch repo.configString(key)?.lowercased() {
            case "false", "no", "off", "0": return false
            case "true", "yes", "on", "1", "": return true
            default: return nil
            }
        }
        trustCtime = flag("core.trustctime") ?? true
        trustFilemode = flag("core.filemode") ?? true
        minimalStat = repo.configString("core.checkstat")?.lowercased() == "minimal"
        var st = stat()
        indexTime = stat(repo.gitDirectory + "/index", &st) == 0 ? Self.mtime(st) : (0, 0)
    }

    mutating func run() throws {
        let fd = open(repo.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.errno(repo.path, .read) }
        levels = [Level(name: [], fd: fd, first: 0)]
        if deep {
            workers = (0..<2).map { _ in
                IndexHashWorker(
                    workdir: repo.path, trustFilemode: trustFilemode, folderSlots: folderSlots,
                    cancellation: cancellation)
            }
        }
        defer {
            // The workers first: they may still open files in these folders.
            for w in workers { w.finish() }
            workers = []
            for level in levels where level.fd >= 0 { close(level.fd) }
            levels = []
        }
        let count = git_index_entrycount(index)
        for i in 0..<count {
            if i & 1023 == 0, cancellation.isCancelled { throw InterruptedError() }
            try visit(git_index_get_byindex(index, i)!, at: i)
        }
        while !levels.isEmpty { try finish(at: count) }
        let finished = workers
        workers = []
        for w in finished { w.finish() }
        if cancellation.isCancelled { throw InterruptedError() }
        for w in finished {
            for (i, kind) in w.changes { report(git_index_get_byindex(index, i)!, kind) }
        }
        // Sorted: the same order of changes whichever worker listed which folder.
        for folder in finished.flatMap(\.unlisted).sorted(by: { $0.first < $1.first }) { try untracked(folder) }
    }

    private mutating func visit(_ e: UnsafePointer<git_index_entry>, at i: Int) throws {
        let path = e.pointee.path!
        let bytes = UnsafeRawBufferPointer(start: path, count: strlen(path))
        components.removeAll(keepingCapacity: true)
        var start = 0
        for j in 0..<bytes.count where bytes[j] == UInt8(ascii: "/") {
            components.append(start..<j)
            start = j + 1
        }
        var common = 0
        while common < components.count, common + 1 < levels.count,
            levels[common + 1].name.elementsEqual(bytes[components[common]])
        {
            common += 1
        }
        while levels.count > common + 1 { try finish(at: i) }
        for c in components[common...] { push(Array(bytes[c]), at: i) }
        file(e, name: path + start, nameBytes: UnsafeRawBufferPointer(rebasing: bytes[start...]), at: i)
    }

    private mutating func push(_ name: [UInt8], at i: Int) {
        var fd: Int32 = -1
        let parent = levels[levels.count - 1].fd
        if parent >= 0 {
            if !workers.isEmpty, folderSlots.wait(timeout: .now()) == .timedOut {
                // Every folder held may be in a batch not yet handed over.
                for w in workers { w.flush() }
                folderSlots.wait()
            }
            fd = (name + [0]).withUnsafeBufferPointer {
                openat(
                    parent, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self),
                    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            if fd >= 0 {
                levels[levels.count - 1].present += 1
            } else if !workers.isEmpty {
                folderSlots.signal()
            }
        }
        levels.append(Level(name: name, fd: fd, first: i, worker: nextWorker))
        nextWorker = (nextWorker + 1) % max(workers.count, 1)
    }

    private mutating func file(
        _ e: UnsafePointer<git_index_entry>, name: UnsafePointer<CChar>, nameBytes: UnsafeRawBufferPointer, at i: Int
    ) {
        let entry = e.pointee
        let top = levels.count - 1
        if git_index_entry_stage(e) != 0
            || UInt32(entry.flags_extended) & GIT_INDEX_ENTRY_INTENT_TO_ADD.rawValue != 0
        {
            treeUnknown = true
        } else {
            levels[top].tree.append(contentsOf: String(entry.mode, radix: 8).utf8)
            levels[top].tree.append(UInt8(ascii: " "))
            levels[top].tree.append(contentsOf: nameBytes)
            levels[top].tree.append(0)
            withUnsafeBytes(of: entry.id.id) { levels[top].tree.append(contentsOf: $0) }
        }
        let skip = UInt32(entry.flags_extended) & GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue != 0
        if !workers.isEmpty, !skip, entry.mode & 0o170000 == 0o100000, levels[top].fd >= 0 {
            workers[levels[top].worker].push(.file(dir: levels[top].fd, entry: e, name: name, position: i, depth: top))
            return
        }
        var st = stat()
        guard levels[top].fd >= 0, fstatat(levels[top].fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else {
            if !skip { report(e, .deleted) }
            return
        }
        levels[top].present += 1
        let kind = entry.mode & 0o170000
        if skip || kind == 0o160000 { return }
        let isLink = kind == 0o120000
        if isLink ? (st.st_mode & S_IFMT) != S_IFLNK : (st.st_mode & S_IFMT) != S_IFREG {
            report(e, .typechange)
            return
        }
        if !isLink, trustFilemode, (entry.mode & 0o100 != 0) != (st.st_mode & 0o100 != 0) {
            report(e, .modified)
            return
        }
        if deep {
            toHash.append(i)
            return
        }
        let size = UInt32(truncatingIfNeeded: st.st_size)
        // Size 0 in the index means "not known" (git writes it for racily clean entries).
        if entry.file_size != 0 && entry.file_size != size {
            report(e, .modified)
        } else if entry.file_size != size || statChanged(entry, st)
            || (Int(entry.mtime.seconds), Int(entry.mtime.nanoseconds)) >= indexTime
        {
            toHash.append(i)
        }
    }

    private func statChanged(_ entry: git_index_entry, _ st: stat) -> Bool {
        let m = Self.mtime(st)
        if Int(entry.mtime.seconds) != m.0 { return true }
        if minimalStat { return false }
        if Int(entry.mtime.nanoseconds) != m.1 { return true }
        if trustCtime {
            let c = Self.ctime(st)
            if Int(entry.ctime.seconds) != c.0 || Int(entry.ctime.nanoseconds) != c.1 { return true }
        }
        return entry.ino != UInt32(truncatingIfNeeded: st.st_ino) || entry.uid != UInt32(st.st_uid)
            || entry.gid != UInt32(st.st_gid)
    }

    /// Closes the deepest folder: lists it when its entry count differs from the tracked files found in
    /// it (untracked files), then hashes its tree into its parent's.
    private mutating func finish(at end: Int) throws {
        let level = levels.removeLast()
        let depth = levels.count
        if level.fd >= 0 {
            if !workers.isEmpty {
                // The worker lists the folder after its files, then closes it.
                workers[level.worker].push(
                    .folder(dir: level.fd, present: level.present, first: level.first, end: end, depth: depth))
            } else if let d = fdopendir(level.fd)
                ?? {
                    close(level.fd); return nil
                }()
            {
                defer { closedir(d) }
                var count = 0
                while let ent = readdir(d) {
                    if !Self.skipped(ent, root: depth == 0) { count += 1 }
                }
                if count != level.present {
                    rewinddir(d)
                    try untracked(in: d, first: level.first, depth: depth, end: end)
                }
            }
        }
        var oid = git_oid()
        let padded = level.tree.isEmpty ? [0] : level.tree
        _ = padded.withUnsafeBytes { git_odb_hash(&oid, $0.baseAddress, level.tree.count, GIT_OBJECT_TREE) }
        if levels.isEmpty {
            root = oid
        } else {
            levels[depth - 1].tree.append(contentsOf: "40000 ".utf8)
            levels[depth - 1].tree.append(contentsOf: level.name)
            levels[depth - 1].tree.append(0)
            withUnsafeBytes(of: oid.id) { levels[depth - 1].tree.append(contentsOf: $0) }
        }
    }

    /// A folder the worker found more names in than tracked entries: listed again, by its path.
    private mutating func untracked(_ folder: IndexHashWorker.Unlisted) throws {
        let prefix = Self.prefix(git_index_get_byindex(index, folder.first)!, depth: folder.depth)
        guard let d = opendir(repo.path + "/" + prefix) else { return }
        defer { closedir(d) }
        try untracked(in: d, first: folder.first, depth: folder.depth, end: folder.end)
    }

    /// The first `depth` components of the entry's path, each followed by `/`.
    private static func prefix(_ e: UnsafePointer<git_index_entry>, depth: Int) -> String {
        String(cString: e.pointee.path).split(separator: "/", omittingEmptySubsequences: false)[0..<depth]
            .map { $0 + "/" }.joined()
    }

    /// Names in the folder `d` that no index entry in `first..<end` has at `depth`.
    private mutating func untracked(in d: DirectoryHandle, first: Int, depth: Int, end: Int) throws {
        var tracked = Set<String>()
        let prefix = Self.prefix(git_index_get_byindex(index, first)!, depth: depth)
        for j in first..<end {
            let parts = String(cString: git_index_get_byindex(index, j)!.pointee.path)
                .split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count > depth else { continue }
            tracked.insert(String(parts[depth]))
        }
        var found: [String] = []
        while let ent = readdir(d) {
            if Self.skipped(ent, root: depth == 0) { continue }
            let name = withUnsafePointer(to: &ent.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if !tracked.contains(name) { found.append(prefix + name) }
        }
        for rel in found.sorted() { try reportUntracked(rel) }
    }

    /// An untracked file, or every file in an untracked folder, unless ignored.
    private mutating func reportUntracked(_ rel: String) throws {
        var st = stat()
        let full = repo.path + "/" + rel
        guard lstat(full, &st) == 0 else { return }
        let isDir = (st.st_mode & S_IFMT) == S_IFDIR
        var ignored: Int32 = 0
        if git_ignore_path_is_ignored(&ignored, repo.pointer, isDir ? rel + "/" : rel) == 0, ignored == 1 { return }
        if isDir {
            for child in try LocalFileSystem().contentsOfDirectory(full).sorted() {
                try reportUntracked(rel + "/" + child)
            }
        } else {
            changes.append(GitPathChange(path: rel, kind: .added))
        }
    }

    private mutating func report(_ e: UnsafePointer<git_index_entry>, _ kind: GitPathChange.Kind) {
        changes.append(GitPathChange(path: String(cString: e.pointee.path), kind: kind))
    }

    /// `.`, `..`, and `.git` in the top folder.
    static func skipped(_ ent: UnsafeMutablePointer<dirent>, root: Bool) -> Bool {
        withUnsafePointer(to: &ent.pointee.d_name) {
            $0.withMemoryRebound(to: UInt8.self, capacity: 5) { n in
                guard n[0] == UInt8(ascii: ".") else { return false }
                if n[1] == 0 || (n[1] == UInt8(ascii: ".") && n[2] == 0) { return true }
                return root && n[1] == UInt8(ascii: "g") && n[2] == UInt8(ascii: "i") && n[3] == UInt8(ascii: "t")
                    && n[4] == 0
            }
        }
    }

    #if canImport(Darwin)
        static func mtime(_ st: stat) -> (Int, Int) { (Int(st.st_mtimespec.tv_sec), Int(st.st_mtimespec.tv_nsec)) }
        static func ctime(_ st: stat) -> (Int, Int) { (Int(st.st_ctimespec.tv_sec), Int(st.st_ctimespec.tv_nsec)) }
    #else
        static func mtime(_ st: stat) -> (Int, Int) { (Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec)) }
        static func ctime(_ st: stat) -> (Int, Int) { (Int(st.st_ctim.tv_sec), Int(st.st_ctim.tv_nsec)) }
    #endif
}
