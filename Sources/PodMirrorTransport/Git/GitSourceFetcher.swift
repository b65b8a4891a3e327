internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Fetches one revision of a pod's git source and checks it out the way `git clone` does
/// (`.gitattributes` filters applied), with submodules, then leaves only the content (no `.git`).
/// Only the objects that revision needs travel: the fetch asks for that one ref (or commit), and only its last
/// commit, as `git clone --depth 1 --branch` does (libgit2 before 1.7 through `GitHTTPShallowFetch`, for servers
/// that speak smart HTTP).
package enum GitSourceFetcher {
    /// What to check out.
    package enum Revision: Sendable, Equatable {
        case tag(String)
        case commit(String)
        case branch(String)
        /// The server's default branch (a `:git` source without tag, commit or branch).
        case head
    }

    /// The result: the commit checked out and the bytes received.
    package struct Result: Sendable, Equatable {
        package var commit: String
        package var bytes: Int64
    }

    /// Fetches `revision` of `url` into `directory` (new or empty) and removes every `.git` below it. What the
    /// checkout holds is the caller's to check (`PodTree.verifyCheckout`): links and special files come as committed.
    ///
    /// The transfer connects to `url` rewritten once by the insteadOf rules (`options.connectURL`), never
    /// rewritten again (git rewrites a URL once), and decides its proxy on it; errors name both when a mirror
    /// rewrote it (`GitTransfer.subject`).
    package static func fetch(
        url: String, revision: Revision, submodules: Bool, into directory: String, options: TransferOptions
    ) throws -> Result {
        try GitURL.validate(url)
        let connectURL = options.connectURL(for: url)
        try GitURL.validate(connectURL)
        let repo = try GitRepository.initialize(directory)
        // A full disk while a pack is written says so (not "libgit2 error -1").
        try check(pm_name_refused_pack_writes(repo.pointer), "fetch into", repo.path)
        var bytes: Int64 = 0
        let commit = try fetchRevision(
            repo, url: url, connectURL: connectURL, revision: revision, options: options, bytes: &bytes)
        try checkout(repo, commit: commit, options: options)
        if submodules { bytes += try updateSubmodules(repo, options: options) }
        try removeGitDirectories(directory)
        return Result(commit: commit, bytes: bytes)
    }

    /// Resolves and fetches the revision; returns its commit id.
    static func fetchRevision(
        _ repo: GitRepository, url: String, connectURL: String, revision: Revision, options: TransferOptions,
        bytes: inout Int64
    ) throws -> String {
        // `origin` as `git clone url` records it; submodules' relative URLs are resolved against it.
        try repo.addRemote("origin", url: url)
        // From here `url` is what errors name: the mirror connected to first, then the URL the pod names.
        let url = GitTransfer.subject(url, connectingTo: connectURL)
        let refs = try withRemote(repo, at: connectURL) { try GitTransfer.listRemote($0, url: url, options: options) }
        let wanted: (refspec: String, local: String)
        switch revision {
        case .tag(let tag):
            // CocoaPods runs `git clone --branch <tag>`, which takes `refs/heads/<tag>` first, then the tag.
            if refs.contains(where: { $0.name == "refs/heads/\(tag)" }) {
                wanted = ("+refs/heads/\(tag):refs/podmirror/want", "refs/podmirror/want")
            } else {
                guard refs.contains(where: { $0.name == "refs/tags/\(tag)" }) else {
                    throw GitError(
                        .repository, operation: "fetch", subject: url,
                        cause: Message("git.cause.no-tag", ["tag": tag]))
                }
                wanted = ("+refs/tags/\(tag):refs/tags/\(tag)", "refs/tags/\(tag)")
            }
        case .branch(let branch):
            // git ls-remote order: a head sorts before a tag of the same name.
            guard
                let ref = refs.first(where: { $0.name == "refs/heads/\(branch)" })
                    ?? refs.first(where: { $0.name == "refs/tags/\(branch)" })
            else {
                throw GitError(
                    .repository, operation: "fetch", subject: url,
                    cause: Message("git.cause.no-branch", ["branch": branch]))
            }
            wanted = ("+\(ref.name):refs/podmirror/want", "refs/podmirror/want")
        case .head:
            guard let head = refs.first(where: { $0.name == "HEAD" }) else {
                throw GitError(.repository, operation: "fetch", subject: url, cause: Message("git.cause.no-head"))
            }
            let ref = head.symrefTarget.flatMap { t in refs.first { $0.name == t } } ?? head
            wanted = ("+\(ref.name):refs/podmirror/want", "refs/podmirror/want")
        case .commit(let sha):
            if let ref = refs.first(where: { $0.oid == sha.lowercased() && $0.name.hasPrefix("refs/") }) {
                wanted = ("+\(ref.name):refs/podmirror/want", "refs/podmirror/want")
            } else {
                // Not a ref tip: ask for the object itself (shallow where possible); servers that refuse
                // unadvertised objects get the branches and tags instead, in full (what `git clone` fetches).
                if let c = try fetchUnadvertised(
                    repo, sha: sha, url: url, connectURL: connectURL, options: options, bytes: &bytes)
                {
                    return c
                }
                try fetch(
                    repo, at: connectURL,
                    refspecs: ["+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"],
                    url: url, options: options, depth: nil, bytes: &bytes)
                guard var oid = GitOID.parse(sha) else {
                    throw GitError(
                        .repository, operation: "fetch", subject: url,
                        cause: Message("git.cause.bad-commit-id", ["id": sha]))
                }
                var obj: OpaquePointer?
                guard git_commit_lookup(&obj, repo.pointer, &oid) == 0 else {
                    throw GitError(
                        .repository, operation: "fetch", subject: url,
                        cause: Message("git.cause.no-commit", ["id": sha]))
                }
                git_commit_free(obj)
                return GitOID.hex(&oid)
            }
        }
        try fetch(
            repo, at: connectURL, refspecs: [wanted.refspec], url: url, options: options, depth: shallowDepth,
            bytes: &bytes)
        return try peel(repo, wanted.local)
    }

    /// The depth of a pod's fetch: 1, as `git clone --depth 1` asks. A libgit2 that cannot fetch shallow fetches
    /// it through `GitHTTPShallowFetch` where the server speaks smart HTTP, the one ref's full history otherwise.
    static let shallowDepth: Int? = 1

    /// Fetches the commit `sha` by its id (`shallowDepth` deep); nil when the server refuses it (or sends
    /// something else), which `--verbose` reports: the caller then fetches the full history.
    static func fetchUnadvertised(
        _ repo: GitRepository, sha: String, url: String, connectURL: String, options: TransferOptions,
        bytes: inout Int64
    ) throws -> String? {
        do {
            try fetch(
                repo, at: connectURL, refspecs: ["+\(sha):refs/podmirror/want"], url: url, options: options,
                depth: shallowDepth, bytes: &bytes)
            guard let c = try? peel(repo, "refs/podmirror/want"), c == sha.lowercased() else {
                throw GitError(
                    .repository, operation: "fetch", subject: url, cause: Message("git.cause.no-commit", ["id": sha]))
            }
            return c
        } catch let error as GitError where error.kind != .timeout {
            Trace.emit(.gitCommitRefused(url: Redaction.redactURL(url), commit: sha, cause: error.cause))
            return nil
        }
    }

    /// Runs `body` with an in-memory remote of `repo` at `connectURL`, created without insteadOf rewriting
    /// (`connectURL` is rewritten already; a remote looked up by name would be rewritten again). One per
    /// transfer: a transfer through the http proxy relay points its remote at the relay.
    static func withRemote<R>(_ repo: GitRepository, at connectURL: String, _ body: (OpaquePointer) throws -> R)
        throws -> R
    {
        var create = git_remote_create_options()
        git_remote_create_options_init(&create, UInt32(GIT_REMOTE_CREATE_OPTIONS_VERSION))
        create.repository = repo.pointer
        create.flags = GIT_REMOTE_CREATE_SKIP_INSTEADOF.rawValue
        var remote: OpaquePointer?
        try check(git_remote_create_with_opts(&remote, connectURL, &create), "add a remote to", repo.path)
        defer { git_remote_free(remote) }
        return try body(remote!)
    }

    static func fetch(
        _ repo: GitRepository, at connectURL: String, refspecs: [String], url: String, options: TransferOptions,
        depth: Int?, bytes: inout Int64
    ) throws {
        if depth != nil, !Libgit2.supportsShallow, refspecs.count == 1,
            let received = try GitHTTPShallowFetch.fetchRef(
                repo, at: connectURL, refspec: refspecs[0], subject: url, options: options)
        {
            bytes += received
            return
        }
        let session = TransferSession(options)
        // Connects to `connectURL`; `url` as the pod names it stays the error subject.
        var opts = try session.fetchOptions(connectingTo: connectURL)
        opts.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE
        if let depth, Libgit2.supportsShallow { pm_fetch_opts_set_depth(&opts, Int32(depth)) }
        let strings = refspecs.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var mutable = strings
        bytes += try withRemote(repo, at: connectURL) { remote in
            try session.run(operation: "fetch", subject: url) {
                try mutable.withUnsafeMutableBufferPointer { buf in
                    var arr = git_strarray(strings: buf.baseAddress, count: buf.count)
                    try check(git_remote_fetch(remote, &arr, &opts, nil), "fetch", url)
                }
            }
            return git_remote_stats(remote).map { Int64($0.pointee.received_bytes) } ?? 0
        }
    }

    /// The commit a ref points at, through annotated tags.
    static func peel(_ repo: GitRepository, _ ref: String) throws -> String {
        var obj: OpaquePointer?
        try check(git_revparse_single(&obj, repo.pointer, "\(ref)^{commit}"), "resolve \(ref) in", repo.path)
        defer { git_object_free(obj) }
        var oid = git_object_id(obj).pointee
        return GitOID.hex(&oid)
    }

    /// Checks the commit out with checkout semantics (filters from `.gitattributes` applied) and
    /// detaches HEAD at it, so that submodule updates see the recorded gitlinks.
    static func checkout(_ repo: GitRepository, commit: String, options: TransferOptions) throws {
        let session = TransferSession(options)
        let tree = try GitCheckout.tree(repo, commit)
        defer { git_tree_free(tree) }
        var co = session.checkoutOptions(strategy: GIT_CHECKOUT_FORCE)
        co.disable_filters = 0
        try check(git_checkout_tree(repo.pointer, tree, &co), "check out \(commit) in", repo.path)
        guard var oid = GitOID.parse(commit) else { return }
        try check(git_repository_set_head_detached(repo.pointer, &oid), "detach HEAD in", repo.path)
    }

    /// `git submodule update --init --recursive`; returns the bytes received.
    static func updateSubmodules(_ repo: GitRepository, options: TransferOptions) throws -> Int64 {
        final class Names { var list: [String] = [] }
        let names = Names()
        let payload = Unmanaged.passUnretained(names).toOpaque()
        try check(
            git_submodule_foreach(
                repo.pointer,
                { _, name, payload in
                    guard let name, let payload else { return 0 }
                    Unmanaged<Names>.fromOpaque(payload).takeUnretainedValue().list.append(String(cString: name))
                    return 0
                }, payload), "list submodules in", repo.path)
        var bytes: Int64 = 0
        for name in names.list {
            var sm: OpaquePointer?
            try check(git_submodule_lookup(&sm, repo.pointer, name), "find submodule \(name) in", repo.path)
            defer { git_submodule_free(sm) }
            let declared = git_submodule_url(sm).map { String(cString: $0) } ?? name
            // libgit2 would resolve a relative URL against the parent's remote URL after insteadOf and rewrite
            // the result again when it clones; recorded resolved (as git resolves it), it is rewritten once.
            let parent = repo.remoteURL()
            let smURL = parent.map { GitURLRewrite.submoduleURL(declared, parentRemote: $0) } ?? declared
            // Before any insteadOf rewriting: the rules are the user's, the URL is the repository's.
            if let why = SubmoduleURLPolicy.refusal(
                smURL, parentIsLocal: parent.map(SubmoduleURLPolicy.isLocal) ?? false)
            {
                throw PodMirrorFailure(
                    Message(
                        why.messageKey,
                        [
                            "url": Redaction.redactURL(parent ?? repo.path), "name": Redaction.redactText(name),
                            "submodule": Redaction.redactURL(smURL),
                        ]),
                    code: .podsGitSubmoduleURL)
            }
            if smURL != declared { try repo.setConfig("submodule.\(name).url", smURL) }
            let session = TransferSession(options)
            var opts = git_submodule_update_options()
            git_submodule_update_options_init(&opts, UInt32(GIT_SUBMODULE_UPDATE_OPTIONS_VERSION))
            opts.fetch_opts = try session.fetchOptions(connectingTo: options.connectURL(for: smURL))
            opts.checkout_opts = session.checkoutOptions(strategy: GIT_CHECKOUT_FORCE)
            opts.checkout_opts.disable_filters = 0
            _ = try session.run(operation: "submodule update", subject: smURL) {
                try check(git_submodule_update(sm, 1, &opts), "update submodule \(name) from", smURL)
            }
            var sub: OpaquePointer?
            try check(git_submodule_open(&sub, sm), "open submodule \(name) in", repo.path)
            let subRepo = GitRepository(sub!, path: repo.path + "/" + String(cString: git_submodule_path(sm)))
            bytes += try updateSubmodules(subRepo, options: options)
        }
        return bytes
    }

    /// Deletes every `.git` (folder or file) at any depth, as `rsync --exclude=.git` leaves it out.
    static func removeGitDirectories(_ directory: String) throws {
        let fs = LocalFileSystem()
        var stack = [directory]
        while let dir = stack.popLast() {
            for name in try fs.contentsOfDirectory(dir) {
                let p = dir + "/" + name
                if name == ".git" {
                    try fs.removeItem(p)
                    continue
                }
                var st = stat()
                if lstat(p, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { stack.append(p) }
            }
        }
    }
}
