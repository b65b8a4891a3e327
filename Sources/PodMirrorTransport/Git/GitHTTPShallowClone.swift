internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// A clone and its later fetches one commit deep through `GitHTTPShallowFetch`, set up as `git clone --depth 1`
/// sets one up: `origin` = the URL as given, fetching only the default branch; that branch checked out (no files
/// written); `.git/shallow` naming the commits whose parents are not there.
extension GitHTTPShallowFetch {
    /// Clones `url`'s default branch one commit deep into the new folder `path`; nil (nothing made) when the URL
    /// the insteadOf rules give is not http(s) or its server is not smart or cannot deepen.
    static func clone(url: String, into path: String, options: TransferOptions) throws -> GitRepository? {
        try GitURL.validate(url)
        let connect = options.connectURL(for: url)
        try GitURL.validate(connect)
        let subject = GitTransfer.subject(url, connectingTo: connect)
        try GitURL.checkRewrite(
            url, connect: connect, rule: options.rewriteRule(for: url), operation: "clone", subject: subject)
        guard isHTTP(connect),
            let ad = try advertisement(
                connect, operation: "clone", subject: subject, network: options.network,
                cancellation: options.cancellation)
        else { return nil }
        let repo = try GitRepository.initialize(path)
        try repo.addRemote("origin", url: url)
        // An empty repository: HEAD stays unborn, as git leaves it.
        guard let (ref, tip) = ad.defaultBranch, ref.hasPrefix("refs/heads/") else { return repo }
        let branch = String(ref.dropFirst("refs/heads/".count))
        try repo.setConfig("remote.origin.fetch", "+\(ref):refs/remotes/origin/\(branch)")
        let update = try fetch(
            into: repo, from: ad, wants: [tip], haves: [], shallow: [], operation: "clone", subject: subject,
            session: TransferSession(options))
        try writeBoundary(of: repo, Set(update.shallow).subtracting(update.unshallow))
        let message = "clone: from \(Redaction.redactURL(URLUserinfo.split(url).url))"
        try repo.setReference("refs/remotes/origin/\(branch)", to: tip, message: message)
        try repo.setSymbolicReference("refs/remotes/origin/HEAD", to: "refs/remotes/origin/\(branch)", message: message)
        try repo.setReference(ref, to: tip, message: message)
        try repo.setSymbolicReference("HEAD", to: ref, message: message)
        try repo.setConfig("branch.\(branch).remote", "origin")
        try repo.setConfig("branch.\(branch).merge", ref)
        return repo
    }

    /// Fetches into the shallow `repo` what its remote's refspecs name, one commit deep, and moves their refs;
    /// false (nothing done) when the remote's URL is not http(s) or its server is not smart or cannot deepen.
    /// The pack and `.git/shallow` are written before any ref moves, so a killed fetch leaves the refs as they
    /// were and the next fetch does it again.
    static func update(_ repo: GitRepository, remote name: String, options: TransferOptions) throws -> Bool {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, repo.pointer, name), "find remote '\(name)' in", repo.path)
        defer { git_remote_free(remote) }
        let session = TransferSession(options)
        let (url, connect) = try session.urls(of: remote!, named: name, in: repo)
        let subject = session.subject(url, connectingTo: connect)
        guard isHTTP(connect),
            let ad = try advertisement(
                connect, operation: "fetch", subject: subject, network: options.network,
                cancellation: options.cancellation)
        else { return false }
        var moves: [(ref: String, oid: String)] = []
        for advertised in ad.refs {
            if let local = try destination(of: advertised.name, in: remote!) { moves.append((local, advertised.oid)) }
        }
        let wants = Set(moves.map(\.oid)).filter { !repo.hasCommit($0) }.sorted()
        if !wants.isEmpty {
            let haves = Set((moves.compactMap { repo.resolve($0.ref) } + [repo.headOID].compactMap { $0 }))
                .filter { repo.hasCommit($0) }.sorted()
            let boundary = readBoundary(of: repo)
            let update = try fetch(
                into: repo, from: ad, wants: wants, haves: haves, shallow: boundary.sorted(), operation: "fetch",
                subject: subject, session: session)
            try writeBoundary(of: repo, boundary.union(update.shallow).subtracting(update.unshallow))
        }
        let message = "fetch: \(Redaction.redactURL(URLUserinfo.split(url).url))"
        for move in moves where repo.resolve(move.ref) != move.oid {
            try repo.setReference(move.ref, to: move.oid, message: message)
        }
        return true
    }

    /// Fetches the one ref (or commit id) `refspec` names (`+SRC:DST`) from `connect` one commit deep into
    /// `repo` and points DST at it, as `git fetch --depth 1 URL SRC:DST` does; returns the bytes received. nil
    /// (nothing done) when `connect` is not http(s), its server is not smart or cannot deepen, or SRC is a ref it
    /// does not advertise. A commit id the server refuses to send is its error (a `GitError`).
    static func fetchRef(
        _ repo: GitRepository, at connect: String, refspec: String, subject: String, options: TransferOptions
    ) throws -> Int64? {
        let parts = (refspec.hasPrefix("+") ? String(refspec.dropFirst()) : refspec).split(separator: ":")
        guard parts.count == 2, isHTTP(connect),
            let ad = try advertisement(
                connect, operation: "fetch", subject: subject, network: options.network,
                cancellation: options.cancellation)
        else { return nil }
        let source = String(parts[0])
        guard let want = isObjectID(source.lowercased()) ? source.lowercased() : ad.oid(of: source) else { return nil }
        let update = try fetch(
            into: repo, from: ad, wants: [want], haves: [], shallow: [], operation: "fetch", subject: subject,
            session: TransferSession(options))
        try writeBoundary(of: repo, readBoundary(of: repo).union(update.shallow).subtracting(update.unshallow))
        try repo.setReference(String(parts[1]), to: want, message: "fetch: \(subject)")
        return update.bytes
    }

    /// The local ref the fetch refspecs of `remote` map `name` to (`+refs/heads/*:refs/remotes/origin/*`), or nil.
    private static func destination(of name: String, in remote: OpaquePointer) throws -> String? {
        for i in 0..<git_remote_refspec_count(remote) {
            guard let spec = git_remote_get_refspec(remote, i), git_refspec_direction(spec) == GIT_DIRECTION_FETCH,
                git_refspec_src_matches(spec, name) != 0
            else { continue }
            var out = git_buf()
            defer { git_buf_dispose(&out) }
            try check(git_refspec_transform(&out, spec, name), "fetch", name)
            return out.ptr.map { String(cString: $0) }
        }
        return nil
    }

    private static func boundaryFile(_ repo: GitRepository) -> String { repo.gitDirectory + "/shallow" }

    static func readBoundary(of repo: GitRepository) -> Set<String> {
        let text = (try? String(contentsOfFile: boundaryFile(repo), encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init).filter(isObjectID))
    }

    /// `.git/shallow` as git writes it: one id a line, sorted; no file when nothing is shallow.
    static func writeBoundary(of repo: GitRepository, _ ids: Set<String>) throws {
        let fs = LocalFileSystem()
        if ids.isEmpty {
            if fs.fileExists(boundaryFile(repo)) { try fs.removeItem(boundaryFile(repo)) }
            return
        }
        let bytes = Array(ids.sorted().map { $0 + "\n" }.joined().utf8)
        if fs.contents(boundaryFile(repo)) != Data(bytes) {
            try fs.writeAtomically(bytes, to: boundaryFile(repo), defaultMode: 0o644)
        }
    }
}
