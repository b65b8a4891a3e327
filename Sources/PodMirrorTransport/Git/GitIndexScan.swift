internal import CLibgit2
import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GitRepository {
    /// What `git status` reports, found in one pass over the index, as git does it: each tracked file's
    /// stat data is compared with the index and only a file whose stat data changed (or is racy) is hashed;
    /// each folder is listed once to find untracked files (ignored files are left out, files in an untracked
    /// folder are listed one by one). The trees the index describes are hashed on the way and the root
    /// compared with `commit`'s tree, so HEAD's trees are read only when something is staged.
    /// `deep` hashes every tracked file instead of trusting stat data (each opened relative to its folder).
    /// The index is walked in `segments` consecutive ranges on as many threads (default: one per CPU for a
    /// large index), which together do the work of one walk.
    package func statusScan(
        commit: String, deep: Bool, segments: Int? = nil, cancellation: CancellationToken
    ) throws -> [GitPathChange] {
        try withIndexEntries { entries in
            let tree = try GitCheckout.tree(self, commit)
            defer { git_tree_free(tree) }
            let scan = try scanIndex(entries, deep: deep, segments: segments, cancellation: cancellation)
            return try changes(scan, tree, entries, cancellation)
        }
    }

    /// The id of the tree the index describes, hashed by the walk (in `segments` ranges); nil when the
    /// index holds conflicts. `statusScan` compares it with the commit's tree.
    func indexTreeID(segments: Int, cancellation: CancellationToken) throws -> String? {
        try withIndexEntries { entries in
            try scanIndex(entries, deep: false, segments: segments, cancellation: cancellation).root.map { root in
                var oid = root
                return GitOID.hex(&oid)
            }
        }
    }

    /// The index's entries in path order: read by `GitIndexFile`, or through libgit2 for an index it does
    /// not take (libgit2 then also names what is wrong with it).
    private func withIndexEntries<T>(_ body: (IndexEntries) throws -> T) throws -> T {
        if let file = GitIndexFile.read(gitDirectory + "/index") {
            return try withExtendedLifetime(file) { try body(IndexEntries(base: file.entries, count: file.count)) }
        }
        return try withStandaloneIndex { index in
            let count = git_index_entrycount(index)
            let copied = UnsafeMutablePointer<git_index_entry>.allocate(capacity: max(count, 1))
            defer { copied.deallocate() }
            for i in 0..<count { copied[i] = git_index_get_byindex(index, i)!.pointee }
            return try body(IndexEntries(base: copied, count: count))
        }
    }

    /// The index file read alone by libgit2, sorted by path bytes (tree order) whatever core.ignorecase says.
    private func withStandaloneIndex<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        var index: OpaquePointer?
        try check(git_index_open(&index, gitDirectory + "/index"), "read the index of", path)
        defer { git_index_free(index) }
        return try body(index!)
    }

    /// One pass over the index in `segments` ranges (default: one per CPU for a large index), joined.
    private func scanIndex(
        _ entries: IndexEntries, deep: Bool, segments: Int?, cancellation: CancellationToken
    ) throws -> IndexWalk {
        let count = entries.count
        let walks = try walkIndex(
            entries, deep: deep, segments: segments ?? (count < 256 ? 1 : Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))),
            cancellation: cancellation)
        var scan = IndexWalk(
            repo: self, entries: entries, deep: deep, rules: walks[0].rules, range: 0..<0, cancellation: cancellation)
        for walk in walks { scan.adopt(walk) }
        scan.finishAdopted(end: count)
        return scan
    }

    /// The changes a scan found, with untracked files listed, changed files hashed, and staged changes when
    /// the index's tree is not the commit's.
    private func changes(
        _ scan: IndexWalk, _ tree: OpaquePointer, _ entries: IndexEntries, _ cancellation: CancellationToken
    ) throws -> [GitPathChange] {
        var changes: [String: GitPathChange.Kind] = [:]
        for c in scan.changes { changes[c.path] = c.kind }
        // Sorted: the same order of changes however the index was split.
        for folder in scan.unlisted.sorted(by: { $0.first < $1.first }) {
            for rel in try untracked(in: folder, entries) { changes[rel] = .added }
        }
        for (i, kind) in try hash(scan.toHash, entries, cancellation: cancellation) {
            let p = String(cString: entries[i].pointee.path)
            changes[p] = kind
        }
        var root = scan.root ?? git_oid()
        if scan.treeUnknown || scan.root == nil || git_oid_equal(&root, git_tree_id(tree)) != 1 {
            let staged = try withStandaloneIndex { try stagedChanges(tree, $0) }
            for c in staged where changes[c.path] == nil { changes[c.path] = c.kind }
        }
        return changes.map { GitPathChange(path: $0.key, kind: $0.value) }.sorted { $0.path < $1.path }
    }

    /// The index walked in `segments` consecutive ranges, each on its own thread, split where the entries
    /// are (the folders two neighbouring ranges share are joined by `IndexWalk.adopt`).
    private func walkIndex(
        _ entries: IndexEntries, deep: Bool, segments: Int, cancellation: CancellationToken
    ) throws -> [IndexWalk] {
        let count = entries.count
        let k = max(1, min(segments, count, 64))
        let bounds = (0...k).map { count * $0 / k }
        let shared = bounds.map { b in
            b == 0 || b == count
                ? 0
                : IndexWalk.sharedFolders(entries[b - 1].pointee.path, entries[b].pointee.path)
        }
        let rules = IndexWalk.StatRules(self)
        let results = WalkResults(
            (0..<k).map { s in
                IndexWalk(
                    repo: self, entries: entries, deep: deep, rules: rules, range: bounds[s]..<bounds[s + 1],
                    sharedBefore: shared[s], sharedAfter: shared[s + 1], cancellation: cancellation)
            })
        DispatchQueue.concurrentPerform(iterations: k) { s in
            do { try results.walks[s].run() } catch { results.errors[s] = error }
        }
        if let error = (0..<k).lazy.compactMap({ results.errors[$0] }).first {
            for s in 0..<k { results.walks[s].closeFolders() }
            throw error
        }
        return Array(UnsafeBufferPointer(start: results.walks, count: k))
    }

    /// The untracked names in a folder whose listing differs from the index (each file of an untracked
    /// folder, ignored ones left out), as paths relative to the working tree, in order.
    private func untracked(in folder: IndexWalk.Unlisted, _ entries: IndexEntries) throws -> [String] {
        let parts = { (j: Int) in
            String(cString: entries[j].pointee.path).split(
                separator: "/", omittingEmptySubsequences: false)
        }
        let prefix = parts(folder.first)[0..<folder.depth].map { $0 + "/" }.joined()
        var tracked = Set<String>()
        for j in folder.first..<folder.end {
            let p = parts(j)
            if p.count > folder.depth { tracked.insert(String(p[folder.depth])) }
        }
        let fs = LocalFileSystem()
        guard let names = try? fs.contentsOfDirectory(path + "/" + prefix) else { return [] }
        var found: [String] = []
        for name in names.sorted()
        where !tracked.contains(name) && !(folder.depth == 0 && name == ".git") {
            found += try untrackedFiles(prefix + name, fs)
        }
        return found
    }

    /// `rel`, or every file under it when it is a folder, unless ignored.
    private func untrackedFiles(_ rel: String, _ fs: LocalFileSystem) throws -> [String] {
        var st = stat()
        guard lstat(path + "/" + rel, &st) == 0 else { return [] }
        let isDir = (st.st_mode & S_IFMT) == S_IFDIR
        var ignored: Int32 = 0
        if git_ignore_path_is_ignored(&ignored, pointer, isDir ? rel + "/" : rel) == 0, ignored == 1 { return [] }
        guard isDir else { return [rel] }
        return try fs.contentsOfDirectory(path + "/" + rel).sorted().flatMap { try untrackedFiles(rel + "/" + $0, fs) }
    }

    /// Index entries at `positions` hashed from the working tree; those whose blob id differs.
    private func hash(
        _ positions: [Int], _ entries: IndexEntries, cancellation: CancellationToken
    ) throws -> [(Int, GitPathChange.Kind)] {
        let results = HashResults(count: positions.count)
        let workdir = path.hasSuffix("/") ? path : path + "/"
        let chunk = 256
        DispatchQueue.concurrentPerform(iterations: (positions.count + chunk - 1) / chunk) { c in
            if cancellation.isCancelled { return }
            for k in (c * chunk)..<min(positions.count, (c + 1) * chunk) {
                let e = entries[positions[k]].pointee
                results.kinds[k] = Self.compareContent(workdir + String(cString: e.path), entry: e)
            }
        }
        if cancellation.isCancelled { throw InterruptedError() }
        return positions.indices.compactMap { k in results.kinds[k].map { (positions[k], $0) } }
    }

    /// nil when the file's blob id is the entry's.
    private static func compareContent(_ file: String, entry: git_index_entry) -> GitPathChange.Kind? {
        var oid = git_oid()
        var want = entry.id
        if entry.mode & 0o170000 == 0o120000 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(file, &buffer, buffer.count)
            guard n >= 0 else { return errno == ENOENT ? .deleted : .typechange }
            guard buffer.withUnsafeBytes({ git_odb_hash(&oid, $0.baseAddress, n, GIT_OBJECT_BLOB) }) == 0 else {
                return .unreadable
            }
        } else if git_odb_hashfile(&oid, file, GIT_OBJECT_BLOB) != 0 {
            return access(file, F_OK) == 0 ? .unreadable : .deleted
        }
        return git_oid_equal(&oid, &want) == 1 ? nil : .modified
    }

    /// Differences between `tree` and the index (staged changes), named by libgit2's diff.
    private func stagedChanges(_ tree: OpaquePointer, _ index: OpaquePointer) throws -> [GitPathChange] {
        var opts = git_diff_options()
        git_diff_options_init(&opts, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var diff: OpaquePointer?
        try check(git_diff_tree_to_index(&diff, pointer, tree, index, &opts), "compare the index of", path)
        defer { git_diff_free(diff) }
        return (0..<git_diff_num_deltas(diff)).compactMap { i in
            guard let d = git_diff_get_delta(diff, i)?.pointee, let p = d.new_file.path ?? d.old_file.path else {
                return nil
            }
            let kind: GitPathChange.Kind
            switch d.status {
            case GIT_DELTA_ADDED: kind = .added
            case GIT_DELTA_DELETED: kind = .deleted
            case GIT_DELTA_TYPECHANGE: kind = .typechange
            default: kind = .modified
            }
            return GitPathChange(path: String(cString: p), kind: kind)
        }
    }

    /// Results written from several threads, each slot by exactly one of them.
    private final class HashResults: @unchecked Sendable {
        let kinds: UnsafeMutablePointer<GitPathChange.Kind?>
        init(count: Int) {
            kinds = .allocate(capacity: max(count, 1))
            kinds.initialize(repeating: nil, count: max(count, 1))
        }
        deinit { kinds.deallocate() }
    }

    /// The walks of `walkIndex`, each run (and its slot written) by one thread.
    private final class WalkResults: @unchecked Sendable {
        let walks: UnsafeMutablePointer<IndexWalk>
        let errors: UnsafeMutablePointer<Error?>
        let count: Int
        init(_ walks: [IndexWalk]) {
            count = walks.count
            self.walks = .allocate(capacity: count)
            self.walks.initialize(from: walks, count: count)
            errors = .allocate(capacity: count)
            errors.initialize(repeating: nil, count: count)
        }
        deinit {
            walks.deinitialize(count: count)
            walks.deallocate()
            errors.deinitialize(count: count)
            errors.deallocate()
        }
    }
}
