internal import CGitStream
internal import CLibgit2
import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// State shared with libgit2's C callbacks during one transfer.
///
/// libgit2 runs a transfer on the calling thread, and every socket it opens is podmirror's stream
/// (`pm_git_stream_register`): `run` hands that thread's stall timeout and cancellation flag to the stream,
/// which fails a connect, read or write that makes no progress for `stallTimeout` seconds, or is cancelled.
/// Only the stalled transfer's own socket is affected, whatever other transfers run in parallel.
///
/// libgit2's ssh transport hands the connected descriptor to libssh2, which reads it directly: for those
/// sockets a watchdog thread measures activity by libgit2's callbacks and, on a stall or cancellation,
/// shuts down only the sockets of this transfer that the stream did not read itself.
// @unchecked: state shared with the watchdog thread is read and written under `lock`.
final class TransferSession: @unchecked Sendable {
    let options: TransferOptions
    private let lock = NSLock()
    private var lastActivity = Date()
    private var networkDone = false
    private var finished = false
    /// True once the stream hit the stall timeout (or the watchdog cut a stalled ssh socket) during `run`.
    private(set) var timedOut = false
    /// The stream's limits for this transfer's thread, while `run` runs.
    private var scope: OpaquePointer?
    private var lastReport = Date.distantPast
    private var lastPagesDropped = Date.distantPast
    /// The proxy URL handed to libgit2; kept alive until the session ends.
    private var proxyURL: UnsafeMutablePointer<CChar>?
    private(set) var proxyChoice: ProxySettings.Choice = .direct
    /// For an http:// URL through a proxy: the relay libgit2 talks to instead (see `HTTPProxyRelay`).
    private var relay: HTTPProxyRelay?
    private var relayURL: UnsafeMutablePointer<CChar>?
    /// The URL the transfer connects to (after insteadOf), set on every remote in `remote_ready`.
    private var connectURL: UnsafeMutablePointer<CChar>?
    /// Remotes whose instance URL `remote_ready` set already (a reconnect is neither traced nor set again).
    private var readyRemotes: Set<OpaquePointer> = []
    /// The operation `run` performs ("clone", "fetch", "ls-remote"), for `--verbose` trace lines.
    private var operation = "transfer"
    /// The user name and password of a URL's userinfo (`URLUserinfo`): libgit2 gets them through the credentials
    /// callback, never in a URL, so they cannot reach `FETCH_HEAD` (written with the remote's instance URL).
    private var userinfo: URLUserinfo?
    private var userinfoOffered = false
    /// The URL the transfer connects to as `--verbose` shows it: with its userinfo, redacted (`***@`).
    private var shownURL: String?

    init(_ options: TransferOptions) {
        self.options = options
    }

    deinit {
        relay?.stop()
        free(proxyURL)
        free(relayURL)
        free(connectURL)
    }

