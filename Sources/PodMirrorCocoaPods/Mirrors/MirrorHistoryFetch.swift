import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// `mirror test`: learns how Specs mirrors' HEADs relate when no local repo holds them all. A ref advertisement
/// gives only commit ids, so the history comes through the protocol, with libgit2: each HEAD that no local git
/// spec repo holds is fetched (the ref the mirror advertises it on) into a scratch bare repo that borrows the
/// local repos' objects (git alternates) and names their HEADs as refs. The negotiation offers those as commits
/// it has, so a mirror sends only the commits (with their trees and podspecs) the local repos lack. HEADs are
/// fetched one after another, fastest mirror first; a HEAD the scratch repo holds already (a mirror behind one
/// fetched before) is not fetched at all. The scratch repo is then one more repo `LocalCommitHistory` asks.
///
/// Bounded, as a probe must be: the fetches stop after `byteBudget` bytes received in all (checked as libgit2
/// reports progress, every tenth of a second) or `seconds` in all, and the HEADs not fetched stay unknown.
/// No shallow fetch (libgit2 1.7+): a shallow fetch brings every file of its oldest commit, the whole Specs
/// tree (hundreds of MB), where the local repos' haves bring only what changed since them.
package struct MirrorHistoryFetch: Sendable {
    /// Bytes the fetches may receive in all.
    var byteBudget: Int
    /// Seconds the fetches may take in all.
    package var seconds: Double
    /// Where the scratch repo is made (and removed).
    var scratchFolder = NSTemporaryDirectory()

    /// 32 MiB: a few weeks of Specs commits on top of a local repo; never a whole Specs history (gigabytes).
    package static let defaultByteBudget = 32 << 20

    package init(byteBudget: Int = MirrorHistoryFetch.defaultByteBudget, seconds: Double) {
        self.byteBudget = byteBudget
        self.seconds = seconds
    }

    /// A mirror HEAD to learn: the mirror's URL, the ref it advertises HEAD on, and the commit.
    struct Tip: Sendable, Equatable {
        var url: String
        var ref: String
        var head: String
    }

    /// Why some HEAD's history was not learned.
    enum Shortfall: Sendable, Equatable {
        /// The fetches reached `byteBudget` or `seconds`.
        case overBudget(bytes: Int, seconds: Double)
        /// A mirror's fetch failed.
        case failed(url: String, cause: String)
    }

    /// What the fetches learned: the history to rank by (the local repos, then the scratch repo) and, when a
    /// HEAD could not be fetched, why. `remove()` deletes the scratch repo.
    package struct Outcome: Sendable {
        package var history: LocalCommitHistory
        var shortfall: Shortfall?
        var scratch: String?

        /// Deletes the scratch repo.
        package func remove() {
            if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
        }
    }

    /// Fetches the `tips` (fastest mirror first) that `local` cannot relate to each other; `options` carry the
    /// probe's stall timeout, proxy, insteadOf rules and cancellation.
    func learn(_ tips: [Tip], local: LocalCommitHistory, options: TransferOptions) -> Outcome {
        let heads = tips.map(\.head).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let related = heads.allSatisfy { a in heads.allSatisfy { b in a == b || local.aheadBehind(a, b) != nil } }
        guard heads.count > 1, !related else { return Outcome(history: local) }
        let scratch = (scratchFolder as NSString).appendingPathComponent(
            "podmirror-history-\(UUID().uuidString.prefix(8))")
        var outcome = Outcome(history: LocalCommitHistory(paths: local.paths + [scratch]), scratch: scratch)
        do {
            try prepare(scratch, local: local)
            let repo = try GitRepository.open(scratch)
            let budget = FetchBudget(bytes: byteBudget, seconds: seconds, parent: options.cancellation)
            defer { budget.finish() }
            var transfer = options
            transfer.cancellation = budget.token
            transfer.progress = budget
            for (n, tip) in tips.enumerated() where !repo.hasCommit(tip.head) {
                guard !budget.exceeded else { break }
                do {
                    try GitTransfer.fetch(
                        url: tip.url, refspecs: ["+\(tip.ref):refs/mirrors/\(n)"], into: repo, options: transfer)
                } catch {
                    if options.cancellation.isCancelled || budget.exceeded { break }
                    outcome.shortfall = .failed(url: Redaction.redactURL(tip.url), cause: Self.cause(error))
                }
                budget.fetchEnded()
            }
            if budget.exceeded, !options.cancellation.isCancelled {
                outcome.shortfall = .overBudget(bytes: byteBudget, seconds: seconds)
            }
        } catch {
            outcome.shortfall = .failed(url: scratch, cause: Self.cause(error))
        }
        return outcome
    }

    /// The scratch bare repo: the local repos' objects as alternates, their HEADs as refs (the haves).
    func prepare(_ scratch: String, local: LocalCommitHistory) throws {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let repo = try GitRepository.initialize(scratch, bare: true)
        for path in local.paths { try? repo.addAlternate(objectsOf: path) }
        let reopened = try GitRepository.open(scratch)
        for (i, path) in local.paths.enumerated() {
            guard let head = (try? GitRepository.open(path))?.headOID, reopened.hasCommit(head) else { continue }
            try reopened.setReference("refs/haves/\(i)", to: head, message: "mirror test: a local repo's HEAD")
        }
    }

    static func cause(_ error: any Error) -> String {
        (error as? GitError)?.cause ?? Redaction.redactText("\(error)")
    }
}

/// The bytes and seconds the fetches may still use: cancels `token` (the transfers' cancellation) when either
/// runs out, or when the probe itself is cancelled.
// @unchecked: `received`, `earlier` and `done` are read and written under `lock`.
private final class FetchBudget: ProgressReporter, @unchecked Sendable {
    let token = CancellationToken()
    private let bytes: Int
    private let lock = NSLock()
    private var earlier = 0
    private var received = 0
    private var done = false
    private var overrun = false

    init(bytes: Int, seconds: Double, parent: CancellationToken) {
        self.bytes = bytes
        let deadline = Date().addingTimeInterval(seconds)
        Thread { [self] in
            while !self.isDone {
                if parent.isCancelled {
                    self.token.cancel()
                } else if Date() >= deadline {
                    self.stop()
                }
                usleep(50_000)
            }
        }.start()
    }

    private var isDone: Bool { lock.lock(); defer { lock.unlock() }; return done }

    /// True once the bytes or the time ran out.
    var exceeded: Bool { lock.lock(); defer { lock.unlock() }; return overrun }

    private func stop() {
        lock.lock(); overrun = true; lock.unlock()
        token.cancel()
    }

    func report(_ event: ProgressEvent) {
        guard let now = event.bytes else { return }
        lock.lock()
        received = now
        let over = earlier + received > bytes
        lock.unlock()
        if over { stop() }
    }

    /// One fetch ended: its bytes count against the next ones.
    func fetchEnded() {
        lock.lock(); earlier += received; received = 0; lock.unlock()
    }

    func finish() {
        lock.lock(); done = true; lock.unlock()
    }
}
