import Foundation

/// Removes credentials from URLs before they are printed, logged or put in JSON.
package enum Redaction {
    /// `https://user:secret@host/x` → `https://***@host/x`, for any scheme (`git://`, `ssh://`, `ftp://`, …);
    /// `https://token@host` → `https://***@host`. scp-like `git@host:path` is kept (`git` is a user name, not a
    /// secret); scp-like with a password, `user:secret@host:path`, → `***@host:path`.
    ///
    /// Conservative: a password may hold an unencoded `/`, `?`, `#`, `:` or `@`, where an RFC 3986 parser
    /// (and git, and curl) ends the authority or the userinfo and would print the rest as host or path.
    /// So everything between `://` and the last `@` of the URL counts as userinfo: no part of a password is
    /// ever shown, at the price of hiding the host of a URL whose path holds an `@` (`https://***@v1`).
    package static func redactURL(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return redactSCPLike(url) }
        let afterScheme = url[schemeEnd.upperBound...]
        guard let at = afterScheme.lastIndex(of: "@") else { return url }
        let userinfo = afterScheme[..<at]
        if userinfo == "git" || userinfo.isEmpty { return url }
        return String(url[..<schemeEnd.upperBound]) + "***" + String(url[at...])
    }

    /// scp-like `user:secret@host:path` (a `:` before any `@` or `/`, then an `@` followed by a `:`) → `***@host:path`,
    /// up to the last `@` (a password may hold one); anything else is returned as it is.
    static func redactSCPLike(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), colon != url.startIndex,
            !url[..<colon].contains(where: { $0 == "/" || $0 == "@" }),
            let firstAt = url[colon...].firstIndex(of: "@"), url[firstAt...].dropFirst().contains(":"),
            let at = url.lastIndex(of: "@")
        else { return url }
        return "***" + String(url[at...])
    }

    /// Redacts every URL-looking word in free text (error messages from libgit2, servers): URLs with a scheme,
    /// then scp-like words.
    package static func redactText(_ text: String) -> String {
        guard text.contains("@") else { return text }
        let withScheme = replacing(#"[A-Za-z][A-Za-z0-9+.-]*://[^\s'"`<>]+"#, in: text, by: redactURL)
        return replacing(#"[^\s'"`<>()\[\]]*:[^\s'"`<>]*@[^\s'"`<>]*:[^\s'"`<>]*"#, in: withScheme) { word in
            word.contains("://") ? word : redactSCPLike(word)
        }
    }

    private static func replacing(_ pattern: String, in text: String, by redact: (String) -> String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        var result = text
        let ns = text as NSString
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).reversed() {
            let found = ns.substring(with: match.range)
            let redacted = redact(found)
            if redacted != found, let r = Range(match.range, in: result) {
                result.replaceSubrange(r, with: redacted)
            }
        }
        return result
    }
}
