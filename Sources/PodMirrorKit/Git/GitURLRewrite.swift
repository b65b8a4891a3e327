import CLibgit2
import Foundation

/// The URL a libgit2 transfer connects to, for deciding its proxy.
///
/// git rewrites a remote's URL by `url.<base>.insteadOf` once, before it connects, and decides
/// `http.<url>.proxy`, `no_proxy` and the scheme's `*_proxy` variable on the rewritten URL (the one it
/// actually connects to), never on the URL as written. libgit2 rewrites a remote's URL when it creates
/// or looks up the remote in a repository (`git_remote_url` returns the rewritten URL); `git_clone` and
/// a submodule's clone create theirs from a URL podmirror passes, so for those the rewrite is computed
/// here the way libgit2 does it: `SourceMirrorRules.rewrite` over the `insteadOf` rules of the config files
/// a new repository reads (system, XDG, global). A detached remote (`git_remote_create_detached`) and one
/// created with `GIT_REMOTE_CREATE_SKIP_INSTEADOF` are not rewritten.
enum GitURLRewrite {
    /// `url` rewritten as a remote created from it in a new repository connects to.
    static func connectURL(for url: String) -> String {
        let rules = (try? GitConfigFile.openDefault()?.insteadOfRules()) ?? []
        return SourceMirrorRules(rules: rules).rewrite(url)
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
