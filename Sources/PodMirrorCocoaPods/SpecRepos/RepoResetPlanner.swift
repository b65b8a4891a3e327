import Foundation
import PodMirrorFoundation

/// Plans `repo reset [--name NAME]`: back to the official GitHub Specs repo (CocoaPods names its clone
/// `cocoapods`), as `repo use` of that URL.
public struct RepoResetPlanner: Sendable {
    public var shared: RepoPlannerContext

    public init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// The plan.
    public func plan(name: String?) throws -> Plan {
        try RepoUsePlanner(shared).plan(url: SpecRepoNaming.officialGitURL, name: name, title: "repo reset")
    }
}
