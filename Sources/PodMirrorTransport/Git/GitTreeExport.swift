internal import CLibgit2
import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One entry of a tree being exported, as the caller's policy sees it.
package struct GitTreeEntry: Sendable {
    package enum Kind: Sendable { case folder, file, link, submodule }
    /// Relative to the tree's root, `/`-separated.
    package var path: String
    package var name: String
    /// 0 for the entries of the root folder.
    var depth: Int
    package var kind: Kind
}

/// What an export does with one entry: write it (a folder: create it and look inside), leave it out, or fail.
package enum GitTreeEntryDecision: Sendable {
    case take
    case skip
    case refuse(Message)
}

/// Writes a chosen part of a commit's tree into an existing folder without an index or any git metadata, on one
/// thread per CPU, as `GitFreshCheckout` does (folders by descriptor, files created exclusively, nothing
/// followed). The caller's policy decides each entry; every file is handed to `observe` with its bytes as it is
/// written (on the writer's thread). A blob larger than `maxFileSize` fails the export before it is read.
package struct GitTreeExport: Sendable {
    package var commit: String
    package var maxFileSize: Int
    package var decide: @Sendable (GitTreeEntry) -> GitTreeEntryDecision
    package var observe: @Sendable (_ path: String, _ bytes: UnsafeRawBufferPointer) throws -> Void

    package init(
        commit: String, maxFileSize: Int,
        decide: @escaping @Sendable (GitTreeEntry) -> GitTreeEntryDecision,
        observe: @escaping @Sendable (_ path: String, _ bytes: UnsafeRawBufferPointer) throws -> Void
    ) {
        self.commit = commit
        self.maxFileSize = maxFileSize
        self.decide = decide
        self.observe = observe
    }

    /// Writes the chosen entries into `folder` (which must exist and hold none of them); returns the files written.
    @discardableResult
    package func run(_ repo: GitRepository, into folder: String, options: TransferOptions) throws -> Int {
        let session = TransferSession(options)
        let tree = try GitCheckout.tree(repo, commit)
        let treeID = git_tree_id(tree).pointee
        git_tree_free(tree)
        let threads = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 8))
        let handles = try GitFreshCheckout.Handles(repo, count: threads)
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { throw FileError.errno(folder, .read) }
        let work = GitFreshCheckout.Work(
            root: GitFreshCheckout.Folder(tree: treeID, path: [], fd: root), session: session)
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            Writer(repo: handles.pointers[t], folder: folder, export: self, work: work).run()
        }
        if let failure = work.failure { throw failure }
        session.checkoutProgress(completed: work.written, total: work.written)
        return work.written
    }

    /// One thread's share of the export.
    private struct Writer {
        let repo: OpaquePointer
        let folder: String
        let export: GitTreeExport
        let work: GitFreshCheckout.Work

        func run() {
            while let next = work.next() {
                var subfolders: [GitFreshCheckout.Folder] = []
                do {
                    let files = try exportFolder(next, into: &subfolders)
                    work.done(subfolders: subfolders, entries: [], files: files)
                } catch {
                    work.fail(error, closing: subfolders)
                }
            }
        }

        private func exportFolder(
            _ parent: GitFreshCheckout.Folder, into subfolders: inout [GitFreshCheckout.Folder]
        ) throws -> Int {
            defer { close(parent.fd) }
            if work.session.options.cancellation.isCancelled { throw InterruptedError() }
            var tree: OpaquePointer?
            var id = parent.tree
            try check(git_tree_lookup(&tree, repo, &id), "read a tree of", folder)
            defer { git_tree_free(tree) }
            let depth = parent.path.isEmpty ? 0 : parent.path.count { $0 == UInt8(ascii: "/") } + 1
            var files = 0
            for i in 0..<git_tree_entrycount(tree) {
                let entry = git_tree_entry_byindex(tree, i)!
                let cName = git_tree_entry_name(entry)!
                let name = String(cString: cName)
                let pathBytes = parent.path.isEmpty ? Array(name.utf8) : parent.path + [UInt8(ascii: "/")] + name.utf8
                let path = String(decoding: pathBytes, as: UTF8.self)
                guard GitFreshCheckout.isSafe(cName) else {
                    throw GitError(
                        .repository, operation: "export", subject: path, cause: Message("git.cause.unsafe-path"))
                }
                let mode = git_tree_entry_filemode(entry)
                let kind = GitTreeEntry.Kind(mode)
                switch export.decide(GitTreeEntry(path: path, name: name, depth: depth, kind: kind)) {
                case .skip: continue
                case .refuse(let cause): throw GitError(.repository, operation: "export", subject: path, cause: cause)
                case .take: break
                }
                let oid = git_tree_entry_id(entry)!.pointee
                switch kind {
                case .folder:
                    guard mkdirat(parent.fd, cName, 0o777) == 0 else { throw fileError(path, .createDirectory) }
                    let fd = openat(parent.fd, cName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    guard fd >= 0 else { throw fileError(path, .read) }
                    subfolders.append(GitFreshCheckout.Folder(tree: oid, path: pathBytes, fd: fd))
                case .link, .submodule:
                    throw GitError(
                        .repository, operation: "export", subject: path, cause: Message("git.cause.not-a-file"))
                case .file:
                    let executable = mode == GIT_FILEMODE_BLOB_EXECUTABLE
                    try writeFile(oid, at: parent.fd, name: cName, path: path, executable: executable)
                    files += 1
                }
            }
            return files
        }

        private func writeFile(
            _ oid: git_oid, at parent: Int32, name: UnsafePointer<CChar>, path: String, executable: Bool
        ) throws {
            var id = oid
            try GitBlobSize.refuseLarger(repo, &id, limit: export.maxFileSize, path: path)
            var blob: OpaquePointer?
            try check(git_blob_lookup(&blob, repo, &id), "read \(path) in", folder)
            defer { git_blob_free(blob) }
            let bytes = UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: Int(git_blob_rawsize(blob)))
            let fd = openat(
                parent, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, executable ? 0o777 : 0o666)
            guard fd >= 0 else { throw fileError(path, .write) }
            defer { close(fd) }
            var done = 0
            while done < bytes.count {
                let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { throw fileError(path, .write) }
                done += n
            }
            try export.observe(path, bytes)
        }

        private func fileError(_ path: String, _ operation: FileError.Operation) -> Error {
            FileError.errno(folder + "/" + path, operation)
        }
    }
}

/// A blob's size, read from the object database's header before the blob itself is loaded.
enum GitBlobSize {
    static func refuseLarger(_ repo: OpaquePointer, _ id: inout git_oid, limit: Int, path: String) throws {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, repo), "open the objects of", path)
        defer { git_odb_free(odb) }
        var size = 0
        var type = GIT_OBJECT_ANY
        try check(git_odb_read_header(&size, &type, odb, &id), "read \(path)", path)
        guard size <= limit else {
            throw GitError(
                .repository, operation: "export", subject: path,
                cause: Message("git.cause.too-large", ["size": String(size), "limit": String(limit)]))
        }
    }
}