    var payload: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ payload: UnsafeMutableRawPointer?) -> TransferSession {
        Unmanaged<TransferSession>.fromOpaque(payload!).takeUnretainedValue()
    }

    /// Runs `body` (libgit2 calls on this thread) with the stream's stall timeout and cancellation set;
    /// maps an aborted transfer to a timeout or interruption.
    func run<R>(operation: String, subject: String, _ body: () throws -> R) throws -> R {
        self.operation = operation
        let scope = pm_git_stream_begin(options.stallTimeout, options.cancellation.atomicFlag)
        if options.minimumRate.isEnabled {
            pm_git_stream_set_min_rate(scope, options.minimumRate.bytesPerSecond, options.minimumRate.seconds)
        }
        self.scope = scope
        lock.lock(); lastActivity = Date(); lock.unlock()
        let wake = DispatchSemaphore(value: 0)
        let exited = DispatchSemaphore(value: 0)
        let watchdog = Thread { [self] in
            self.watch(wake: wake)
            exited.signal()
        }
        watchdog.start()
        defer {
            lock.lock(); finished = true; lock.unlock()
            wake.signal()
            // The watchdog uses `scope`: it must be gone before the scope is freed.
            exited.wait()
            if pm_git_stream_timed_out(scope) != 0 { timedOut = true }
            self.scope = nil
            pm_git_stream_end(scope)
            relay?.stop()
        }
        do {
            let result = try body()
            try rethrowAbort(operation: operation, subject: subject)
            return result
        } catch var error as GitError where error.kind == .transport && !proxyNote.isEmpty {
            try rethrowAbort(operation: operation, subject: subject)
            error.cause += proxyNote
            throw error
        } catch {
            try rethrowAbort(operation: operation, subject: subject)
            throw error
        }
    }

    private func rethrowAbort(operation: String, subject: String) throws {
        if options.cancellation.isCancelled { throw InterruptedError() }
        if pm_git_stream_too_slow(scope) != 0 {
            throw GitError.tooSlow(operation: operation, subject: subject, network: options.network)
        }
        if pm_git_stream_timed_out(scope) != 0 { timedOut = true }
        if timedOut { throw GitError.stalled(operation: operation, subject: subject, network: options.network) }
    }

    /// Called from every callback: records activity; returns non-zero to make libgit2 stop.
    func touch() -> Int32 {
        lock.lock(); lastActivity = Date(); lock.unlock()
        return options.cancellation.isCancelled ? -1 : 0
    }

    func transferProgress(_ s: git_indexer_progress) -> Int32 {
        let rc = touch()
        let now = Date()
        let done = s.total_objects > 0 && s.received_objects == s.total_objects && s.indexed_deltas == s.total_deltas
        if done { lock.lock(); networkDone = true; lock.unlock() }
        // Throttle: libgit2 calls this for every object.
        if done || now.timeIntervalSince(lastReport) > 0.1 {
            lastReport = now
            dropPackPages(now, force: done)
            if s.received_objects < s.total_objects || s.total_deltas == 0 {
                options.progress.report(
                    ProgressEvent(
                        phase: Message("git.progress.receiving"), completed: Int(s.received_objects),
                        total: Int(s.total_objects), bytes: Int(s.received_bytes)))
            } else {
                options.progress.report(
                    ProgressEvent(
                        phase: Message("git.progress.resolving"), completed: Int(s.indexed_deltas),
                        total: Int(s.total_deltas), bytes: Int(s.received_bytes)))
            }
        }
        return rc
    }

    /// Every tenth of a second: the pack pages read since count no longer as this process's memory (libgit2
    /// maps a whole pack while it indexes one, and a large Specs repo's pack is hundreds of MB).
    private func dropPackPages(_ now: Date, force: Bool) {
        guard force || now.timeIntervalSince(lastPagesDropped) >= 0.1 else { return }
        lastPagesDropped = now
        Libgit2.dropPackPages()
    }

    func checkoutProgress(completed: Int, total: Int?) {
        lock.lock(); lastActivity = Date(); networkDone = true; lock.unlock()
        let now = Date()
        if completed == total || now.timeIntervalSince(lastReport) > 0.1 {
            lastReport = now
            dropPackPages(now, force: completed == total)
            options.progress.report(
                ProgressEvent(phase: Message("git.progress.checkout"), completed: completed, total: total))
        }
    }

    /// Until `run` ends: cuts this transfer's sockets that libssh2 reads directly (the stream bounds the others)
    /// when libgit2's callbacks report nothing for `stallTimeout` seconds, or on cancellation.
    private func watch(wake: DispatchSemaphore) {
        while true {
            _ = wake.wait(timeout: .now() + 0.05)
            lock.lock()
            let stop = finished
            let idle = Date().timeIntervalSince(lastActivity)
            let inNetwork = !networkDone
            lock.unlock()
            if stop { return }
            if options.cancellation.isCancelled {
                _ = pm_git_stream_abort_raw(scope, 0)
            } else if inNetwork && options.stallTimeout > 0 && idle > options.stallTimeout {
                _ = pm_git_stream_abort_raw(scope, 1)
            }
        }
    }

    /// Remote callbacks wired to this session.
    func remoteCallbacks() -> git_remote_callbacks {
        var cb = git_remote_callbacks()
        git_remote_init_callbacks(&cb, UInt32(GIT_REMOTE_CALLBACKS_VERSION))
        cb.payload = payload
        cb.transfer_progress = { stats, payload in
            guard let stats else { return 0 }
            return TransferSession.from(payload).transferProgress(stats.pointee)
        }
        cb.sideband_progress = { _, _, payload in TransferSession.from(payload).touch() }
        cb.remote_ready = { remote, _, payload in
            guard let remote else { return 0 }
            return TransferSession.from(payload).remoteReady(remote)
        }
        cb.credentials = { out, _, _, allowed, payload in
            guard let out else { return GIT_PASSTHROUGH.rawValue }
            return TransferSession.from(payload).credential(out, allowed: allowed)
        }
        return cb
    }

    /// The URL's user name and password, once, when the server asks for a password (as libgit2 uses the
    /// userinfo of a URL); a second challenge means they were refused.
    func credential(_ out: UnsafeMutablePointer<UnsafeMutablePointer<git_credential>?>, allowed: UInt32) -> Int32 {
        _ = touch()
        guard let userinfo, !userinfoOffered, allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 else {
            return GIT_PASSTHROUGH.rawValue
        }
        userinfoOffered = true
        return git_credential_userpass_plaintext_new(out, userinfo.user, userinfo.password)
    }

    /// Points `remote` at the URL this transfer connects to, the relay's when there is one. libgit2 would
    /// connect to the remote's URL rewritten by the insteadOf rules of the files it reads itself, which
    /// are not always the ones git reads (it ignores `GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM` and
    /// `GIT_CONFIG_NOSYSTEM`); the instance URL is used as it is.
    func remoteReady(_ remote: OpaquePointer) -> Int32 {
        guard !readyRemotes.contains(remote) else { return 0 }
        readyRemotes.insert(remote)
        let url = shownURL ?? git_remote_url(remote).map { String(cString: $0) } ?? ""
        traceConnect(url)
        guard let target = relayURL ?? connectURL else { return 0 }
        return git_remote_set_instance_url(remote, target)
    }

    /// `--verbose`: the URL libgit2 connects to (after git's `insteadOf` rules, as `pods fetch` traces it)
    /// and the proxy this session decided on.
    func traceConnect(_ url: String) {
        guard Trace.isEnabled else { return }
        Trace.emit(.gitTransfer(operation: operation, url: Redaction.redactURL(url), proxy: proxyChoice.displayURL))
    }

    /// Fetch options for a transfer that connects to `url` (after `insteadOf` rewriting): callbacks and
    /// the proxy decision. The password of `url` (`URLUserinfo`) goes to the credentials callback.
    func fetchOptions(connectingTo url: String) throws -> git_fetch_options {
        var opts = git_fetch_options()
        git_fetch_options_init(&opts, UInt32(GIT_FETCH_OPTIONS_VERSION))
        opts.callbacks = remoteCallbacks()
        opts.proxy_opts = try proxyOptions(connectingTo: url)
        return opts
    }

    /// The one place every libgit2 transfer gets its proxy: explicit, never libgit2's own detection, so
    /// transfers and `mirror test` decide alike. `url` is the URL libgit2 connects to, after git's
    /// `insteadOf` rewriting (`git_remote_url` of the remote, or `GitURLRewrite`): git decides the proxy on it.
    func proxyOptions(connectingTo url: String) throws -> git_proxy_options {
        var proxy = git_proxy_options()
        git_proxy_options_init(&proxy, UInt32(GIT_PROXY_OPTIONS_VERSION))
        shownURL = Redaction.redactURL(url)
        let (url, found) = URLUserinfo.split(url)
        if let found { userinfo = found }
        proxyChoice = options.proxyChoice(for: url)
        free(connectURL)
        connectURL = strdup(url)
        switch proxyChoice {
        case .direct:
            proxy.type = GIT_PROXY_NONE
        case .proxy(let address) where url.lowercased().hasPrefix("http://"):
            // libgit2 would go direct for http://; the relay carries the requests to the proxy.
            if relay == nil {
                let started = try HTTPProxyRelay(url: url, proxyURL: address)
                relay = started
                relayURL = strdup(started.relayURL(for: url))
            }
            proxy.type = GIT_PROXY_NONE
        case .proxy(let address):
            free(proxyURL)
            proxyURL = strdup(address)
            proxy.type = GIT_PROXY_SPECIFIED
            proxy.url = UnsafePointer(proxyURL)
        }
        return proxy
    }

    /// The URL of `remote` (named `name` in `repo`) as configured, and the URL a transfer connects to: the
    /// configured one rewritten once by `options.network.urlRewrite` and the rules of the repository's own
    /// config.
    /// `git_remote_lookup` returns a remote whose URL libgit2 already rewrote by the files it reads;
    /// the configuration holds the URL as written.
    func urls(of remote: OpaquePointer, named name: String, in repo: GitRepository) throws -> (String, String) {
        let url = repo.remoteURL(name) ?? git_remote_url(remote).map { String(cString: $0) } ?? repo.path
        try GitURL.validate(url)
        let local = try GitConfigFile(path: repo.gitDirectory + "/config").insteadOfRules()
        let rules = SourceMirrorRules(rules: options.network.urlRewrite.rules + local)
        let connect = rules.rewrite(url)
        try GitURL.validate(connect)
        let rule = rules.rule(for: url)
        try GitURL.checkRewrite(
            url, connect: connect, rule: rule, operation: "open", subject: subject(url, connectingTo: connect))
        return (url, connect)
    }

    /// How errors name a transfer of `url` that connects to `connect` (`GitTransfer.subject`).
    func subject(_ url: String, connectingTo connect: String) -> String {
        GitTransfer.subject(url, connectingTo: connect)
    }

    /// " (through proxy URL)" for error causes, credentials redacted; empty when direct.
    var proxyNote: String {
        proxyChoice.displayURL.map { " (through proxy \($0))" } ?? ""
    }

    /// Checkout options tuned for Specs repos: no filters
    /// (no `.gitattributes` lookups), progress wired to this session.
    func checkoutOptions(strategy: git_checkout_strategy_t) -> git_checkout_options {
        var co = git_checkout_options()
        git_checkout_options_init(&co, UInt32(GIT_CHECKOUT_OPTIONS_VERSION))
        co.checkout_strategy = strategy.rawValue
        co.disable_filters = 1
        co.progress_payload = payload
        co.progress_cb = { _, completed, total, payload in
            TransferSession.from(payload).checkoutProgress(completed: completed, total: total)
        }
        return co
    }
}

