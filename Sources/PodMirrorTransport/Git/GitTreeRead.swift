internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// A path whose entry differs between two trees.
package struct GitTreeChange: Sendable, Equatable {
    /// Relative to the trees' root, `/`-separated.
    package var path: String
    /// The new side's blob; nil when the path is gone (or is no longer a file).
    package var blob: String?
    /// The new side is a symlink or a submodule, which no export writes.
    package var isSpecial: Bool

    package init(path: String, blob: String?, isSpecial: Bool) {
        self.path = path
        self.blob = blob
        self.isSpecial = isSpecial
    }
}

/// Reading a commit's tree without a working tree: what changed between two commits, a folder's entries, a blob.
extension GitRepository {
    /// Every path under `roots` (folders or files of the root) that differs between the trees of two commits.
    package func treeChanges(from old: String, to new: String, under roots: [String]) throws -> [GitTreeChange] {
        let a = try GitCheckout.tree(self, old)
        defer { git_tree_free(a) }
        let b = try GitCheckout.tree(self, new)
        defer { git_tree_free(b) }
        var opts = git_diff_options()
        git_diff_options_init(&opts, UInt32(GIT_DIFF_OPTIONS_VERSION))
        let strings = roots.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var mutable = strings
        var diff: OpaquePointer?
        try mutable.withUnsafeMutableBufferPointer { buf in
            opts.pathspec = git_strarray(strings: buf.baseAddress, count: buf.count)
            try check(git_diff_tree_to_tree(&diff, pointer, a, b, &opts), "diff trees in", path)
        }
        defer { git_diff_free(diff) }
        var changes: [String: GitTreeChange] = [:]
        for i in 0..<git_diff_num_deltas(diff) {
            guard let d = git_diff_get_delta(diff, i)?.pointee else { continue }
            if d.status != GIT_DELTA_ADDED, let p = d.old_file.path {
                let path = String(cString: p)
                if changes[path] == nil { changes[path] = GitTreeChange(path: path, blob: nil, isSpecial: false) }
            }
            if d.status != GIT_DELTA_DELETED, let p = d.new_file.path {
                var id = d.new_file.id
                let mode = UInt32(d.new_file.mode)
                let special = mode == GIT_FILEMODE_LINK.rawValue || mode == GIT_FILEMODE_COMMIT.rawValue
                changes[String(cString: p)] = GitTreeChange(
                    path: String(cString: p), blob: special ? nil : GitOID.hex(&id), isSpecial: special)
            }
        }
        return changes.values.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// The entries of the folder `folder` (`""`: the root) of a commit's tree; empty when there is no such folder.
    package func treeEntries(commit: String, folder: String) throws -> [GitTreeEntry] {
        let root = try GitCheckout.tree(self, commit)
        defer { git_tree_free(root) }
        var tree = root
        var owned: OpaquePointer?
        defer { git_tree_free(owned) }
        if !folder.isEmpty {
            var entry: OpaquePointer?
            guard git_tree_entry_bypath(&entry, root, folder) == 0 else { return [] }
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_type(entry) == GIT_OBJECT_TREE else { return [] }
            var id = git_tree_entry_id(entry)!.pointee
            try check(git_tree_lookup(&owned, pointer, &id), "read \(folder) in", path)
            tree = owned!
        }
        let depth = folder.isEmpty ? 0 : folder.count { $0 == "/" } + 1
        return (0..<git_tree_entrycount(tree)).map { i in
            let e = git_tree_entry_byindex(tree, i)!
            let name = String(cString: git_tree_entry_name(e))
            return GitTreeEntry(
                path: folder.isEmpty ? name : folder + "/" + name, name: name, depth: depth,
                kind: GitTreeEntry.Kind(git_tree_entry_filemode(e)))
        }
    }

    /// The id of the blob at `file` in a commit's tree; nil when there is no such file.
    package func blobID(commit: String, file: String) throws -> String? {
        let root = try GitCheckout.tree(self, commit)
        defer { git_tree_free(root) }
        var entry: OpaquePointer?
        guard git_tree_entry_bypath(&entry, root, file) == 0 else { return nil }
        defer { git_tree_entry_free(entry) }
        guard git_tree_entry_type(entry) == GIT_OBJECT_BLOB else { return nil }
        var id = git_tree_entry_id(entry)!.pointee
        return GitOID.hex(&id)
    }

    /// A blob's bytes; one larger than `maxSize` is refused before it is read (`path` names it in the error).
    package func blobBytes(_ hex: String, maxSize: Int, path: String) throws -> [UInt8] {
        guard var id = GitOID.parse(hex) else {
            throw GitError(
                .repository, operation: Message("git.operation.read-in", ["path": path]), subject: self.path,
                cause: Message("git.cause.bad-object"))
        }
        try GitBlobSize.refuseLarger(pointer, &id, limit: maxSize, path: path)
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, pointer, &id), "read \(path) in", self.path)
        defer { git_blob_free(blob) }
        return Array(UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: Int(git_blob_rawsize(blob))))
    }
}

extension GitRepository {
    /// Every blob of a commit's tree under `root` (a folder of the root, `""` for all), in tree order: its path and
    /// id. Links and submodules are reported with `isSpecial`.
    package func treeFiles(commit: String, under root: String) throws -> [GitTreeChange] {
        let tree = try GitCheckout.tree(self, commit)
        defer { git_tree_free(tree) }
        final class Sink { var files: [GitTreeChange] = [] }
        let sink = Sink()
        let rc = withExtendedLifetime(sink) {
            git_tree_walk(
                tree, GIT_TREEWALK_PRE,
                { rootPath, entry, payload in
                    guard let entry, git_tree_entry_type(entry) != GIT_OBJECT_TREE else { return 0 }
                    let sink = Unmanaged<Sink>.fromOpaque(payload!).takeUnretainedValue()
                    let folder = rootPath.map { String(cString: $0) } ?? ""
                    var id = git_tree_entry_id(entry)!.pointee
                    let mode = git_tree_entry_filemode(entry)
                    sink.files.append(
                        GitTreeChange(
                            path: folder + String(cString: git_tree_entry_name(entry)), blob: GitOID.hex(&id),
                            isSpecial: mode == GIT_FILEMODE_LINK || mode == GIT_FILEMODE_COMMIT))
                    return 0
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        try check(rc, "walk the tree of \(commit) in", path)
        return root.isEmpty ? sink.files : sink.files.filter { $0.path.hasPrefix(root + "/") }
    }
}

extension GitOID {
    /// The id git gives a blob of these bytes (`git hash-object`).
    package static func blob(_ bytes: [UInt8]) -> String {
        var oid = bytes.withUnsafeBytes { ObjectHash.id(GIT_OBJECT_BLOB, $0.baseAddress, $0.count) }
        return hex(&oid)
    }
}

extension GitTreeEntry.Kind {
    /// The kind of a tree entry of this mode.
    init(_ mode: git_filemode_t) {
        switch mode {
        case GIT_FILEMODE_TREE: self = .folder
        case GIT_FILEMODE_LINK: self = .link
        case GIT_FILEMODE_COMMIT: self = .submodule
        default: self = .file
        }
    }
}
