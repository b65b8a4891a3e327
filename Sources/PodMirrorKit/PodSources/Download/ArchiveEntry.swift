import Foundation

/// One member of a tar or zip archive, as listed before anything is extracted.
public struct ArchiveEntry: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case file, directory, symlink, hardlink, device, fifo
    }

    /// The member name as stored.
    public var path: String
    public var kind: Kind
    /// Symlink target, or the member a hard link names.
    public var linkTarget: String?

    public init(path: String, kind: Kind, linkTarget: String? = nil) {
        self.path = path
        self.kind = kind
        self.linkTarget = linkTarget
    }
}

/// The rules an archive must pass before it is extracted: every member lands inside the destination.
public enum ArchiveSafety {
    /// Why a member is refused.
    public enum Problem: String, Sendable {
        case absolutePath = "absolute-path"
        case parentReference = "parent-reference"
        case linkOutside = "link-outside"
        case throughLink = "through-link"
        case device

        /// The catalog message naming the member and the URL.
        var messageKey: String {
            switch self {
            case .absolutePath: "pods.http.unsafe-entry.absolute-path"
            case .parentReference: "pods.http.unsafe-entry.parent-reference"
            case .linkOutside: "pods.http.unsafe-entry.link-outside"
            case .throughLink: "pods.http.unsafe-entry.through-link"
            case .device: "pods.http.unsafe-entry.device"
            }
        }
    }

    /// The first member that would land outside the destination (or is a device node), with the reason.
    public static func firstProblem(in entries: [ArchiveEntry]) -> (ArchiveEntry, Problem)? {
        var links = Set<[String]>()
        for e in entries where e.kind == .symlink { links.insert(components(e.path)) }
        for e in entries {
            if e.path.hasPrefix("/") { return (e, .absolutePath) }
            let parts = components(e.path)
            if parts.contains("..") { return (e, .parentReference) }
            if e.kind == .device { return (e, .device) }
            // A member below a symlink member would be written wherever that link points.
            if parts.count > 1, (1..<parts.count).contains(where: { links.contains(Array(parts[0..<$0])) }) {
                return (e, .throughLink)
            }
            switch e.kind {
            case .symlink:
                guard let target = e.linkTarget, !target.isEmpty, !target.hasPrefix("/"),
                    resolvesInside(target, from: Array(parts.dropLast()))
                else { return (e, .linkOutside) }
            case .hardlink:
                guard let target = e.linkTarget, !target.hasPrefix("/"), !components(target).contains("..") else {
                    return (e, .linkOutside)
                }
            default: break
            }
        }
        return nil
    }

    /// Path components without empty ones and `.` (`./a//b/` → `[a, b]`).
    static func components(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    /// True when `target`, read relative to the folder `base` (components below the root), stays below
    /// the root when resolved by name alone.
    static func resolvesInside(_ target: String, from base: [String]) -> Bool {
        var stack = base
        for c in target.split(separator: "/") where c != "." {
            if c == ".." {
                if stack.isEmpty { return false }
                stack.removeLast()
            } else {
                stack.append(String(c))
            }
        }
        return true
    }
}
