internal import CLibgit2
import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
    typealias DirectoryHandle = OpaquePointer
#elseif canImport(Darwin)
    import Darwin
    typealias DirectoryHandle = UnsafeMutablePointer<DIR>
#endif

/// One pass over a range of a path-sorted index beside its working tree (for `GitRepository.statusScan`):
/// each folder is opened once, its files are checked relative to it (`fstatat` against the index's stat
/// data, or under `deep` opened, read and hashed) and its listing is counted against the index; the tree
/// objects the index describes are hashed bottom-up on the way (index order is tree order).
///
/// `statusScan` walks consecutive ranges on separate threads. A folder that spans the boundary between two
/// ranges (the top folder at least) is shared: the walk does not finish it but hands back its part (tree
/// entries and names found): in `head` those it entered at its start and left, in `tail` those still open at
/// its end. `adopt(_:)`, on a walk over no range, joins the parts of each walk in order and finishes them.
struct IndexWalk {
    /// How stat data is compared, from the repository's config (read once, before the threads start).
    struct StatRules {
        let trustCtime: Bool
        let trustFilemode: Bool
        let minimalStat: Bool
        /// The index file's mtime: an entry modified at or after it is racy and must be hashed.
        let indexTime: (Int, Int)

        init(_ repo: GitRepository) {
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
            indexTime = stat(repo.gitDirectory + "/index", &st) == 0 ? PlatformShims.mtime(st) : (0, 0)
        }
    }

    /// A folder of the working tree while the walk is in it.
    struct Folder {
        var name: [UInt8]
        /// The open folder; -1 when it is missing (or not a folder).
        var fd: Int32
        let depth: Int
        /// Index position of the first entry under this folder.
        let first: Int
        /// Index position after its last entry (set when the walk leaves it).
        var end = 0
        /// Index children found on disk.
        var present = 0
        /// The tree object's entries so far.
        var tree: [UInt8] = []
        /// Entered at the start of the range and also walked by the previous range.
        var shared = false

        /// Adds the part of this folder another walk saw after this one's.
        mutating func join(_ part: Folder) {
            tree.append(contentsOf: part.tree)
            present += part.present
            end = part.end
            if part.fd >= 0 {
                if fd < 0 { fd = part.fd } else { close(part.fd) }
            }
        }
    }

    /// A folder whose listing differs from the tracked files and folders found in it (or could not be read).
    struct Unlisted {
        let first: Int
        let end: Int
        let depth: Int
    }

    let repo: GitRepository
    let entries: IndexEntries
    let deep: Bool
    let rules: StatRules
    let cancellation: CancellationToken
    let range: Range<Int>
    /// Folders (counting the top folder) shared with the previous and the next range.
    let sharedBefore: Int
    let sharedAfter: Int

    /// Changes known from stat data and file contents.
    private(set) var changes: [GitPathChange] = []
    /// Index positions of files whose content must be hashed (changed stat data; symlinks under `deep`).
    private(set) var toHash: [Int] = []
    /// Folders to list by name for untracked files.
    private(set) var unlisted: [Unlisted] = []
    /// The root tree the index describes, once the top folder is finished (and `treeUnknown` is false).
    private(set) var root: git_oid?
    /// Set when the index holds conflicts or intent-to-add entries, which describe no tree.
    private(set) var treeUnknown = false
    private(set) var head: [Folder] = []
    private(set) var tail: [Folder] = []

    private var levels: [Folder] = []
    private var components: [Range<Int>] = []
    private let lister = FolderEntryCount()
    private let blobs: WorktreeBlobCheck?

    init(
        repo: GitRepository, entries: IndexEntries, deep: Bool, rules: StatRules, range: Range<Int>,
        sharedBefore: Int = 0, sharedAfter: Int = 0, cancellation: CancellationToken
    ) {
        self.repo = repo
        self.entries = entries
        self.deep = deep
        self.rules = rules
        self.range = range
        self.sharedBefore = sharedBefore
        self.sharedAfter = sharedAfter
        self.cancellation = cancellation
        blobs = deep ? WorktreeBlobCheck(workdir: repo.path, trustFilemode: rules.trustFilemode) : nil
    }

    /// Walks the range; on failure every folder it opened is closed.
    mutating func run() throws {
        let fd = open(repo.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.errno(repo.path, .read) }
        levels = [Folder(name: [], fd: fd, depth: 0, first: range.lowerBound, shared: sharedBefore > 0)]
        do {
            for i in range {
                if (i - range.lowerBound) & 1023 == 0, cancellation.isCancelled { throw InterruptedError() }
                visit(entries[i], at: i)
            }
            while levels.count > sharedAfter { leaveDeepest(at: range.upperBound) }
        } catch {
            closeFolders()
            throw error
        }
        tail = levels
        levels = []
    }

    /// Takes over the results of `walk`, the next range's (this walk being over no range): its changes, and
    /// its parts of shared folders, each finished here once its last part is in.
    mutating func adopt(_ walk: IndexWalk) {
        changes += walk.changes
        toHash += walk.toHash
        unlisted += walk.unlisted
        treeUnknown = treeUnknown || walk.treeUnknown
        if let r = walk.root { root = r }
        for part in walk.head {
            precondition(levels.count == part.depth + 1, "a shared folder's parts out of order")
            levels[part.depth].join(part)
            finish(levels.removeLast())
        }
        for var part in walk.tail {
            part.shared = false
            if part.depth < levels.count { levels[part.depth].join(part) } else { levels.append(part) }
        }
    }

    /// Finishes the folders adopted and still open (after the last walk), `end` being the index's length.
    mutating func finishAdopted(end: Int) {
        while var folder = levels.popLast() {
            folder.end = end
            finish(folder)
        }
    }

