import Foundation
import PodMirrorFoundation

/// The transports podmirror lets libgit2 use. `ext::`/`fd::` (run commands, use descriptors) and any
/// unknown scheme are refused before libgit2 sees the URL.
package enum GitURL {
    static let allowedSchemes: Set<String> = ["https", "http", "ssh", "git", "file", "git+ssh", "ssh+git"]

    /// Throws unless the URL is http(s), ssh (incl. scp-like `user@host:path`), git://, file:// or a path.
    package static func validate(_ url: String) throws {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        func refuse(_ why: Message) -> GitError {
            GitError(.unsupportedTransport, operation: "use URL", subject: url, cause: why)
        }
        if trimmed.isEmpty { throw refuse(Message("git.cause.empty-url")) }
        if trimmed.contains("::") && !trimmed.contains("://") {
            throw refuse(Message("git.cause.transport", ["transport": trimmed.components(separatedBy: "::")[0] + "::"]))
        }
        if let r = trimmed.range(of: "://") {
            let scheme = trimmed[..<r.lowerBound].lowercased()
            if !allowedSchemes.contains(scheme) {
                throw refuse(Message("git.cause.transport", ["transport": String(scheme)]))
            }
            // A network URL names a host (`http://` alone is a usage error, not a network one).
            let host = trimmed[r.upperBound...].prefix { $0 != "/" }.split(separator: "@").last ?? ""
            if scheme != "file", host.isEmpty {
                throw refuse(Message("git.cause.no-host", ["url": Redaction.redactURL(trimmed)]))
            }
            return
        }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("./") || trimmed.hasPrefix("../") { return }
        // scp-like: [user@]host:path, host without '/' before the ':'.
        if let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains("/"), colon != trimmed.startIndex {
            return
        }
        throw refuse(Message("git.cause.not-a-url", ["url": trimmed]))
    }

    /// For a path or `file://` URL, throws unless the folder exists (libgit2 would call a missing one an
    /// "unsupported URL protocol").
    package static func checkLocalPath(_ url: String, fileSystem: FileSystem) throws {
        guard let path = localPath(url), !fileSystem.fileExists(path) else { return }
        throw GitError(
            .repository, operation: "open", subject: url, cause: Message("git.cause.no-path", ["path": path]))
    }

    /// The folder a path or `file://` URL names; nil for any other URL.
    static func localPath(_ url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("file://") {
            let path = String(trimmed.dropFirst("file://".count))
            return path.removingPercentEncoding ?? path
        }
        return trimmed.hasPrefix("/") || trimmed.hasPrefix("./") || trimmed.hasPrefix("../") ? trimmed : nil
    }

    /// Why a transfer of `url` cannot start when `rule` (git's insteadOf) sends it to `connect`, a local path that
    /// does not exist: naming the path and the rule (libgit2 says only "unsupported URL protocol"). Nil when there
    /// is no rule, or the rewrite is no local path or exists. The path is libgit2's to open: looked up on the disk.
    package static func missingRewrittenPath(
        _ url: String, connect: String, rule: InsteadOfRule?, fileSystem: FileSystem = LocalFileSystem()
    ) -> Message? {
        guard let rule, connect != url, let path = localPath(connect), !fileSystem.fileExists(path) else { return nil }
        return Message(
            "git.cause.rewritten-no-path",
            ["path": path, "base": Redaction.redactURL(rule.base), "prefix": Redaction.redactURL(rule.insteadOf)])
    }

    /// Throws the `missingRewrittenPath` failure of a transfer (`operation`, `subject`), when there is one.
    static func checkRewrite(
        _ url: String, connect: String, rule: InsteadOfRule?, operation: String, subject: String
    ) throws {
        guard let why = missingRewrittenPath(url, connect: connect, rule: rule) else { return }
        throw GitError(.repository, operation: operation, subject: subject, cause: why)
    }
}
