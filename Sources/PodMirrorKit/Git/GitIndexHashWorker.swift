import CLibgit2
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One of `--deep`'s threads beside `IndexWalk`: the walk opens the folders and hands each (with all its
/// regular files: the folder's descriptor and the file's name) to one worker; the worker opens, checks,
/// reads and hashes the files, then lists the folder, compares its names with the tracked ones found and
/// closes it, while the walk goes on. `folderSlots` (shared, signalled here at each close) bounds the
/// folders open at once. Items pass in batches of `batchSize` through a ring of `capacity` batches (the
/// walk waits when it is full; one hand-over per item cost more in thread wake-ups than the work it moved),
/// files are read into one reused buffer, and files larger than `wholeReadLimit` are hashed by libgit2 in
/// chunks.
final class IndexHashWorker: @unchecked Sendable {
    enum Item {
        /// A regular file of the index, at `depth` (its folder's depth in the walk).
        case file(
            dir: Int32, entry: UnsafePointer<git_index_entry>, name: UnsafePointer<CChar>, position: Int, depth: Int)
        /// A folder the walk has finished, `present` of its tracked entries found by the walk itself.
        case folder(dir: Int32, present: Int, first: Int, end: Int, depth: Int)
        case stop
    }

    /// A folder whose listing has more names than the tracked files and folders found in it.
    struct Unlisted {
        let first: Int
        let end: Int
        let depth: Int
    }

    /// Index positions of files whose content or kind differs.
    private(set) var changes: [(Int, GitPathChange.Kind)] = []
    /// Folders to list for untracked files (after `finish()`).
    private(set) var unlisted: [Unlisted] = []

    private let capacity = 8
    private let batchSize = 64
    private let ring: UnsafeMutablePointer<[Item]>
    /// The batch the walk is filling.
    private var batch: [Item] = []
    private var head = 0
    private var tail = 0
    private let slots: DispatchSemaphore
    private let items = DispatchSemaphore(value: 0)
    private let folderSlots: DispatchSemaphore
    private let done = DispatchGroup()
    private let workdir: String
    private let trustFilemode: Bool
    private let cancellation: CancellationToken
    /// Files found on disk per depth, for the folder being walked at that depth.
    private var filesPresent: [Int] = []
    private let lister = FolderEntryCount()
    private var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    private let wholeReadLimit = 4 << 20

    init(workdir: String, trustFilemode: Bool, folderSlots: DispatchSemaphore, cancellation: CancellationToken) {
        self.workdir = workdir.hasSuffix("/") ? workdir : workdir + "/"
        self.trustFilemode = trustFilemode
        self.cancellation = cancellation
        self.folderSlots = folderSlots
        ring = .allocate(capacity: capacity)
        ring.initialize(repeating: [], count: capacity)
        batch.reserveCapacity(batchSize)
        slots = Self.semaphore(capacity)
        done.enter()
        Thread.detachNewThread { [self] in
            run()
            done.leave()
        }
    }

    deinit {
        ring.deinitialize(count: capacity)
        ring.deallocate()
        buffer.deallocate()
        lister.deallocate()
    }

    /// A semaphore at `value` that may be freed at any value (libdispatch traps when one is freed below
    /// the value it was created with).
    static func semaphore(_ value: Int) -> DispatchSemaphore {
        let s = DispatchSemaphore(value: 0)
        for _ in 0..<value { s.signal() }
        return s
    }

    /// Called by the walk only.
    func push(_ item: Item) {
        batch.append(item)
        if batch.count == batchSize { send() }
    }

    /// Hands over the items pushed so far (the walk does before it waits for a folder slot).
    func flush() {
        if !batch.isEmpty { send() }
    }

    private func send() {
        slots.wait()
        ring[tail] = batch
        tail = (tail + 1) % capacity
        items.signal()
        batch = []
        batch.reserveCapacity(batchSize)
    }

    /// Stops the thread after the items already pushed and waits for it; then `changes` and `unlisted` hold.
    func finish() {
        batch.append(.stop)
        send()
        done.wait()
    }

    private func run() {
        while true {
            items.wait()
            let taken = ring[head]
            ring[head] = []
            head = (head + 1) % capacity
            slots.signal()
            for item in taken where !handle(item) { return }
        }
    }

    /// false at `.stop`.
    private func handle(_ item: Item) -> Bool {
        switch item {
        case .stop:
            return false
        case let .file(dir, entry, name, position, depth):
            while filesPresent.count <= depth { filesPresent.append(0) }
            if cancellation.isCancelled { return true }
            let (found, kind) = check(dir: dir, entry: entry, name: name)
            if found { filesPresent[depth] += 1 }
            if let kind { changes.append((position, kind)) }
        case let .folder(dir, present, first, end, depth):
            // nil (unreadable) lists it again afterwards, as a folder with untracked names.
            let listed = lister.countAndClose(dir, root: depth == 0)
            folderSlots.signal()
            let files = depth < filesPresent.count ? filesPresent[depth] : 0
            if depth < filesPresent.count { filesPresent[depth] = 0 }
            if listed != present + files { unlisted.append(Unlisted(first: first, end: end, depth: depth)) }
        }
        return true
    }

    /// Opens the file relative to its folder (no path walk), checks it with `fstat`, reads and hashes it.
    /// `found` when the name exists on disk; `kind` nil when the file matches the entry.
    private func check(
        dir: Int32, entry e: UnsafePointer<git_index_entry>, name: UnsafePointer<CChar>
    ) -> (found: Bool, kind: GitPathChange.Kind?) {
        let fd = openat(dir, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return (false, .deleted) }
            return (true, errno == ELOOP ? .typechange : .unreadable)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return (true, .unreadable) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return (true, .typechange) }
        if trustFilemode, (e.pointee.mode & 0o100 != 0) != (st.st_mode & 0o100 != 0) { return (true, .modified) }
        var oid = git_oid()
        var want = e.pointee.id
        let size = Int(st.st_size)
        if size > wholeReadLimit {
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
            guard git_odb_hash(&oid, buffer.baseAddress, filled, GIT_OBJECT_BLOB) == 0 else {
                return (true, .unreadable)
            }
        }
        return (true, git_oid_equal(&oid, &want) == 1 ? nil : .modified)
    }
}
