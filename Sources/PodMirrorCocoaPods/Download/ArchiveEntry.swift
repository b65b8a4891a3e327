import Foundation

/// One member of a tar or zip archive, as listed before anything is extracted.
package struct ArchiveEntry: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case file, directory, symlink, hardlink, device, fifo
    }

    /// The member name as stored.
    package var path: String
    package var kind: Kind
    /// Symlink target, or the member a hard link names.
    var linkTarget: String?
    /// The member's modification time, as `tar xf` and `unzip` restore it (nil: the time of extraction).
    package var modified: Date?

    package init(path: String, kind: Kind, linkTarget: String? = nil, modified: Date? = nil) {
        self.path = path
        self.kind = kind
        self.linkTarget = linkTarget
        self.modified = modified
    }
}

/// Why an archive member (or a path of a pod's tree) is refused, and the by-name check of a link's target.
enum ArchiveSafety {
    /// Why a member is refused.
    enum Problem: String, Sendable {
        case absolutePath = "absolute-path"
        case parentReference = "parent-reference"
        case linkOutside = "link-outside"
        case throughLink = "through-link"
        case device
        /// A FIFO, socket or other special file.
        case special
        /// A name already written (or clashing with one: a file where a folder is needed).
        case duplicate
        /// A hard link that names no regular file written before it.
        case hardlink
        /// An empty name, or one holding NUL.
        case badName = "bad-name"

        /// The catalog message naming the member and the URL.
        var messageKey: String {
            switch self {
            case .absolutePath: "pods.http.unsafe-entry.absolute-path"
            case .parentReference: "pods.http.unsafe-entry.parent-reference"
            case .linkOutside: "pods.http.unsafe-entry.link-outside"
            case .throughLink: "pods.http.unsafe-entry.through-link"
            case .device: "pods.http.unsafe-entry.device"
            case .special: "pods.http.unsafe-entry.special"
            case .duplicate: "pods.http.unsafe-entry.duplicate"
            case .hardlink: "pods.http.unsafe-entry.hardlink"
            case .badName: "pods.http.unsafe-entry.bad-name"
            }
        }
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
