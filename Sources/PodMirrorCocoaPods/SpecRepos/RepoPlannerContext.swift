import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// What every `repo` verb's planner shares: the repos directory (and through it the journal of unfinished
/// changes), the options of its transfers and the wait for `Spec_Lock`.
package struct RepoPlannerContext: Sendable {
    package var repos: ReposDirectory
    /// Seconds without data from a server before a transfer is aborted.
    package var stallTimeout: TimeInterval
    /// Seconds to wait for `Spec_Lock`.
    package var lockTimeout: TimeInterval
    /// The setting that decided `stallTimeout` and the proxy configuration (from `NetworkSettings`).
    package var stallTimeoutSetting = NetworkSettings.timeoutSettingNames
    package var proxy: ProxySettings?
    /// git's insteadOf rules every transfer follows (`NetworkSettings.urlRewrite`).
    package var urlRewrite: SourceMirrorRules?
    /// The slowest a transfer may go (`NetworkSettings.minimumRate`).
    package var minimumRate = MinimumRate.default

    package init(
        repos: ReposDirectory, stallTimeout: TimeInterval = TransferOptions.defaultStallTimeout,
        lockTimeout: TimeInterval = 60
    ) {
        self.repos = repos
        self.stallTimeout = stallTimeout
        self.lockTimeout = lockTimeout
    }

    /// Planners whose transfers and lock follow `network`.
    package init(repos: ReposDirectory, network: NetworkSettings) {
        self.init(repos: repos, stallTimeout: network.stallTimeout, lockTimeout: network.lockTimeout)
        stallTimeoutSetting = network.stallTimeoutSetting
        proxy = network.proxy
        urlRewrite = network.urlRewrite
        minimumRate = network.minimumRate
    }

    func transfer(_ context: ApplyContext) -> TransferOptions {
        TransferOptions(
            stallTimeout: stallTimeout, progress: context.progress, cancellation: context.cancellation,
            proxy: proxy, stallTimeoutSetting: stallTimeoutSetting, urlRewrite: urlRewrite, minimumRate: minimumRate)
    }

    /// The lock every repo plan needs while it is made and applied.
    package var specLock: SpecLockRequirement { SpecLockRequirement(repos: repos, timeout: lockTimeout) }

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