/// A ref the server advertises.
package struct RemoteRef: Sendable, Equatable {
    package var name: String
    package var oid: String
    /// For `HEAD`: the branch it points at, when the server says.
    package var symrefTarget: String?
}

/// Network operations: clone, fetch, list remote refs.
package enum GitTransfer {
    /// Between the URL connected to and the URL as written, when a mirror (insteadOf) rewrote it.
    static let subjectMarker = " (for "

    /// How errors name a transfer of `url` that connects to `connect`, in one form for repos and pods alike:
    /// `url`, and when the insteadOf rules rewrote it, the mirror that failed first: `connect (for url)`,
    /// both redacted.
    package static func subject(_ url: String, connectingTo connect: String) -> String {
        guard connect != url else { return url }
        return "\(Redaction.redactURL(connect))\(subjectMarker)\(Redaction.redactURL(url)))"
    }

    /// `subject`'s `MIRROR (for URL)` form as a sentence; nil when it names one URL or path.
    package static func subjectText(_ subject: String) -> Message? {
        guard let marker = subject.range(of: subjectMarker), subject.hasSuffix(")") else { return nil }
        let mirror = String(subject[..<marker.lowerBound])
        let url = String(subject[marker.upperBound...].dropLast())
        return Message("git.subject.for", ["mirror": mirror, "url": url])
    }

    /// Clones `url` into the new folder `path` (which must not exist or be empty): full history,
    /// `origin` = the exact URL, a local branch checked out (its files written unless `checkout` is false).
    package static func clone(
        url: String, into path: String, branch: String?, depth: Int? = nil,
        options: TransferOptions, checkout: Bool = true
    ) throws -> GitRepository {
        try GitURL.validate(url)
        if let depth, depth > 0, !Libgit2.supportsShallow {
            throw GitError(
                .unsupported, operation: "clone", subject: url,
                cause: Message("git.cause.depth", ["version": Libgit2.version]))
        }
        Libgit2.initialize()
        let session = TransferSession(options)
        var opts = git_clone_options()
        git_clone_options_init(&opts, UInt32(GIT_CLONE_OPTIONS_VERSION))
        // `origin` keeps `url`; the transfer connects to its rewrite (set as the instance URL when libgit2
        // is ready to connect, replacing the rewrite libgit2 made from the files it reads).
        let connect = options.connectURL(for: url)
        try GitURL.validate(connect)
        let subject = session.subject(url, connectingTo: connect)
        try GitURL.checkRewrite(
            url, connect: connect, rule: options.rewriteRule(for: url), operation: "clone", subject: subject)
        opts.fetch_opts = try session.fetchOptions(connectingTo: connect)
        // libgit2 writes "clone: from <origin's URL>" into the reflogs: origin is created without the userinfo
        // (as git writes it) and gets `url` once the clone is done.
        let split = URLUserinfo.split(url)
        let anonymous = split.userinfo == nil ? nil : strdup(split.url)
        defer { free(anonymous) }
        opts.remote_cb_payload = anonymous.map { UnsafeMutableRawPointer($0) }
        opts.remote_cb = { out, repo, name, url, payload in
            // The new repository, before its pack is written: a full disk then says so (not "libgit2 error -1").
            let rc = pm_name_refused_pack_writes(repo)
            guard rc == 0 else { return rc }
            return git_remote_create(
                out, repo, name, payload.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } ?? url)
        }
        // A local clone copies from the path libgit2 rewrote itself, without connecting.
        if connect != url { opts.local = GIT_CLONE_NO_LOCAL }
        if let depth, depth > 0 { pm_fetch_opts_set_depth(&opts.fetch_opts, Int32(depth)) }
        // The files are written afterwards, on several threads (`GitFreshCheckout`).
        opts.checkout_opts = session.checkoutOptions(strategy: GIT_CHECKOUT_NONE)
        let branchC = branch.map { strdup($0) } ?? nil
        defer { free(branchC) }
        opts.checkout_branch = UnsafePointer(branchC)
        let repo = try session.run(operation: "clone", subject: subject) {
            var repo: OpaquePointer?
            let rc = git_clone(&repo, url, path, &opts)
            if rc < 0 {
                if rc == GIT_ENOTFOUND.rawValue, let branch {
                    throw GitError(
                        .repository, operation: "clone", subject: subject,
                        cause: Message(
                            "git.cause.no-branch-detail", ["branch": branch, "detail": Libgit2.lastErrorMessage()]))
                }
                throw GitError.fromLibgit2(rc, operation: "clone", subject: subject)
            }
            return GitRepository(repo!, path: path)
        }
        if anonymous != nil { try repo.setRemoteURL("origin", url) }
        if checkout, let head = repo.headOID { try GitFreshCheckout.run(repo, commit: head, session: session) }
        return repo
    }

    /// Clones the tip of `url`'s default branch, no files checked out, one commit deep where it can: through
    /// libgit2 where it fetches shallow (1.7 and later), else through podmirror's own smart-HTTP fetch
    /// (`GitHTTPShallowFetch`) when the server speaks it; the whole history otherwise.
    package static func cloneTip(url: String, into path: String, options: TransferOptions) throws -> GitRepository {
        if !Libgit2.supportsShallow, let repo = try GitHTTPShallowFetch.clone(url: url, into: path, options: options) {
            return repo
        }
        return try clone(
            url: url, into: path, branch: nil, depth: Libgit2.supportsShallow ? 1 : nil, options: options,
            checkout: false)
    }

    /// Fetches from the remote `remoteName` of `repo` with its configured refspecs. A shallow repository stays
    /// shallow: on a libgit2 that cannot fetch shallow, through `GitHTTPShallowFetch`.
    package static func fetch(_ repo: GitRepository, remote remoteName: String = "origin", options: TransferOptions)
        throws
    {
        Libgit2.initialize()
        if !Libgit2.supportsShallow, repo.isShallow,
            try GitHTTPShallowFetch.update(repo, remote: remoteName, options: options)
        {
            return
        }
        try GitShallowBoundary.keeping(in: repo) { repo in
            var remote: OpaquePointer?
            try check(
                git_remote_lookup(&remote, repo.pointer, remoteName), "find remote '\(remoteName)' in", repo.path)
            defer { git_remote_free(remote) }
            let session = TransferSession(options)
            let (url, connect) = try session.urls(of: remote!, named: remoteName, in: repo)
            let subject = session.subject(url, connectingTo: connect)
            var opts = try session.fetchOptions(connectingTo: connect)
            try check(pm_name_refused_pack_writes(repo.pointer), "fetch into", repo.path)
            _ = try session.run(operation: "fetch", subject: subject) {
                try check(git_remote_fetch(remote, nil, &opts, "fetch"), "fetch", subject)
            }
        }
    }

    /// The refs the server at `url` advertises (`git ls-remote`).
    package static func listRemote(url: String, options: TransferOptions) throws -> [RemoteRef] {
        try GitURL.validate(url)
        Libgit2.initialize()
        // `git ls-remote URL` applies the insteadOf rules; a detached remote does not, so rewrite here and
        // reach the server a clone of `url` would reach.
        let connect = options.connectURL(for: url)
        try GitURL.validate(connect)
        try GitURL.checkRewrite(
            url, connect: connect, rule: options.rewriteRule(for: url), operation: "ls-remote",
            subject: subject(url, connectingTo: connect))
        var remote: OpaquePointer?
        try check(git_remote_create_detached(&remote, connect), "ls-remote", url)
        defer { git_remote_free(remote) }
        let session = TransferSession(options)
        return try listRemote(remote!, url: session.subject(url, connectingTo: connect), session: session)
    }

    /// The refs the repository's remote (default `origin`) advertises.
    package static func listRemote(repo: GitRepository, remote name: String = "origin", options: TransferOptions) throws
        -> [RemoteRef]
    {
        var remote: OpaquePointer?
        try check(git_remote_lookup(&remote, repo.pointer, name), "find remote '\(name)' in", repo.path)
        defer { git_remote_free(remote) }
        let session = TransferSession(options)
        let (url, connect) = try session.urls(of: remote!, named: name, in: repo)
        return try listRemote(
            remote!, url: session.subject(url, connectingTo: connect), connectingTo: connect, session: session)
    }

    /// The refs `remote` advertises; it connects to `connect` (default: the remote's URL as it is).
    static func listRemote(
        _ remote: OpaquePointer, url: String, connectingTo connect: String? = nil, options: TransferOptions
    ) throws -> [RemoteRef] {
        try listRemote(remote, url: url, connectingTo: connect, session: TransferSession(options))
    }

    static func listRemote(
        _ remote: OpaquePointer, url: String, connectingTo connect: String? = nil, session: TransferSession
    ) throws -> [RemoteRef] {
        var callbacks = session.remoteCallbacks()
        var proxy = try session.proxyOptions(
            connectingTo: connect ?? git_remote_url(remote).map { String(cString: $0) } ?? url)
        return try session.run(operation: "ls-remote", subject: url) {
            try check(git_remote_connect(remote, GIT_DIRECTION_FETCH, &callbacks, &proxy, nil), "connect to", url)
            defer { git_remote_disconnect(remote) }
            var heads: UnsafeMutablePointer<UnsafePointer<git_remote_head>?>?
            var count = 0
            try check(git_remote_ls(&heads, &count, remote), "ls-remote", url)
            var out: [RemoteRef] = []
            for i in 0..<count {
                guard let h = heads?[i]?.pointee else { continue }
                var oid = h.oid
                out.append(
                    RemoteRef(
                        name: String(cString: h.name), oid: GitOID.hex(&oid),
                        symrefTarget: h.symref_target.map { String(cString: $0) }))
            }
            return out
        }
    }
}
