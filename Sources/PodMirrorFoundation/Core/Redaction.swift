import Foundation

/// Removes credentials from URLs before they are printed, logged or put in JSON.
package enum Redaction {
    /// `https://user:secret@host/x` → `https://***@host/x`; `https://token@host` → `https://***@host`.
    /// scp-like `git@host:path` is kept: `git` is a user name, not a secret.
    ///
    /// Conservative: a password may hold an unencoded `/`, `?`, `#`, `:` or `@`, where an RFC 3986 parser
    /// (and git, and curl) ends the authority or the userinfo and would print the rest as host or path.
    /// So everything between `://` and the last `@` of the URL counts as userinfo: no part of a password is
    /// ever shown, at the price of hiding the host of a URL whose path holds an `@` (`https://***@v1`).
    package static func redactURL(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let afterScheme = url[schemeEnd.upperBound...]
        guard let at = afterScheme.lastIndex(of: "@") else { return url }
        let userinfo = afterScheme[..<at]
        if userinfo == "git" || userinfo.isEmpty { return url }
        return String(url[..<schemeEnd.upperBound]) + "***" + String(url[at...])
    }

    /// Redacts every URL-looking word in free text (error messages from libgit2, servers).
    package static func redactText(_ text: String) -> String {
        guard text.contains("@") else { return text }
        let pattern = #"[A-Za-z][A-Za-z0-9+.-]*://[^\s'"`<>]+"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = text
        let ns = text as NSString
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed() {
            let found = ns.substring(with: match.range)
            let redacted = redactURL(found)
            if redacted != found, let r = Range(match.range, in: result) {
                result.replaceSubrange(r, with: redacted)
            }
        }
        return result
    }
}