    /// Closes every folder held (after a failure, or by a walk whose results are dropped).
    mutating func closeFolders() {
        for folder in levels + head + tail where folder.fd >= 0 { close(folder.fd) }
        levels = []
        head = []
        tail = []
    }

    private mutating func visit(_ e: UnsafePointer<git_index_entry>, at i: Int) {
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
        while levels.count > common + 1 { leaveDeepest(at: i) }
        for c in components[common...] { enter(Array(bytes[c]), at: i) }
        file(e, name: path + start, nameBytes: UnsafeRawBufferPointer(rebasing: bytes[start...]), at: i)
    }

    private mutating func enter(_ name: [UInt8], at i: Int) {
        var fd: Int32 = -1
        let parent = levels[levels.count - 1].fd
        if parent >= 0 {
            fd = withUnsafeTemporaryAllocation(of: CChar.self, capacity: name.count + 1) { cName in
                for (k, byte) in name.enumerated() { cName[k] = CChar(bitPattern: byte) }
                cName[name.count] = 0
                return openat(parent, cName.baseAddress!, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
        }
        let depth = levels.count
        // A shared folder was found in its parent by the walk that entered it first.
        let shared = i == range.lowerBound && depth < sharedBefore
        if fd >= 0 && !shared { levels[depth - 1].present += 1 }
        levels.append(Folder(name: name, fd: fd, depth: depth, first: i, shared: shared))
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
            levels[top].tree.append(contentsOf: Self.modeBytes(entry.mode))
            levels[top].tree.append(UInt8(ascii: " "))
            levels[top].tree.append(contentsOf: nameBytes)
            levels[top].tree.append(0)
            withUnsafeBytes(of: entry.id.id) { levels[top].tree.append(contentsOf: $0) }
        }
        let skip = UInt32(entry.flags_extended) & GIT_INDEX_ENTRY_SKIP_WORKTREE.rawValue != 0
        if let blobs, !skip, entry.mode & 0o170000 == 0o100000, levels[top].fd >= 0 {
            let (found, kind) = blobs.check(dir: levels[top].fd, entry: e, name: name)
            if found { levels[top].present += 1 }
            if let kind { report(e, kind) }
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
        if !isLink, rules.trustFilemode, (entry.mode & 0o100 != 0) != (st.st_mode & 0o100 != 0) {
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
            || (Int(entry.mtime.seconds), Int(entry.mtime.nanoseconds)) >= rules.indexTime
        {
            toHash.append(i)
        }
    }

    private func statChanged(_ entry: git_index_entry, _ st: stat) -> Bool {
        let m = PlatformShims.mtime(st)
        if Int(entry.mtime.seconds) != m.0 { return true }
        if rules.minimalStat { return false }
        if Int(entry.mtime.nanoseconds) != m.1 { return true }
        if rules.trustCtime {
            let c = PlatformShims.ctime(st)
            if Int(entry.ctime.seconds) != c.0 || Int(entry.ctime.nanoseconds) != c.1 { return true }
        }
        return entry.ino != UInt32(truncatingIfNeeded: st.st_ino) || entry.uid != UInt32(st.st_uid)
            || entry.gid != UInt32(st.st_gid)
    }

    /// Leaves the deepest folder, whose entries end at `end`: finishes it, or keeps it in `head` when shared.
    private mutating func leaveDeepest(at end: Int) {
        var folder = levels.removeLast()
        folder.end = end
        if folder.shared {
            head.append(folder)
        } else {
            finish(folder)
        }
    }

    /// Counts the folder's names against those found (to list it by name later when they differ), closes
    /// it, and hashes its tree into its parent's (or `root`).
    private mutating func finish(_ folder: Folder) {
        if folder.fd >= 0, lister.countAndClose(folder.fd, root: folder.depth == 0) != folder.present {
            unlisted.append(Unlisted(first: folder.first, end: folder.end, depth: folder.depth))
        }
        let oid = folder.tree.withUnsafeBytes { ObjectHash.id(GIT_OBJECT_TREE, $0.baseAddress, $0.count) }
        guard let parent = levels.indices.last else {
            root = oid
            return
        }
        levels[parent].tree.append(contentsOf: "40000 ".utf8)
        levels[parent].tree.append(contentsOf: folder.name)
        levels[parent].tree.append(0)
        withUnsafeBytes(of: oid.id) { levels[parent].tree.append(contentsOf: $0) }
    }

    private mutating func report(_ e: UnsafePointer<git_index_entry>, _ kind: GitPathChange.Kind) {
        changes.append(GitPathChange(path: String(cString: e.pointee.path), kind: kind))
    }

    /// A file mode as tree objects write it (octal, no leading zero).
    private static func modeBytes(_ mode: UInt32) -> [UInt8] {
        switch mode {
        case 0o100644: return regular
        case 0o100755: return executable
        default: return Array(String(mode, radix: 8).utf8)
        }
    }
    private static let regular = Array("100644".utf8)
    private static let executable = Array("100755".utf8)

    /// Folders (counting the top folder) that index entries `a` and `b` have in common.
    static func sharedFolders(_ a: UnsafePointer<CChar>, _ b: UnsafePointer<CChar>) -> Int {
        var shared = 1
        var i = 0
        while a[i] != 0, a[i] == b[i] {
            if a[i] == CChar(UInt8(ascii: "/")) { shared += 1 }
            i += 1
        }
        return shared
    }
}

/// An index's entries in path order, read by `GitIndexFile` or copied from libgit2's index; only read while
/// the walks run.
struct IndexEntries: @unchecked Sendable {
    let base: UnsafePointer<git_index_entry>
    let count: Int

    subscript(_ i: Int) -> UnsafePointer<git_index_entry> { base + i }
}
