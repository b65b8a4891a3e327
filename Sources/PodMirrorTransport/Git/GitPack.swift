internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Pack files without a network: building one with libgit2's packbuilder (for `repo export`) and
/// indexing one with libgit2's indexer (for `repo import`).
package enum GitPack {
    /// State shared with the C callbacks of one pack operation.
    final class Session: @unchecked Sendable {
        let options: TransferOptions
        var sink: ((UnsafeRawBufferPointer) throws -> Void)?
        var error: (any Error)?
        var written = 0
        var objects = 0
        private var lastReport = Date.distantPast

        init(_ options: TransferOptions) { self.options = options }

        var payload: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
        static func from(_ p: UnsafeMutableRawPointer?) -> Session {
            Unmanaged<Session>.fromOpaque(p!).takeUnretainedValue()
        }

        /// Reports at most ten times a second (and always the last step); non-zero stops libgit2.
        /// `phase` is a catalog key.
        func report(_ phase: String, _ done: Int, _ total: Int?, bytes: Int? = nil) -> Int32 {
            let now = Date()
            if done == total || now.timeIntervalSince(lastReport) > 0.1 {
                lastReport = now
                options.progress.report(
                    ProgressEvent(phase: Message(phase), completed: done, total: total, bytes: bytes))
            }
            return options.cancellation.isCancelled ? -1 : 0
        }
    }

    /// Streams a pack holding every object reachable from `tips` into `sink`, in pack-file order.
    /// Returns the number of objects packed.
    @discardableResult
    package static func build(
        _ repo: GitRepository, tips: [String], options: TransferOptions,
        sink: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        Libgit2.initialize()
        var pb: OpaquePointer?
        try check(git_packbuilder_new(&pb, repo.pointer), "start a pack of", repo.path)
        defer { git_packbuilder_free(pb) }
        git_packbuilder_set_threads(pb, 0)  // 0: one thread per CPU
        let session = Session(options)
        session.sink = sink
        git_packbuilder_set_callbacks(
            pb,
            { stage, current, total, payload in
                let s = Session.from(payload)
                let adding = stage == Int32(GIT_PACKBUILDER_ADDING_OBJECTS.rawValue)
                return s.report(
                    adding ? "bundle.progress.counting" : "bundle.progress.compressing", Int(current),
                    adding ? nil : Int(total))
            }, session.payload)
        var walk: OpaquePointer?
        try check(git_revwalk_new(&walk, repo.pointer), "walk the history of", repo.path)
        defer { git_revwalk_free(walk) }
        for tip in tips {
            guard var oid = GitOID.parse(tip) else {
                throw GitError(
                    .repository, operation: "pack", subject: repo.path, cause: Message("git.cause.bad-oid", ["id": tip])
                )
            }
            try check(git_revwalk_push(walk, &oid), "walk the history of", repo.path)
        }
        try interruptible(options) {
            try check(git_packbuilder_insert_walk(pb, walk), "count the objects of", repo.path)
        }
        session.objects = git_packbuilder_object_count(pb)
        let rc = git_packbuilder_foreach(
            pb,
            { buf, size, payload in
                let s = Session.from(payload)
                do {
                    try s.sink?(UnsafeRawBufferPointer(start: buf, count: size))
                } catch {
                    s.error = error
                    return -1
                }
                s.written += size
                return s.report("bundle.progress.writing", s.written, nil, bytes: s.written)
            }, session.payload)
        if let error = session.error { throw error }
        if options.cancellation.isCancelled { throw InterruptedError() }
        try check(rc, "write the pack of", repo.path)
        return session.objects
    }

    private static func interruptible(_ options: TransferOptions, _ body: () throws -> Void) throws {
        do { try body() } catch {
            if options.cancellation.isCancelled { throw InterruptedError() }
            throw error
        }
    }

    /// Indexes a pack read from `read` (which returns 0 bytes at the end) into the folder `packDirectory`
    /// (a repository's `objects/pack`): writes `pack-<hash>.pack` and `.idx` there. Returns the hash.
    /// A truncated or corrupt pack throws and leaves no pack behind.
    package static func index(
        into packDirectory: String, subject: String, options: TransferOptions,
        read: (UnsafeMutableRawBufferPointer) throws -> Int
    ) throws -> String {
        let session = Session(options)
        let indexer = try GitPackIndexer(into: packDirectory, subject: subject, options: options) { st in
            if st.total_deltas > 0 && st.received_objects == st.total_objects {
                return session.report(
                    "bundle.progress.resolving", Int(st.indexed_deltas), Int(st.total_deltas),
                    bytes: Int(st.received_bytes))
            }
            return session.report(
                "bundle.progress.indexing", Int(st.received_objects), Int(st.total_objects),
                bytes: Int(st.received_bytes))
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try read(buffer)
            if n == 0 { break }
            try indexer.append(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return try indexer.commit()
    }
}

/// libgit2's indexer fed a pack as its bytes come (a file, a download): `append` each piece, then `commit`,
/// which writes `pack-<hash>.pack` and `.idx` into the pack folder. Freed without `commit`, it leaves no pack.
final class GitPackIndexer {
    private let indexer: OpaquePointer
    /// The object database a thin pack is completed from (the indexer holds no reference of its own).
    private let odb: OpaquePointer?
    private let subject: String
    private let options: TransferOptions
    private let progress: Progress
    private var stats = git_indexer_progress()

    /// The progress closure, where the indexer's C callback finds it.
    private final class Progress {
        let report: (git_indexer_progress) -> Int32
        init(_ report: @escaping (git_indexer_progress) -> Int32) { self.report = report }
    }

    /// `progress` sees the indexer's counts as they change; non-zero stops the indexing. With `repo`, a thin
    /// pack (deltas against objects the repository has) is completed from its objects.
    init(
        into packDirectory: String, subject: String, options: TransferOptions,
        completingFrom repo: GitRepository? = nil,
        progress: @escaping (git_indexer_progress) -> Int32
    ) throws {
        Libgit2.initialize()
        self.subject = subject
        self.options = options
        let box = Progress(progress)
        self.progress = box
        var opts = git_indexer_options()
        git_indexer_options_init(&opts, UInt32(GIT_INDEXER_OPTIONS_VERSION))
        opts.progress_cb = { stats, payload in
            guard let stats else { return 0 }
            return Unmanaged<Progress>.fromOpaque(payload!).takeUnretainedValue().report(stats.pointee)
        }
        opts.progress_cb_payload = Unmanaged.passUnretained(box).toOpaque()
        var odb: OpaquePointer?
        if let repo { try check(git_repository_odb(&odb, repo.pointer), "open the objects of", repo.path) }
        var idx: OpaquePointer?
        let rc = git_indexer_new(&idx, packDirectory, 0, odb, &opts)
        if rc < 0 { git_odb_free(odb) }
        try check(rc, "index the pack of", subject)
        indexer = idx!
        self.odb = odb
    }

    deinit {
        git_indexer_free(indexer)
        git_odb_free(odb)
    }

    /// Hands the next bytes of the pack to the indexer.
    func append(_ bytes: UnsafeRawBufferPointer) throws {
        try interruptible {
            try check(git_indexer_append(indexer, bytes.baseAddress, bytes.count, &stats), "index the pack of", subject)
        }
    }

    /// Checks the whole pack, resolves its deltas and writes it with its index. Returns the pack's hash.
    func commit() throws -> String {
        try interruptible {
            _ = try checkWrite("index the pack of", subject) { git_indexer_commit(indexer, &stats) }
        }
        guard let name = git_indexer_name(indexer) else {
            throw GitError(
                .repository, operation: "index the pack of", subject: subject, cause: Message("git.cause.no-pack"))
        }
        return String(cString: name)
    }

    /// The counts so far.
    var counts: git_indexer_progress { stats }

    private func interruptible(_ body: () throws -> Void) throws {
        do { try body() } catch {
            if options.cancellation.isCancelled { throw InterruptedError() }
            throw error
        }
    }
}
