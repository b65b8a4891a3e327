import Foundation

/// The user name and password a URL carries (`https://user:pass@host/x`, `git://user:pass@host/x`,
/// `ssh://user:pass@host/x`), percent-decoded as libgit2 and git decode them. podmirror hands them to libgit2
/// through its credentials callback, so that no URL libgit2 writes into a repository (`FETCH_HEAD`, reflogs)
/// holds them.
struct URLUserinfo: Sendable, Equatable {
    var user: String
    var password: String

    /// `url` without what must not be written down (as git writes a URL into reflogs and `FETCH_HEAD`), and the
    /// userinfo; `(url, nil)` when there is none to take out. An http(s) URL loses its whole userinfo, any other
    /// only a password: the user name of an ssh URL is how ssh logs in, not a secret to move. scp-like
    /// `a:b@host:path` is left as it is: git and libgit2 read it as host `a`, path `b@host:path`. Parsed as
    /// RFC 3986 and git do: the authority ends at the first `/`, `?` or `#`, the userinfo at its last `@`; a
    /// password with an unencoded `/` leaves the URL as it is, for libgit2 to refuse (its message is redacted
    /// conservatively, see `Redaction`).
    static func split(_ url: String) -> (url: String, userinfo: URLUserinfo?) {
        guard let schemeEnd = url.range(of: "://") else { return (url, nil) }
        let lower = url.lowercased()
        let http = lower.hasPrefix("http://") || lower.hasPrefix("https://")
        let rest = url[schemeEnd.upperBound...]
        let authority = rest[..<(rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else { return (url, nil) }
        let raw = authority[..<at]
        let colon = raw.firstIndex(of: ":")
        if !http && colon == nil { return (url, nil) }
        let user = colon.map { raw[..<$0] } ?? raw
        let password = colon.map { raw[raw.index(after: $0)...] } ?? ""
        let kept = http ? "" : String(user) + "@"
        let bare = String(url[..<schemeEnd.upperBound]) + kept + String(url[url.index(after: at)...])
        return (bare, URLUserinfo(user: decoded(user), password: decoded(password)))
    }

    private static func decoded(_ s: Substring) -> String { String(s).removingPercentEncoding ?? String(s) }
}
