import Foundation

/// What a change's `commit` throws when the plan succeeded but cleaning up after it failed: what it kept aside
/// (the `Pods/` that `deintegrate` removes or `reinstall` replaces) is still there. The plan stays a success;
/// `PlanRunner` reports a `leftover.kept` warning and the change's `leftover` detail, and the next run removes
/// the path as a leftover.
package struct LeftoverKept: Error, Sendable {
    package var path: String
    /// Why it could not be removed, in English (the file system's words).
    package var cause: String

    package init(path: String, cause: String) {
        self.path = path
        self.cause = cause
    }

    /// Removes `path` with `fs`, throwing `LeftoverKept` when that fails.
    package static func remove(_ path: String, fileSystem fs: any FileSystem) throws(LeftoverKept) {
        do { try fs.removeItem(path) } catch {
            throw LeftoverKept(path: path, cause: (error as? any PodMirrorError)?.message ?? "\(error)")
        }
    }

    var warning: Diagnostic {
        Diagnostic(.warning, code: .leftoverKept, Message("leftovers.kept", ["path": path, "error": cause]))
    }
}
