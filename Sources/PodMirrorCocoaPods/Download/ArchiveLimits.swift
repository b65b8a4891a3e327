import Foundation
import PodMirrorFoundation

/// How large a downloaded pod archive may be, and how much it may expand to: the bounds that stop an
/// archive bomb. The defaults fit the largest real pods (binary frameworks of a few hundred MB).
package struct ArchiveLimits: Sendable, Equatable {
    /// Which bound an archive broke.
    package enum Bound: String, Sendable {
        case archiveBytes = "archive-bytes"
        case entries
        case expandedBytes = "expanded-bytes"
        case ratio

        /// The catalog message naming the URL and the bound's value.
        var messageKey: String {
            switch self {
            case .archiveBytes: "pods.http.archive-limit.archive-bytes"
            case .entries: "pods.http.archive-limit.entries"
            case .expandedBytes: "pods.http.archive-limit.expanded-bytes"
            case .ratio: "pods.http.archive-limit.ratio"
            }
        }
    }

    /// Bytes the downloaded archive may have.
    var maxArchiveBytes: Int64
    /// Members (files, folders, links) it may hold.
    var maxEntries: Int
    /// Bytes its files may expand to, all together.
    var maxExpandedBytes: Int64
    /// Expanded bytes per archive byte, checked once more than `ratioFloor` bytes are expanded.
    var maxRatio: Int64

    /// Below this many expanded bytes the ratio is not checked (a small file of zeros is not a bomb).
    static let ratioFloor: Int64 = 16 << 20

    package static let `default` = ArchiveLimits(
        maxArchiveBytes: 2 << 30, maxEntries: 200_000, maxExpandedBytes: 8 << 30, maxRatio: 200)

    package init(maxArchiveBytes: Int64, maxEntries: Int, maxExpandedBytes: Int64, maxRatio: Int64) {
        self.maxArchiveBytes = maxArchiveBytes
        self.maxEntries = maxEntries
        self.maxExpandedBytes = maxExpandedBytes
        self.maxRatio = maxRatio
    }

    /// The environment variable that sets each bound.
    package static let variables: [(Bound, String)] = [
        (.archiveBytes, "PODMIRROR_ARCHIVE_MAX_BYTES"), (.entries, "PODMIRROR_ARCHIVE_MAX_ENTRIES"),
        (.expandedBytes, "PODMIRROR_ARCHIVE_MAX_EXPANDED_BYTES"), (.ratio, "PODMIRROR_ARCHIVE_MAX_RATIO"),
    ]

    /// The defaults with each bound its variable sets (a positive whole number); anything else is a usage error
    /// naming the variable and the value.
    package static func resolve(environment: [String: String]) throws -> ArchiveLimits {
        var limits = ArchiveLimits.default
        for (bound, name) in variables {
            guard let text = environment[name], !text.isEmpty else { continue }
            guard let value = Int64(text), value > 0 else {
                throw PodMirrorFailure(
                    Message("pods.archive-limit.bad-value", ["variable": name, "value": text]), code: .usage)
            }
            switch bound {
            case .archiveBytes: limits.maxArchiveBytes = value
            case .entries: limits.maxEntries = Int(clamping: value)
            case .expandedBytes: limits.maxExpandedBytes = value
            case .ratio: limits.maxRatio = value
            }
        }
        return limits
    }

    /// The bound's value.
    package func value(of bound: Bound) -> Int64 {
        switch bound {
        case .archiveBytes: maxArchiveBytes
        case .entries: Int64(maxEntries)
        case .expandedBytes: maxExpandedBytes
        case .ratio: maxRatio
        }
    }
}
