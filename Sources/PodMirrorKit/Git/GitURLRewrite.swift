import CLibgit2
import Foundation

/// The URL a libgit2 transfer connects to, for deciding its proxy.
///
/// git rewrites a remote's URL by `url.<base>.insteadOf` before it connects, and decides
/// `http.<url>.proxy`, `no_proxy` and the scheme's `*_proxy` variable on the rewritten URL (the one it
/// actually connects to), never on the URL as written. libgit2 rewrites a remote's URL when it creates
/// or looks up the remote in a repository (`git_remote_url` returns the rewritten URL); `git_clone` and
/// a submodule's clone create theirs from a URL podmirror passes, so for those the rewrite is computed
/// here the way libgit2 does it: among the `insteadOf` values in the config files a new repository reads
/// (system, XDG, global), the longest that is a prefix of the URL is replaced by its base; the first of
/// equally long values wins. A detached remote (`git_remote_create_detached`) is not rewritten.
enum GitURLRewrite {
    /// `url` rewritten as a remote created from it in a new repository connects to.
    static func connectURL(for url: String) -> String {
        Libgit2.initialize()
        var cfg: OpaquePointer?
        guard git_config_open_default(&cfg) == 0, let cfg else { return url }
        defer { git_config_free(cfg) }
        final class Collector { var rules: [SourceMirrorRules.Rule] = [] }
        let collector = Collector()
        let payload = Unmanaged.passUnretained(collector).toOpaque()
        _ = git_config_foreach_match(
            cfg, "^url\\..*\\.insteadof$",
            { entry, payload in
                guard let entry, let payload, let name = entry.pointee.name, let value = entry.pointee.value else {
                    return 0
                }
                let key = String(cString: name)
                let base = String(key.dropFirst(4).dropLast(10))
                Unmanaged<Collector>.fromOpaque(payload).takeUnretainedValue().rules
                    .append(SourceMirrorRules.Rule(base: base, insteadOf: String(cString: value)))
                return 0
            }, payload)
        return SourceMirrorRules(rules: collector.rules).rewrite(url)
    }

    /// A submodule's URL as its clone connects to it: relative URLs resolved against the parent's
    /// remote (as libgit2 does), then rewritten.
    static func submoduleConnectURL(_ url: String, parent repo: OpaquePointer) -> String {
        var buf = git_buf()
        defer { git_buf_dispose(&buf) }
        guard git_submodule_resolve_url(&buf, repo, url) == 0, let ptr = buf.ptr else { return connectURL(for: url) }
        return connectURL(for: String(cString: ptr))
    }
}
