import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// What every `repo` verb's planner shares: the repos directory (and through it the journal of unfinished
/// changes) and the run's network settings, whole: its transfers' options and the wait for `Spec_Lock`.
package struct RepoPlannerContext: Sendable {
    package var repos: ReposDirectory
    /// Every transfer's stall timeout, minimum rate, proxy and insteadOf rules, and the `Spec_Lock` wait.
    package var network: NetworkSettings

    /// Planners whose transfers and lock follow `network`.
    package init(repos: ReposDirectory, network: NetworkSettings) {
        self.repos = repos
        self.network = network
    }

    /// Planners that reach no server (`repo export`): the default lock wait and timeouts, no insteadOf rule.
    package init(repos: ReposDirectory) {
        self.init(repos: repos, network: NetworkSettings(urlRewrite: SourceMirrorRules(rules: [])))
    }

    /// The options of a transfer run in `context`: `network` with the context's progress and cancellation.
    func transfer(_ context: ApplyContext) -> TransferOptions {
        TransferOptions(network: network, progress: context.progress, cancellation: context.cancellation)
    }

    /// The lock every repo plan needs while it is made and applied.
    var specLock: SpecLockRequirement { SpecLockRequirement(repos: repos, timeout: network.lockTimeout) }

    /// A job whose plan changes spec repos: made and applied under `Spec_Lock`.
    /// A dry run or check also reports the changes a killed podmirror left half-done (applying finished
    /// them when it took the lock).
    package func job(purpose: String, _ makePlan: @escaping (ApplyContext) throws -> Plan) -> PlanJob {
        let repos = self.repos
        return PlanJob(purpose: purpose, lock: specLock) { context in
            var plan = try makePlan(context)
            plan.changes.insert(
                contentsOf: repos.unfinishedChanges().map { repos.finishChange($0.repo, $0.journal) }, at: 0)
            return plan
        }
    }

    /// Plans and runs under `Spec_Lock` when applying (dry run and check only read, without the lock).
    package func perform(
        mode: RunMode, context: ApplyContext, purpose: String,
        _ makePlan: () throws -> Plan
    ) throws -> PlanReport {
        try withoutActuallyEscaping(makePlan) { makePlan in
            try PlanRunner(context: context).run(job(purpose: purpose) { _ in try makePlan() }, mode: mode)
        }
    }
}

extension ReposDirectory {
    /// The repos named on the command line, each of which must exist; `.`, `..` and hidden folders
    /// (podmirror's staging) are never repos.
    func existingRepos(_ names: [String]) throws -> [SpecRepo] {
        try names.map { name in
            guard !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), fileSystem.fileExists(repoPath(name))
            else {
                throw PodMirrorFailure.notFound(name, in: path)
            }
            return SpecRepo.read(name: name, in: self)
        }
    }
}
