internal import CLibgit2
import Foundation

extension GitRepository {
    /// Lets this handle read another repository's objects too (in memory only; nothing is written).
    package func borrowObjects(from other: GitRepository) throws {
        var odb: OpaquePointer?
        try check(git_repository_odb(&odb, pointer), "open the objects of", path)
        defer { git_odb_free(odb) }
        try check(git_odb_add_disk_alternate(odb, other.gitDirectory + "/objects"), "read the objects of", other.path)
    }
}

/// Whether two local repositories share history (a common ancestor), decided without any network.
package enum GitHistory {
    /// True when HEAD of `a` and HEAD of `b` have a merge base.
    package static func shareHistory(_ a: String, _ b: String) -> Bool {
        guard let ra = try? GitRepository.open(a), let rb = try? GitRepository.open(b),
            let ha = ra.headOID, let hb = rb.headOID
        else { return false }
        if ha == hb { return true }
        guard (try? ra.borrowObjects(from: rb)) != nil else { return false }
        return ra.mergeBase(ha, hb) != nil
    }
}
