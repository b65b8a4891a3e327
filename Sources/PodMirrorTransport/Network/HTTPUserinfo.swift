import Foundation

/// The user name and password an http(s) URL carries (`https://user:pass@host/x`), percent-decoded as libgit2
/// and git decode them. podmirror hands them to libgit2 through its credentials callback, so that no URL libgit2
/// writes into a repository (`FETCH_HEAD`, reflogs) holds them.
struct HTTPUserinfo: Sendable, Equatable {
    var user: String
    var password: String

    /// `url` without its userinfo (as git writes a URL into reflogs and `FETCH_HEAD`), and the userinfo;
    /// `(url, nil)` when `url` is not http(s) or has none (an ssh URL's user name is how ssh logs in, not a
    /// secret to move). Parsed as RFC 3986 and git do: the authority ends at the first `/`, `?` or `#`, the
    /// userinfo at its last `@`; a password with an unencoded `/` leaves the URL as it is, for libgit2 to refuse
    /// (its message is redacted conservatively, see `Redaction`).
    static func split(_ url: String) -> (url: String, userinfo: HTTPUserinfo?) {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), let schemeEnd = url.range(of: "://") else {
            return (url, nil)
        }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest[..<(rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex)]
        guard let at = authority.lastIndex(of: "@") else { return (url, nil) }
        let raw = authority[..<at]
        let colon = raw.firstIndex(of: ":")
        let user = colon.map { raw[..<$0] } ?? raw
        let password = colon.map { raw[raw.index(after: $0)...] } ?? ""
        func decoded(_ s: Substring) -> String { String(s).removingPercentEncoding ?? String(s) }
        let bare = String(url[..<schemeEnd.upperBound]) + String(url[url.index(after: at)...])
        return (bare, HTTPUserinfo(user: decoded(user), password: decoded(password)))
    }
}
