import Foundation

/// Removes credentials from URLs before they are printed, logged or put in JSON.
public enum Redaction {
    /// `https://user:secret@host/x` → `https://***@host/x`; `https://token@host` → `https://***@host`.
    /// scp-like `git@host:path` is kept: `git` is a user name, not a secret.
    public static func redactURL(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let afterScheme = url[schemeEnd.upperBound...]
        let authorityEnd =
            afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return url }
        let userinfo = authority[..<at]
        if userinfo == "git" || userinfo.isEmpty { return url }
        return String(url[..<schemeEnd.upperBound]) + "***" + String(url[at...])
    }

    /// Redacts every URL-looking word in free text (error messages from libgit2, servers).
    public static func redactText(_ text: String) -> String {
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
