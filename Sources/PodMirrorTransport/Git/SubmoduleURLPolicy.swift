import Foundation

/// The submodule URLs a pod's repository may name, as git >= 2.38.1 decides by default for a clone's
/// submodules (`protocol.allow`, CVE-2022-39253, CVE-2017-1000117): https, http, ssh and git; `file://` only
/// when the parent repository is itself local; never a local path, another transport (`ext::`, `fd::`, …) or
/// anything git or ssh would read as an option (a URL, host or path starting with `-`).
enum SubmoduleURLPolicy {
    /// Why a submodule URL is refused.
    enum Refusal: String, Sendable {
        case local, file, option, scheme

        /// The catalog message naming the pod's URL, the submodule and its URL.
        var messageKey: String {
            switch self {
            case .local: "pods.git.submodule-url.local"
            case .file: "pods.git.submodule-url.file"
            case .option: "pods.git.submodule-url.option"
            case .scheme: "pods.git.submodule-url.scheme"
            }
        }
    }

    static let allowedSchemes: Set<String> = ["https", "http", "ssh", "git", "git+ssh", "ssh+git"]

    /// Why `url` (a submodule's URL, relative ones already resolved against the parent) is refused, or nil.
    static func refusal(_ url: String, parentIsLocal: Bool) -> Refusal? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("-") { return .option }
        if let r = trimmed.range(of: "://") {
            let scheme = trimmed[..<r.lowerBound].lowercased()
            if scheme == "file" { return parentIsLocal ? nil : .file }
            guard allowedSchemes.contains(scheme) else { return .scheme }
            var rest = trimmed[r.upperBound...]
            if let at = rest.firstIndex(of: "@"), !rest[..<at].contains("/") { rest = rest[rest.index(after: at)...] }
            let path = rest.drop { $0 != "/" }.dropFirst()
            return rest.hasPrefix("-") || path.hasPrefix("-") ? .option : nil
        }
        if trimmed.contains("::") { return .scheme }
        // scp-like `[user@]host:path`: ssh.
        if let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex, !trimmed[..<colon].contains("/") {
            var host = trimmed[..<colon]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            let path = trimmed[trimmed.index(after: colon)...]
            return host.hasPrefix("-") || path.hasPrefix("-") ? .option : nil
        }
        return .local
    }

    /// True when `url` names a repository on this machine (a path or `file://`).
    static func isLocal(_ url: String) -> Bool {
        let r = refusal(url, parentIsLocal: true)
        return r == .local || url.lowercased().hasPrefix("file://")
    }
}
