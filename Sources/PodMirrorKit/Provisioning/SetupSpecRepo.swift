import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

/// The spec-repo steps of `setup`, delegated to the SpecRepos area.
struct SetupSpecRepo {
    var shared: RepoPlannerContext

    init(environment: RuntimeEnvironment, network: NetworkSettings) {
        shared = RepoPlannerContext(repos: ReposDirectory(environment: environment), network: network)
    }

    /// `repo use` for the mirror; with `seed`, `repo import` of that bundle (the mirror as its origin)
    /// when the repos dir holds no git repo at all that `repo use` could take over. `origin` (default: the
    /// mirror's URL) is the URL the repo's `origin` gets.
    func usePlan(_ mirror: Mirror, name: String?, seed: String? = nil, origin: String? = nil) throws -> Plan {
        let origin = origin ?? mirror.url
        if let seed, !SpecRepo.all(in: shared.repos).contains(where: { $0.kind == .git }) {
            var plan = try RepoImportPlanner(shared).plan(
                SpecBundleImportRequest(source: seed, name: name, origin: origin))
            plan.title = "spec repo"
            return plan
        }
        return try RepoUsePlanner(shared).plan(url: origin, name: name, title: "spec repo")
    }

    /// CocoaPods' `trunk` made whole from the mirror, or brought to its tip (`--strategy trunk`).
    func trunkPlan(_ mirror: Mirror, seed: String?, tips: RemoteTips) throws -> Plan {
        try TrunkPlanner(shared).plan(url: mirror.url, seed: seed, title: "trunk", tips: tips)
    }

    /// Removes `repos/trunk` when it is there, so locked pods are resolved from the mirror.
    func removeTrunkPlan() throws -> Plan {
        let trunk = shared.repos.repoPath("trunk")
        guard shared.repos.fileSystem.fileExists(trunk) else {
            let none = Message("setup.trunk.absent", ["path": shared.repos.path])
            return Plan(
                title: "remove trunk",
                changes: [
                    Change.satisfied(
                        id: "repo.remove:trunk", kind: .specRepoRemove, subject: "trunk",
                        summary: none.english
                    ).said(none)
                ])
        }
        return try RepoRemovePlanner(shared).plan(name: "trunk")
    }
}
