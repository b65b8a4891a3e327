import Foundation

extension Plan {
    /// Adds one change removing what killed runs left beside `paths` (`TempName.stale`: temporary files of
    /// atomic writes, a half-deleted `Pods/`), when there is any. It runs last (it cannot be undone, and
    /// nothing depends on it); `--check` counts it as drift, so the next run of the command cleans up.
    /// `except`: a leftover another change of the plan takes care of.
    package mutating func removingLeftovers(
        beside paths: [String], except: String? = nil, fileSystem fs: any FileSystem
    ) {
        let stale = paths.flatMap { TempName.stale(beside: $0, fileSystem: fs) }.filter { $0 != except }
        guard !stale.isEmpty else { return }
        let message = Message(
            "leftovers.remove", ["count": String(stale.count), "paths": stale.joined(separator: ", ")])
        changes.append(
            Change(
                id: "leftovers.remove:\(stale[0])", kind: .leftoverRemove, subject: stale[0], summary: message.english,
                details: LeftoversFacts(paths: stale), isNeeded: true,
                apply: { _ in
                    // A leftover another run already removed is fine.
                    for path in stale where fs.fileExists(path) { try fs.removeItem(path) }
                    return nil
                }
            ).said(message))
    }
}

/// What killed runs left beside a file, to remove.
struct LeftoversFacts: ChangeFacts {
    var paths: [String]
}
