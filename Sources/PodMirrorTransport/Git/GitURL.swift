import Foundation
import PodMirrorFoundation

/// The transports podmirror lets libgit2 use. `ext::`/`fd::` (run commands, use descriptors) and any
/// unknown scheme are refused before libgit2 sees the URL.
package enum GitURL {
    package static let allowedSchemes: Set<String> = ["https", "http", "ssh", "git", "file", "git+ssh", "ssh+git"]

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
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        var path: String
        if trimmed.lowercased().hasPrefix("file://") {
            path = String(trimmed.dropFirst("file://".count))
            path = path.removingPercentEncoding ?? path
        } else if trimmed.hasPrefix("/") || trimmed.hasPrefix("./") || trimmed.hasPrefix("../") {
            path = trimmed
        } else {
            return
        }
        if !fileSystem.fileExists(path) {
            throw GitError(
                .repository, operation: "open", subject: url, cause: Message("git.cause.no-path", ["path": path]))
        }
    }
}
