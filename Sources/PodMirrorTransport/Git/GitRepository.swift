internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Object ids as 40-hex strings, and conversions.
package enum GitOID {
    static func hex(_ oid: inout git_oid) -> String {
        String(cString: git_oid_tostr_s(&oid))
    }

    static func parse(_ hex: String) -> git_oid? {
        var oid = git_oid()
        return git_oid_fromstr(&oid, hex) == 0 ? oid : nil
    }
}

/// An open repository (non-bare working tree). Frees the libgit2 handle on release.
// @unchecked: the handle never changes; each repository is used by one thread at a time, as libgit2 requires.
package final class GitRepository: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The working tree folder.
    package let path: String

    package init(_ pointer: OpaquePointer, path: String) {
        self.pointer = pointer
        self.path = path
    }

    deinit { git_repository_free(pointer) }

    /// Opens the repository at exactly `path` (no search upwards).
    package static func open(_ path: String) throws -> GitRepository {
        Libgit2.initialize()
        var repo: OpaquePointer?
        try check(
            git_repository_open_ext(&repo, path, UInt32(GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue), nil),
            "open repository", path)
        return GitRepository(repo!, path: path)
    }

    /// Creates an empty repository at `path`: non-bare, or bare (no working tree; `path` is the git folder).
    package static func initialize(_ path: String, bare: Bool = false) throws -> GitRepository {
        Libgit2.initialize()
        var repo: OpaquePointer?
        try check(git_repository_init(&repo, path, bare ? 1 : 0), "init repository", path)
        return GitRepository(repo!, path: path)
    }

    /// The `.git` folder.
    package var gitDirectory: String {
        var p = String(cString: git_repository_path(pointer))
        if p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// True for a shallow clone (`--depth`): the history stops at the commits `.git/shallow` names.
    package var isShallow: Bool { git_repository_is_shallow(pointer) == 1 }

    /// HEAD's commit id, or nil when HEAD does not resolve (unborn branch).
    package var headOID: String? {
        var oid = git_oid()
        guard git_reference_name_to_id(&oid, pointer, "HEAD") == 0 else { return nil }
        return GitOID.hex(&oid)
    }

    /// The branch HEAD points at (`master`), or nil when HEAD is detached.
    package var headBranch: String? {
        var ref: OpaquePointer?
        guard git_reference_lookup(&ref, pointer, "HEAD") == 0 else { return nil }
        defer { git_reference_free(ref) }
        guard git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC, let target = git_reference_symbolic_target(ref) else {
            return nil
        }
        let name = String(cString: target)
        return name.hasPrefix("refs/heads/") ? String(name.dropFirst("refs/heads/".count)) : nil
    }

    /// How many paths of the work tree differ from HEAD, untracked files included: the paths `repo verify`
    /// lists (what a killed checkout leaves: new files untracked while HEAD is still the old commit).
    package func changedPathCount() -> Int {
        guard let head = headOID else { return 0 }
        return (try? statusScan(commit: head, deep: false, cancellation: CancellationToken()).count) ?? 0
    }

    /// The untracked files (not ignored), relative to the working tree, as `git status -uall` lists them.
    package func untrackedPaths() -> [String] {
        var opts = git_status_options()
        git_status_options_init(&opts, UInt32(GIT_STATUS_OPTIONS_VERSION))
        opts.show = GIT_STATUS_SHOW_WORKDIR_ONLY
        opts.flags =
            GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        var list: OpaquePointer?
        guard git_status_list_new(&list, pointer, &opts) == 0 else { return [] }
        defer { git_status_list_free(list) }
        return (0..<git_status_list_entrycount(list)).compactMap { i in
            guard let e = git_status_byindex(list, i), e.pointee.status.rawValue & GIT_STATUS_WT_NEW.rawValue != 0,
                let path = e.pointee.index_to_workdir?.pointee.new_file.path
            else { return nil }
            return String(cString: path)
        }.sorted()
    }

    /// The id a reference resolves to, or nil.
    package func resolve(_ refName: String) -> String? {
        var oid = git_oid()
        guard git_reference_name_to_id(&oid, pointer, refName) == 0 else { return nil }
        return GitOID.hex(&oid)
    }

    /// Names of references matching a glob, e.g. `refs/remotes/origin/*`.
    package func references(matching glob: String) -> [String] {
        var list = git_strarray()
        guard git_reference_list(&list, pointer) == 0 else { return [] }
        defer { git_strarray_dispose(&list) }
        var out: [String] = []
        for i in 0..<list.count {
            if let s = list.strings[i].map({ String(cString: $0) }), fnmatch(glob, s, 0) == 0 { out.append(s) }
        }
        return out
    }

    /// Creates or moves a direct reference.
    package func setReference(_ name: String, to hex: String, message: String) throws {
        guard var oid = GitOID.parse(hex) else {
            throw GitError(
                .repository, operation: Message("git.operation.update-in", ["ref": name]), subject: path,
                cause: Message("git.cause.bad-oid", ["id": hex]))
        }
        var ref: OpaquePointer?
        try check(git_reference_create(&ref, pointer, name, &oid, 1, message), "update \(name) in", path)
        git_reference_free(ref)
    }

    package func setSymbolicReference(_ name: String, to target: String, message: String) throws {
        var ref: OpaquePointer?
        try check(git_reference_symbolic_create(&ref, pointer, name, target, 1, message), "update \(name) in", path)
        git_reference_free(ref)
    }

    package func deleteReference(_ name: String) {
        var ref: OpaquePointer?
        if git_reference_lookup(&ref, pointer, name) == 0 {
            _ = git_reference_delete(ref)
            git_reference_free(ref)
        }
    }

    /// A config value read from the repository's own files, raw (no `insteadOf` rewriting, as CocoaPods reads it).
    package func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config_snapshot(&config, pointer) == 0 else { return nil }
        defer { git_config_free(config) }
        var buf = git_buf()
        defer { git_buf_dispose(&buf) }
        guard git_config_get_string_buf(&buf, config, key) == 0, let p = buf.ptr else { return nil }
        return String(cString: p)
    }

    package func setConfig(_ key: String, _ value: String) throws {
        var config: OpaquePointer?
        try check(git_repository_config(&config, pointer), "open config of", path)
        defer { git_config_free(config) }
        try check(git_config_set_string(config, key, value), "set \(key) in", path)
    }

    /// The raw `remote.<name>.url`.
    package func remoteURL(_ name: String = "origin") -> String? { configString("remote.\(name).url") }

    /// Adds a remote with the default fetch refspec.
    package func addRemote(_ name: String, url: String) throws {
        var remote: OpaquePointer?
        try check(git_remote_create(&remote, pointer, name, url), "add remote \(name) to", path)
        git_remote_free(remote)
    }

    /// `git remote set-url`.
    package func setRemoteURL(_ name: String, _ url: String) throws {
        try check(git_remote_set_url(pointer, name, url), "set the URL of remote \(name) in", path)
    }

    /// True when the commit exists in the object database (including alternates).
    package func hasCommit(_ hex: String) -> Bool {
        guard var oid = GitOID.parse(hex) else { return false }
        var commit: OpaquePointer?
        guard git_commit_lookup(&commit, pointer, &oid) == 0 else { return false }
        git_commit_free(commit)
        return true
    }

    /// The best common ancestor of two commits, or nil when their histories are unrelated.
    package func mergeBase(_ a: String, _ b: String) -> String? {
        guard var oa = GitOID.parse(a), var ob = GitOID.parse(b) else { return nil }
        var out = git_oid()
        guard git_merge_base(&out, pointer, &oa, &ob) == 0 else { return nil }
        return GitOID.hex(&out)
    }

    /// How many commits `a` has that `b` lacks, and `b` has that `a` lacks; nil when either is unknown.
    package func aheadBehind(_ a: String, _ b: String) -> (ahead: Int, behind: Int)? {
        guard var oa = GitOID.parse(a), var ob = GitOID.parse(b) else { return nil }
        var ahead = 0
        var behind = 0
        guard git_graph_ahead_behind(&ahead, &behind, pointer, &oa, &ob) == 0 else { return nil }
        return (ahead, behind)
    }

    /// The committer time of a commit.
    package func commitDate(_ hex: String) -> Date? {
        guard var oid = GitOID.parse(hex) else { return nil }
        var commit: OpaquePointer?
        guard git_commit_lookup(&commit, pointer, &oid) == 0 else { return nil }
        defer { git_commit_free(commit) }
        return Date(timeIntervalSince1970: TimeInterval(git_commit_time(commit)))
    }
}
