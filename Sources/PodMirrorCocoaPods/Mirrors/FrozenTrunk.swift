import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// CocoaPods trunk is read-only from 2026-12-02: the Specs repo ends at one final commit, the catalog's
/// `finalTrunkCommit` once known. A mirror at it is complete; a local copy at it is complete forever.
package enum FrozenTrunk {
    /// With the final commit known it is the reference: a healthy Specs git mirror not at it is stale.
    static func judge(_ results: inout [MirrorProbe.Result], final: String) {
        for i in results.indices where results[i].kind == .specsGit && results[i].healthy {
            guard let head = results[i].head else { continue }
            let reached = head == final
            results[i].reachedFinalCommit = reached
            if !reached {
                results[i].stale = true
                results[i].setProblem(
                    Message(
                        "freeze.mirror.not-final", ["head": String(head.prefix(12)), "final": String(final.prefix(12))])
                )
            }
        }
    }
}
