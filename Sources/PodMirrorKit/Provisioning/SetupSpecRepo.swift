import Foundation

/// The spec-repo steps of `setup`, delegated to the SpecRepos area.
struct SetupSpecRepo {
    var service: SpecRepoService

    init(environment: RuntimeEnvironment, network: NetworkSettings) {
        service = SpecRepoService(repos: ReposDirectory(environment: environment), network: network)
    }

    /// `repo use` for the mirror.
    func usePlan(_ mirror: Mirror, name: String?) throws -> Plan {
        try service.usePlan(url: mirror.url, name: name, title: "spec repo")
    }

    /// Removes `repos/trunk` when it is there, so locked pods are resolved from the mirror.
    func removeTrunkPlan() throws -> Plan {
        let trunk = service.repos.repoPath("trunk")
        guard FileManager.default.fileExists(atPath: trunk) else {
            return Plan(title: "remove trunk", changes: [.satisfied(
                id: "repo.remove:trunk", kind: .specRepoRemove, subject: "trunk",
                summary: "no trunk repo in \(service.repos.path)")])
        }
        return try service.removePlan(name: "trunk")
    }
}
