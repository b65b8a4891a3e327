import Foundation
import PodMirrorFoundation

/// Plans `repo reset [--name NAME]`: back to the official GitHub Specs repo (CocoaPods names its clone
/// `cocoapods`), as `repo use` of that URL.
package struct RepoResetPlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// The plan.
    package func plan(name: String?) throws -> Plan {
        try RepoUsePlanner(shared).plan(url: SpecRepoNaming.officialGitURL, name: name, title: "repo reset")
    }
}
