import Foundation

/// The spec-repo steps of `setup`, delegated to the SpecRepos area.
struct SetupSpecRepo {
    var environment: RuntimeEnvironment
    var catalog: MirrorCatalog

    /// Change kinds that switch a spec repo to a mirror (verified before applying).
    static let switchingKinds: Set<String> = ["spec-repo-clone", "spec-repo-repoint"]

    func usePlan(_ mirror: Mirror, name: String?) throws -> Plan {
        throw SetupError("spec repos are not wired into setup yet", code: "setup.not-ready")
    }

    func removeTrunkPlan() throws -> Plan {
        throw SetupError("spec repos are not wired into setup yet", code: "setup.not-ready")
    }
}
