import CLibgit2
import Foundation

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
    /// `deep` hashes every tracked file instead of trusting stat data (each opened relative to its folder,
    /// read and hashed on a second thread while the walk goes on); the few files the fast path must hash
    /// are hashed on all CPUs.
    public func statusScan(
        commit: String, deep: Bool, cancellation: CancellationToken
    ) throws -> [GitPathChange] {
        var index: OpaquePointer?
        // A standalone index: sorted by path bytes (tree order) whatever core.ignorecase says.
        try check(git_index_open(&index, gitDirectory + "/index"), "read the index of", path)
        defer { git_index_free(index) }
        let tree = try GitCheckout.tree(self, commit)
        defer { git_tree_free(tree) }
        var scan = try IndexWalk(repo: self, index: index!, deep: deep, cancellation: cancellation)
        try scan.run()
        var changes: [String: GitPathChange.Kind] = [:]
        for c in scan.changes { changes[c.path] = c.kind }
        for (i, kind) in try hash(scan.toHash, index: index!, cancellation: cancellation) {
            let p = String(cString: git_index_get_byindex(index, i)!.pointee.path)
            changes[p] = kind
        }
        if scan.treeUnknown || git_oid_equal(&scan.root, git_tree_id(tree)) != 1 {
            for c in try stagedChanges(tree, index!) where changes[c.path] == nil { changes[c.path] = c.kind }
        }
        return changes.map { GitPathChange(path: $0.key, kind: $0.value) }.sorted { $0.path < $1.path }
    }

    /// Index entries at `positions` hashed from the working tree; those whose blob id differs.
    private func hash(
        _ positions: [Int], index: OpaquePointer, cancellation: CancellationToken
    ) throws -> [(Int, GitPathChange.Kind)] {
        let results = HashResults(count: positions.count)
        let workdir = path.hasSuffix("/") ? path : path + "/"
        let chunk = 256
        let indexBox = UncheckedIndex(index)
        DispatchQueue.concurrentPerform(iterations: (positions.count + chunk - 1) / chunk) { c in
            if cancellation.isCancelled { return }
            for k in (c * chunk)..<min(positions.count, (c + 1) * chunk) {
                let e = git_index_get_byindex(indexBox.index, positions[k])!.pointee
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

    /// The index is only read while files are hashed.
    private struct UncheckedIndex: @unchecked Sendable {
        let index: OpaquePointer
        init(_ index: OpaquePointer) { self.index = index }
    }
}
