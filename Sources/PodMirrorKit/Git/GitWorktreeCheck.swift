import CLibgit2
import Foundation

/// A path whose working-tree (or index) state differs from HEAD.
public struct GitPathChange: Sendable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable {
        case modified, deleted, added, typechange, unreadable
    }
    public var path: String
    public var kind: Kind
}

extension GitRepository {
    /// Paths that differ from HEAD in the index or the working tree, untracked files included (every
    /// file in an untracked folder is listed). Uses the index's stat data like `git status`.
    public func worktreeChanges() throws -> [GitPathChange] {
        var opts = git_status_options()
        git_status_options_init(&opts, UInt32(GIT_STATUS_OPTIONS_VERSION))
        opts.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        opts.flags =
            GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue | GIT_STATUS_OPT_INCLUDE_UNREADABLE.rawValue
        var list: OpaquePointer?
        try check(git_status_list_new(&list, pointer, &opts), "read the status of", path)
        defer { git_status_list_free(list) }
        var out: [GitPathChange] = []
        for i in 0..<git_status_list_entrycount(list) {
            guard let e = git_status_byindex(list, i)?.pointee else { continue }
            let s = e.status.rawValue
            let delta = e.index_to_workdir ?? e.head_to_index
            guard let d = delta?.pointee, let p = d.new_file.path ?? d.old_file.path else { continue }
            let kind: GitPathChange.Kind
            if s & (GIT_STATUS_WT_UNREADABLE.rawValue) != 0 {
                kind = .unreadable
            } else if s & (GIT_STATUS_WT_DELETED.rawValue | GIT_STATUS_INDEX_DELETED.rawValue) != 0 {
                kind = .deleted
            } else if s & (GIT_STATUS_WT_NEW.rawValue | GIT_STATUS_INDEX_NEW.rawValue) != 0 {
                kind = .added
            } else if s & (GIT_STATUS_WT_TYPECHANGE.rawValue | GIT_STATUS_INDEX_TYPECHANGE.rawValue) != 0 {
                kind = .typechange
            } else {
                kind = .modified
            }
            out.append(GitPathChange(path: String(cString: p), kind: kind))
        }
        return out
    }

    /// Every file of `commit`'s tree hashed from the working tree and compared with the tree, ignoring
    /// the index's stat data: modified and missing files. Files are hashed on all CPUs.
    public func hashMismatches(commit: String, cancellation: CancellationToken) throws -> [GitPathChange] {
        let tree = try GitCheckout.tree(self, commit)
        defer { git_tree_free(tree) }
        let entries = EntryList()
        try check(
            git_tree_walk(
                tree, GIT_TREEWALK_PRE,
                { root, entry, payload in
                    guard let entry, git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return 0 }
                    let list = Unmanaged<EntryList>.fromOpaque(payload!).takeUnretainedValue()
                    let name = String(cString: git_tree_entry_name(entry))
                    let dir = root.map { String(cString: $0) } ?? ""
                    list.items.append(
                        (
                            dir + name, git_tree_entry_id(entry).pointee,
                            git_tree_entry_filemode(entry) == GIT_FILEMODE_LINK
                        ))
                    return 0
                }, Unmanaged.passUnretained(entries).toOpaque()), "walk the tree of", path)
        let items = entries.items
        let results = ResultList(count: items.count)
        let workdir = path.hasSuffix("/") ? path : path + "/"
        let chunk = 512
        DispatchQueue.concurrentPerform(iterations: (items.count + chunk - 1) / chunk) { c in
            if cancellation.isCancelled { return }
            for i in (c * chunk)..<min(items.count, (c + 1) * chunk) {
                results.set(i, Self.compare(workdir + items[i].0, expected: items[i].1, isLink: items[i].2))
            }
        }
        if cancellation.isCancelled { throw InterruptedError() }
        return items.indices.compactMap { i in results.get(i).map { GitPathChange(path: items[i].0, kind: $0) } }
    }

    /// nil when the file's blob id is `expected`.
    private static func compare(_ file: String, expected: git_oid, isLink: Bool) -> GitPathChange.Kind? {
        var st = stat()
        guard lstat(file, &st) == 0 else { return .deleted }
        var oid = git_oid()
        var want = expected
        if isLink {
            guard (st.st_mode & S_IFMT) == S_IFLNK,
                let target = try? LocalFileSystem().destinationOfSymbolicLink(file)
            else { return .typechange }
            let bytes = Array(target.utf8)
            guard git_odb_hash(&oid, bytes, bytes.count, GIT_OBJECT_BLOB) == 0 else { return .unreadable }
        } else {
            guard (st.st_mode & S_IFMT) == S_IFREG else { return .typechange }
            guard git_odb_hashfile(&oid, file, GIT_OBJECT_BLOB) == 0 else { return .unreadable }
        }
        return git_oid_equal(&oid, &want) == 1 ? nil : .modified
    }

    private final class EntryList {
        var items: [(String, git_oid, Bool)] = []
    }

    /// Results written from several threads, each index by exactly one of them.
    private final class ResultList: @unchecked Sendable {
        private let storage: UnsafeMutablePointer<UInt8>
        private let count: Int
        static let kinds: [GitPathChange.Kind?] = [nil, .modified, .deleted, .typechange, .unreadable]
        init(count: Int) {
            self.count = count
            storage = .allocate(capacity: max(count, 1))
            storage.initialize(repeating: 0, count: max(count, 1))
        }
        deinit { storage.deallocate() }
        func set(_ i: Int, _ kind: GitPathChange.Kind?) {
            storage[i] = UInt8(Self.kinds.firstIndex(of: kind) ?? 0)
        }
        func get(_ i: Int) -> GitPathChange.Kind? { Self.kinds[Int(storage[i])] }
    }
}
