import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// Health and speed of Specs and gem mirrors, probed in parallel with a timeout (`mirror test`).
///
/// - Specs git mirror: `GET <url>/info/refs?service=git-upload-pack` answers 200 with content type
///   `application/x-git-upload-pack-advertisement`; HEAD's commit is read from the advertisement and
///   compared across mirrors by ancestry: in the local repos (`history`), else fetched from the mirrors
///   (`historyFetch`, bounded). A HEAD that contains every other one is the newest. Else the official repo's
///   HEAD, or the most common one no other HEAD contains, is the reference; a HEAD that cannot be related to
///   it is `unknown`, said as such, and HEADs that diverged are said to have.
/// - Specs CDN: `GET <url>/CocoaPods-version.yml` answers 200 with a `last:` key (CocoaPods' CDN probe).
/// - Gem mirror: `GET <url>/specs.4.8.gz` answers 200 with gzip data (what `gem sources --add` and the
///   full index need); `HEAD <url>/versions` tells whether the compact index Bundler and current
///   RubyGems prefer is served. A redirect to plain http is a failure.
///
/// Specs git mirrors that are not http(s) (`file://`, `git://`, `ssh://`, scp-like) are probed through
/// libgit2's ls-remote; `verify` (setup's check before a switch) always uses libgit2, the path the clone
/// takes. Every request goes through the proxy git transfers use (`network`'s), git mirrors through its insteadOf
/// rules, and stops at `cancellation`.
package struct MirrorProbe: Sendable {
    /// The run's network settings: the proxies every request takes, and git's insteadOf rules
    /// (`SourceMirrorRules.load`), by which a git mirror is probed where a clone of it connects.
    package var network: NetworkSettings
    /// Seconds each probe may take.
    package var timeout: Double
    package var cancellation: CancellationToken
    /// The catalog's final trunk commit: when known, it is the reference every Specs mirror must reach.
    package var finalTrunkCommit: String?
    /// The local repos that relate mirror HEADs by ancestry; nil compares ids only.
    package var history: LocalCommitHistory?
    /// Fetches the HEADs `history` cannot relate from the mirrors (`mirror test`); nil fetches nothing.
    package var historyFetch: MirrorHistoryFetch?

    /// Probes through `network`, each bounded by `timeout` (by default `network.probeTimeout`).
    package init(
        network: NetworkSettings, timeout: Double? = nil, cancellation: CancellationToken = .init(),
        finalTrunkCommit: String? = nil
    ) {
        self.network = network
        self.timeout = timeout ?? network.probeTimeout
        self.cancellation = cancellation
        self.finalTrunkCommit = finalTrunkCommit
    }

    /// One mirror's result.
    package struct Result: Codable, Sendable, Equatable {
        package var name: String
        package var url: String
        package var kind: Mirror.Kind
        package var healthy: Bool
        /// Time of the main request, in seconds (nil when it got no answer).
        package var seconds: Double?
        /// Specs git mirrors: HEAD's commit.
        package var head: String?
        /// Specs git mirrors: HEAD is behind the reference commit, or diverged from it.
        package var stale: Bool
        /// Specs git mirrors whose HEADs differ: how this HEAD relates to the reference (nil when all agree).
        package var freshness: Freshness? = nil
        /// Specs git mirrors, when the final trunk commit is known: HEAD is it.
        var reachedFinalCommit: Bool?
        /// Gem mirrors: the compact index (`/versions`) answers.
        package var compactIndex: Bool?
        /// Why it is unhealthy (or a note for a healthy one), in English (JSON).
        package var problem: String?
        /// Rank among usable mirrors (1 = fastest healthy, up to date); nil when unusable.
        package var rank: Int?
        /// `problem` in the catalog, where podmirror words it itself (text output shows it localized).
        package var problemText: Message? = nil
        /// Specs git mirrors: the ref HEAD's commit was advertised on (what a fetch of it asks for).
        var headRef: String? = nil

        enum CodingKeys: String, CodingKey {
            case name, url, kind, healthy, seconds, head, stale, freshness, reachedFinalCommit, compactIndex, problem
            case rank
        }

        /// Healthy and not behind the others.
        package var usable: Bool { healthy && !stale }

        /// The name a person knows the mirror by: its catalog name, else its URL.
        package var shownName: String { name.isEmpty ? url : name }

        mutating func setProblem(_ message: Message) {
            problem = message.english
            problemText = message
        }
    }

    /// How a Specs mirror's HEAD relates to the reference HEAD, by ancestry in the local repos.
    package enum Freshness: String, Codable, Sendable, Equatable {
        /// It is the reference, which contains every other HEAD (mirrors serving the same HEAD are equals).
        case newest
        /// It contains the reference (a reference not proven newest: the official repo's, or the most common).
        case ahead
        /// The reference contains it: commits are missing.
        case behind
        /// Neither contains the other. The reference itself, when no HEAD contains every other one and some
        /// diverged from it (it stays usable: the official repo's HEAD, else the most common, else the fastest).
        case diverged
        /// Neither a local repo nor the bounded fetch relates the commits: whether it is behind or ahead is not
        /// known.
        case unknown
    }

    /// Probes all mirrors in parallel and ranks them: usable ones by speed, then stale, then broken.
    /// Returns as soon as `cancellation` fires, with the probes finished so far (the rest are abandoned);
    /// callers check the token.
    package func run(_ mirrors: [Mirror]) -> [Result] {
        let results = ProbeResults(count: mirrors.count)
        let group = DispatchGroup()
        // One thread per mirror: probes wait on the network, so a pool sized to the cores
        // (concurrentPerform) would run them two at a time on a 2-core machine.
        for i in mirrors.indices {
            group.enter()
            Thread(
                block: RunScope.carried {
                    let r = probe(mirrors[i])
                    results.set(i, r)
                    group.leave()
                }
            ).start()
        }
        while group.wait(timeout: .now() + 0.05) == .timedOut {
            if cancellation.isCancelled { break }
        }
        let probed = results.all
        guard let historyFetch, finalTrunkCommit == nil, !cancellation.isCancelled else {
            return Self.rank(probed.map(\.1), finalTrunkCommit: finalTrunkCommit, history: history)
        }
        // Fastest first: the fetches that follow offer what it brought as haves.
        let tips = probed.filter { $0.1.kind == .specsGit && $0.1.healthy }
            .sorted { ($0.1.seconds ?? .infinity) < ($1.1.seconds ?? .infinity) }
            .compactMap { i, r in
                r.head.map { MirrorHistoryFetch.Tip(url: mirrors[i].url, ref: r.headRef ?? "HEAD", head: $0) }
            }
        let learned = historyFetch.learn(
            tips, local: history ?? LocalCommitHistory(paths: []), options: transferOptions())
        defer { learned.remove() }
        return Self.rank(probed.map(\.1), history: learned.history, shortfall: learned.shortfall)
    }

    /// Probes one mirror and throws when it does not answer as a mirror of its kind should (for `setup`).
    @discardableResult
    package func verify(_ mirror: Mirror) throws -> Result {
        let r = mirror.kind == .specsGit ? probeThroughGit(mirror) : probe(mirror)
        if cancellation.isCancelled { throw InterruptedError() }
        guard r.healthy else {
            throw PodMirrorFailure(
                Message(
                    mirror.kind == .gems ? "mirror.error.unhealthy-gems" : "mirror.error.unhealthy-specs",
                    ["url": Redaction.redactURL(mirror.url), "problem": r.problem ?? "unknown problem"]),
                // A gem mirror is ranked by `mirror test --gems`; without it the hint would rank Specs mirrors.
                remedy: Message(
                    mirror.kind == .gems ? "mirror.error.unhealthy-gems.remedy" : "mirror.error.unhealthy.remedy"),
                code: .mirrorUnhealthy)
        }
        return r
    }

    static func rank(
        _ input: [Result], finalTrunkCommit: String? = nil, history: LocalCommitHistory? = nil,
        shortfall: MirrorHistoryFetch.Shortfall? = nil
    ) -> [Result] {
        var results = input
        if let final = finalTrunkCommit {
            FrozenTrunk.judge(&results, final: final)
        }
        let heads = results.filter { $0.kind == .specsGit && $0.healthy }.compactMap { r in r.head.map { (r, $0) } }
        let distinct = Set(heads.map(\.1))
        // Each pair once: every answer opens the repos again (a Specs repo's pack index is large).
        var known: [[String]: (ahead: Int, behind: Int)?] = [:]
        func relation(_ a: String, _ b: String) -> (ahead: Int, behind: Int)? {
            if let answer = known[[a, b]] { return answer }
            let answer = history?.aheadBehind(a, b)
            known[[a, b]] = answer
            return answer
        }
        // A HEAD the history shows to contain every other one is the newest; without one, the official repo's HEAD
        // is the reference, else the most common HEAD of those no other HEAD is known to contain (ties: fastest).
        let newest =
            distinct.count < 2
            ? nil
            : distinct.sorted().first { h in distinct.allSatisfy { $0 == h || relation(h, $0)?.behind == 0 } }
        let contained = distinct.filter { h in distinct.contains { $0 != h && relation($0, h)?.behind == 0 } }
        let candidates = heads.filter { !contained.contains($0.1) }
        let groups = Dictionary(grouping: candidates, by: \.1).sorted { a, b in
            a.value.count != b.value.count
                ? a.value.count > b.value.count
                : (a.value.compactMap(\.0.seconds).min() ?? .infinity)
                    < (b.value.compactMap(\.0.seconds).min() ?? .infinity)
        }
        let official = heads.first { $0.0.url == "https://github.com/CocoaPods/Specs.git" }?.1
        let reference = newest ?? official ?? groups.first?.key
        // Why the reference ranks first when HEADs diverged (the catalog key saying it).
        let basis =
            official != nil
            ? "mirror.test.freshness.diverged-reference.official"
            : groups.count > 1 && groups[0].value.count == groups[1].value.count
                ? "mirror.test.freshness.diverged-reference.fastest"
                : "mirror.test.freshness.diverged-reference.common"
        // The reference's mirror as a person knows it: the fastest serving that HEAD.
        func shown(_ head: String?) -> String {
            let r = heads.filter { $0.1 == head }.min { ($0.0.seconds ?? .infinity) < ($1.0.seconds ?? .infinity) }
            return r?.0.shownName ?? ""
        }
        for i in results.indices where results[i].kind == .specsGit && results[i].healthy && finalTrunkCommit == nil {
            guard distinct.count > 1, let reference, let head = results[i].head else { continue }
            let (h, ref) = (String(head.prefix(12)), String(reference.prefix(12)))
            if head == reference {
                guard newest == nil else {
                    results[i].freshness = .newest
                    continue
                }
                let others = distinct.subtracting([reference])
                let diverged = others.filter { relation($0, reference).map { $0.ahead > 0 && $0.behind > 0 } == true }
                results[i].freshness = .unknown
                if !diverged.isEmpty, others.allSatisfy({ relation($0, reference) != nil }) {
                    results[i].freshness = .diverged
                    let names = heads.filter { diverged.contains($0.1) }.map(\.0.shownName)
                    results[i].setProblem(
                        Message(basis, ["head": h, "others": names.joined(separator: ", ")]))
                }
                continue
            }
            let mirror = shown(reference)
            switch relation(head, reference) {
            case (0, let behind)?:
                results[i].stale = true
                results[i].freshness = .behind
                results[i].setProblem(
                    Message(
                        "mirror.test.freshness.behind",
                        ["head": h, "count": String(behind), "reference": ref, "mirror": mirror]))
            case (let ahead, 0)?:
                results[i].freshness = .ahead
                results[i].setProblem(
                    Message(
                        "mirror.test.freshness.ahead",
                        ["head": h, "count": String(ahead), "reference": ref, "mirror": mirror]))
            case (let ahead, let behind)?:
                results[i].stale = true
                results[i].freshness = .diverged
                results[i].setProblem(
                    Message(
                        "mirror.test.freshness.diverged",
                        [
                            "head": h, "reference": ref, "mirror": mirror, "ahead": String(ahead),
                            "behind": String(behind),
                        ]))
            case nil:
                results[i].freshness = .unknown
                results[i].setProblem(Self.unknown(head: h, reference: ref, mirror: mirror, shortfall: shortfall))
            }
        }
        // Usable mirrors known to be up to date first, then those whose freshness is unknown (the reference HEAD
        // before the others), then stale ones, then broken ones.
        func order(_ r: Result) -> Int {
            guard r.usable else { return r.healthy ? 3 : 4 }
            guard r.freshness == .unknown else { return 0 }
            return r.head == reference ? 1 : 2
        }
        results.sort { a, b in
            order(a) != order(b) ? order(a) < order(b) : (a.seconds ?? .infinity) < (b.seconds ?? .infinity)
        }
        var n = 0
        for i in results.indices where results[i].usable { n += 1; results[i].rank = n }
        return results
    }

    /// Why a HEAD's relation to the reference is unknown: no local repo holds both, and the fetch of their
    /// history was not tried, stopped at its bound, or failed.
    static func unknown(head: String, reference: String, mirror: String, shortfall: MirrorHistoryFetch.Shortfall?)
        -> Message
    {
        let args = ["head": head, "reference": reference, "mirror": mirror]
        switch shortfall {
        case nil:
            return Message("mirror.test.freshness.unknown", args)
        case .overBudget(let bytes, let seconds)?:
            return Message(
                "mirror.test.freshness.unknown-over-budget",
                args.merging([
                    "size": bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes",
                    "seconds": NetworkSettings.shown(seconds),
                ]) { $1 })
        case .failed(let url, let cause)?:
            return Message(
                "mirror.test.freshness.unknown-fetch-failed", args.merging(["url": url, "cause": cause]) { $1 })
        }
    }

    func probe(_ mirror: Mirror) -> Result {
        // A git mirror that git's insteadOf rules send elsewhere than http(s) (a local path, ssh) is probed as a clone
        // of it connects: through libgit2, never by GETting the path over HTTP.
        if mirror.kind == .specsGit, !Self.isHTTP(transferOptions().connectURL(for: mirror.url)) {
            return probeThroughGit(mirror)
        }
        var r = Result(
            name: mirror.name, url: Redaction.redactURL(mirror.url), kind: mirror.kind, healthy: false,
            seconds: nil, head: nil, stale: false, reachedFinalCommit: nil, compactIndex: nil, problem: nil, rank: nil)
        let http = HTTPGet(timeout: timeout, proxy: network.proxy)
        // A git mirror is probed where a clone of it connects: after git's insteadOf rules. CocoaPods' CDN
        // client and RubyGems do not read git's config.
        let url = mirror.kind == .specsGit ? transferOptions().connectURL(for: mirror.url) : mirror.url
        let base = url.hasSuffix("/") ? String(url.dropLast()) : url
        do {
            switch mirror.kind {
            case .specsGit:
                let a = try get(http, base + "/info/refs?service=git-upload-pack")
                r.seconds = a.seconds
                try expectOK(a)
                let type = a.header("Content-Type") ?? ""
                guard type.hasPrefix("application/x-git-upload-pack-advertisement") else {
                    throw HTTPFailure(Message("mirror.probe.not-git-content-type", ["type": type]))
                }
                let ads = try RefAdvertisement(parsing: a.body)
                guard let head = ads.head else {
                    throw HTTPFailure(Message("mirror.probe.no-head"))
                }
                r.head = head
                r.headRef = ads.headRef
            case .specsCDN:
                let a = try get(http, base + "/CocoaPods-version.yml")
                r.seconds = a.seconds
                try expectOK(a)
                guard
                    String(decoding: a.body, as: UTF8.self).range(of: #"(?m)^last:"#, options: .regularExpression)
                        != nil
                else {
                    throw HTTPFailure(Message("mirror.probe.not-cdn"))
                }
            case .gems:
                let a = try get(http, base + "/specs.4.8.gz")
                r.seconds = a.seconds
                try expectOK(a)
                guard a.body.count >= 2, a.body[a.body.startIndex] == 0x1F, a.body[a.body.startIndex + 1] == 0x8B else {
                    throw HTTPFailure(
                        Message(
                            "mirror.probe.not-gzip",
                            ["bytes": String(a.body.count), "type": a.header("Content-Type") ?? "-"]))
                }
                r.compactIndex = ((try? get(http, base + "/versions", method: "HEAD"))?.status == 200)
            }
            r.healthy = true
        } catch let e as HTTPFailure {
            r.problem = e.message
            r.problemText = e.text
        } catch {
            r.problem = Redaction.redactText("\(error)")
        }
        return r
    }

    /// GET following https redirects (at most 5); a redirect to plain http is refused.
    func get(_ http: HTTPGet, _ url: String, method: String = "GET") throws -> HTTPAnswer {
        var current = url
        var elapsed = 0.0
        for _ in 0..<6 {
            var a = try http.fetch(current, method: method)
            elapsed += a.seconds
            guard (300..<400).contains(a.status), let location = a.header("Location") else {
                a.seconds = elapsed
                return a
            }
            let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString ?? location
            if next.hasPrefix("http://") && current.hasPrefix("https://")
                || next.hasPrefix("http://") && !Self.isLoopback(next)
            {
                throw HTTPFailure(Message("mirror.probe.plain-http-redirect", ["url": Redaction.redactURL(next)]))
            }
            current = next
        }
        throw HTTPFailure(Message("mirror.probe.too-many-redirects"))
    }

    func expectOK(_ a: HTTPAnswer) throws {
        guard a.status == 200 else { throw HTTPFailure(message: "HTTP \(a.status)") }
    }

    /// The options of a probe's git transfer: its timeout, cancellation, proxy and insteadOf rules.
    func transferOptions() -> TransferOptions {
        TransferOptions(network: network.probing(timeout: timeout), cancellation: cancellation)
    }

    /// A Specs git mirror through libgit2's ls-remote (any transport `repo use` allows): the server must
    /// advertise refs and a HEAD (or master) commit.
    func probeThroughGit(_ mirror: Mirror) -> Result {
        var r = Result(
            name: mirror.name, url: Redaction.redactURL(mirror.url), kind: mirror.kind, healthy: false,
            seconds: nil, head: nil, stale: false, compactIndex: nil, problem: nil, rank: nil)
        let start = Date()
        let options = transferOptions()
        if let missing = GitURL.missingRewrittenPath(
            mirror.url, connect: options.connectURL(for: mirror.url), rule: options.rewriteRule(for: mirror.url))
        {
            r.setProblem(missing)
            return r
        }
        do {
            let refs = try GitTransfer.listRemote(url: mirror.url, options: transferOptions())
            r.seconds = Date().timeIntervalSince(start)
            let head = refs.first { $0.name == "HEAD" } ?? refs.first { $0.name == "refs/heads/master" }
            guard let head else {
                throw HTTPFailure(Message("mirror.probe.no-head"))
            }
            r.head = head.oid
            r.headRef = head.symrefTarget.flatMap { t in refs.contains { $0.name == t } ? t : nil } ?? head.name
            r.healthy = true
        } catch let e as HTTPFailure {
            r.problem = e.message
            r.problemText = e.text
        } catch let e as GitError {
            // Same words as the HTTP probe for a server's error status.
            let status = e.cause.range(of: #"unexpected http status code: \d+"#, options: .regularExpression)
            r.problem = status.map { "HTTP " + e.cause[$0].split(separator: " ").last! } ?? e.cause
            if status == nil { r.problemText = e.causeText }
        } catch {
            r.problem = Redaction.redactText("\(error)")
        }
        return r
    }

    static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    static func isLoopback(_ url: String) -> Bool {
        url.hasPrefix("http://127.0.0.1") || url.hasPrefix("http://localhost") || url.hasPrefix("http://[::1]")
    }
}

/// One slot per probed mirror, filled by the probe threads.
// @unchecked: every access to `slots` holds `lock`.
private final class ProbeResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [MirrorProbe.Result?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: MirrorProbe.Result) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = result
    }

    /// The finished probes with the index of their mirror.
    var all: [(Int, MirrorProbe.Result)] {
        lock.lock(); defer { lock.unlock() }
        return slots.indices.compactMap { i in slots[i].map { (i, $0) } }
    }
}
