import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The plan that makes CocoaPods' own `trunk` whole from a git Specs mirror (`setup --strategy trunk`), or brings a
/// trunk podmirror made to the mirror's tip. Podfiles and Podfile.lock are never touched: CocoaPods reads
/// `repos/trunk` without a request while every file it needs is there.
///
/// Whether a made trunk is behind is asked of the mirror (its refs, one request) when the plan is made, so a dry run
/// and `--check` say the same as an apply.
package struct TrunkPlanner: Sendable {
    package var shared: RepoPlannerContext

    package init(_ shared: RepoPlannerContext) { self.shared = shared }

    /// `seed`: a git bundle a new trunk's objects come from (ignored once podmirror made trunk: it then fetches).
    /// `tips` remembers the mirror's answer for the plans of one job (a preflight and the plan under the lock).
    package func plan(
        url: String, seed: String? = nil, title: String = "trunk", tips: RemoteTips = RemoteTips()
    ) throws -> Plan {
        try GitURL.validate(url)
        let state = TrunkState.read(shared.repos)
        let shown = Redaction.redactURL(url)
        var details = TrunkPlanFacts(url: shown, path: state.path, trunk: state)
        let message: Message
        var isNeeded = true
        switch state.origin {
        case .absent where seed != nil:
            message = Message(
                "trunk.plan.seed", ["url": shown, "path": state.path, "bundle": Redaction.redactURL(seed ?? "")])
        case .absent:
            message = Message("trunk.plan.build", ["url": shown, "path": state.path])
        case .cocoaPods:
            message = Message("trunk.plan.merge", ["url": shown, "path": state.path])
        case .podmirror:
            let tip = try tips.tip(url, branch: state.branch) { try remoteTip(url, branch: state.branch) }
            details.tip = .some(tip)
            if state.url != url {
                message = Message(
                    "trunk.plan.switch", ["url": shown, "old": state.displayURL ?? "", "path": state.path])
            } else if state.pending != nil || tip != state.commit {
                message = Message(
                    "trunk.plan.update",
                    [
                        "url": shown, "from": String((state.commit ?? "").prefix(12)),
                        "to": String((tip ?? "").prefix(12)),
                    ])
            } else {
                isNeeded = false
                message = Message(
                    "trunk.plan.current",
                    ["url": shown, "commit": String((state.commit ?? "").prefix(12)), "path": state.path])
            }
        }
        let repos = shared.repos
        let shared = self.shared
        var change = Change(
            id: "trunk:\(state.path)", kind: .specRepoTrunk, subject: "trunk", summary: message.english,
            details: details, isNeeded: isNeeded,
            apply: { context in
                var builder = TrunkBuilder(repos: repos, url: url, options: shared.transfer(context))
                builder.seed = seed.map {
                    SpecBundleImporter(
                        shared: shared, request: SpecBundleImportRequest(source: $0, origin: url), name: "trunk",
                        context: context)
                }
                let now = TrunkState.read(repos)
                let outcome = try now.origin == .podmirror ? builder.update(now) : builder.build()
                return outcome
            })
        change.message = message
        return Plan(title: title, changes: [change])
    }

    /// The commit the mirror's branch `branch` (nil: its HEAD) points at; nil when it has no such branch.
    private func remoteTip(_ url: String, branch: String?) throws -> String? {
        // Planning has no apply context: the run's network settings, no progress and a cancellation of its own.
        let refs = try GitTransfer.listRemote(url: url, options: shared.transfer(ApplyContext()))
        let name = branch.map { "refs/heads/\($0)" } ?? refs.first { $0.name == "HEAD" }?.symrefTarget
        return refs.first { $0.name == name }?.oid
    }
}

/// The commits mirrors' branches point at, asked once per job: a request to a far mirror costs a round trip.
package final class RemoteTips: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    package init() {}

    func tip(_ url: String, branch: String?, ask: () throws -> String?) throws -> String? {
        let key = url + "\u{0}" + (branch ?? "")
        lock.lock()
        if let tip = known[key] {
            lock.unlock()
            return tip
        }
        lock.unlock()
        let tip = try ask()
        lock.lock()
        known[key] = tip
        lock.unlock()
        return tip
    }
}
