import Foundation
import PodMirrorTransport

/// What the local git spec repos know about how two commits relate: `mirror test` compares the Specs
/// mirrors' HEAD commits by ancestry when a local repo holds both (the ref advertisement gives only ids).
package struct LocalCommitHistory: Sendable {
    /// The working trees of the git repos asked, in order.
    package var paths: [String]

    package init(paths: [String]) { self.paths = paths }

    /// How many commits `a` has that `b` lacks, and `b` has that `a` lacks, from the first repo that holds
    /// both; nil when none does (unknown).
    func aheadBehind(_ a: String, _ b: String) -> (ahead: Int, behind: Int)? {
        for path in paths {
            guard let repo = try? GitRepository.open(path), repo.hasCommit(a), repo.hasCommit(b) else { continue }
            if let counts = repo.aheadBehind(a, b) { return counts }
        }
        return nil
    }
}
