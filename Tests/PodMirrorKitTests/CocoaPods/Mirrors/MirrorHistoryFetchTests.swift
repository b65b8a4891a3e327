import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// `mirror test` relates Specs mirrors' HEADs by ancestry learned through the protocol (libgit2 fetches of
/// their history, bounded) when no local repo holds them (#29 item 20).
final class MirrorHistoryFetchTests: XCTestCase {
    var served: TempDirectory!
    var official: SpecsFixture!
    var server: GitHTTPServer!

    override func setUpWithError() throws {
        served = TempDirectory("pm-history-fetch")
        official = try SpecsFixture(root: served.path, name: "a", pods: 12, commits: 3)
        server = try GitHTTPServer(root: served.path)
    }

    override func tearDown() {
        server?.stop()
    }

    func mirror(_ name: String) -> Mirror { Mirror(name: name, kind: .specsGit, url: server.url("\(name).git")) }

    func probe(fetch: MirrorHistoryFetch? = MirrorHistoryFetch(seconds: 20), local: [String] = [])
        -> MirrorProbe
    {
        var p = MirrorProbe(network: .test(), timeout: 10)
        p.history = LocalCommitHistory(paths: local)
        p.historyFetch = fetch
        return p
    }

    /// The scratch repos left in `folder` (a test's own: another test run beside this one makes its own).
    func scratchRepos(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix("podmirror-history-") }
    }

    /// A is five commits ahead of B and C and no local repo holds any of them: A is the newest, `--pick`'s
    /// choice, and B and C are said to be five commits behind A.
    func testTheMirrorFiveCommitsAheadIsNewestWithNoLocalRepo() throws {
        _ = try official.mirror(named: "b", seed: "b")
        _ = try official.mirror(named: "c", seed: "c")
        let tip = try official.addCommits(5)
        let scratch = TempDirectory()
        var fetch = MirrorHistoryFetch(seconds: 20)
        fetch.scratchFolder = scratch.path

        let results = probe(fetch: fetch).run([mirror("c"), mirror("b"), mirror("a")])
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
        XCTAssertEqual(results.first?.name, "a", "\(results)")
        XCTAssertEqual(byName["a"]?.rank, 1)
        XCTAssertEqual(byName["a"]?.freshness, .newest)
        XCTAssertEqual(byName["a"]?.stale, false)
        for name in ["b", "c"] {
            XCTAssertEqual(byName[name]?.freshness, .behind, name)
            XCTAssertEqual(byName[name]?.stale, true, name)
            XCTAssertNil(byName[name]?.rank, name)
            XCTAssertTrue(
                byName[name]?.problem?.contains("5 commit(s) behind \(tip.prefix(12)) (a)") ?? false,
                byName[name]?.problem ?? "")
        }
        XCTAssertEqual(scratchRepos(in: scratch.path), [], "the scratch repo is removed")

        // Without the fetch (doctor's probes) nothing is learned: unknown, as before.
        let unfetched = probe(fetch: nil).run([mirror("c"), mirror("b"), mirror("a")])
        XCTAssertTrue(unfetched.filter { $0.head == tip }.allSatisfy { $0.freshness == .unknown }, "\(unfetched)")
    }

    /// A and D each have commits the other lacks; B and B2 serve the old HEAD both contain. The old HEAD is the
    /// most common but behind: the reference is one of the diverged HEADs, said to be diverged, and the other
    /// diverged one is stale, its counts given.
    func testDivergedMirrorsAreReportedAsSuch() throws {
        _ = try official.mirror(named: "b", seed: "b")
        _ = try official.mirror(named: "b2", seed: "b2")
        let d = try official.mirror(named: "d", seed: "d")
        try d.addCommits(3)
        try official.addCommits(2)

        let results = probe().run([mirror("b"), mirror("d"), mirror("b2"), mirror("a")])
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
        let first = try XCTUnwrap(results.first)
        XCTAssertTrue(["a", "d"].contains(first.name), "\(results)")
        XCTAssertEqual(first.freshness, .diverged)
        XCTAssertEqual(first.rank, 1)
        XCTAssertFalse(first.stale)
        let other = first.name == "a" ? "d" : "a"
        XCTAssertTrue(first.problem?.contains("and the HEAD of \(other) diverged") ?? false, first.problem ?? "")
        XCTAssertEqual(byName[other]?.freshness, .diverged)
        XCTAssertEqual(byName[other]?.stale, true)
        let (only, missing) = other == "a" ? (2, 3) : (3, 2)
        XCTAssertTrue(
            byName[other]?.problem?.contains("\(only) commit(s) only here, \(missing) missing") ?? false,
            byName[other]?.problem ?? "")
        for name in ["b", "b2"] {
            XCTAssertEqual(byName[name]?.freshness, .behind, name)
            XCTAssertEqual(byName[name]?.stale, true, name)
        }
    }

    /// The fetch is bounded: past its bytes it stops, and the HEADs stay unknown, saying why.
    func testAFetchPastItsBoundLeavesTheHeadsUnknownAndSaysWhy() throws {
        _ = try official.mirror(named: "b", seed: "b")
        try official.addCommits(5)
        let start = Date()
        let results = probe(fetch: MirrorHistoryFetch(byteBudget: 1, seconds: 20)).run([mirror("b"), mirror("a")])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertTrue(results.allSatisfy { $0.freshness == .unknown && !$0.stale }, "\(results)")
        let noted = results.compactMap(\.problem)
        XCTAssertTrue(
            noted.contains { $0.contains("fetching their history stopped at its bound (1 bytes") }, "\(noted)")
    }

    /// The fetch is bounded in time too: a mirror that stalls mid-pack is left after `seconds`, not the stall
    /// timeout.
    func testAStalledFetchStopsAtItsTimeBound() throws {
        _ = try official.mirror(named: "b", seed: "b")
        try official.addCommits(2)
        server.setFault(.stallAfter(bytes: 100))
        let start = Date()
        let results = probe(fetch: MirrorHistoryFetch(seconds: 1)).run([mirror("b"), mirror("a")])
        XCTAssertLessThan(Date().timeIntervalSince(start), 4, "the probe's stall timeout is 10 s")
        XCTAssertTrue(results.allSatisfy { $0.healthy && $0.freshness == .unknown }, "\(results)")
        XCTAssertTrue(
            results.compactMap(\.problem).contains { $0.contains("stopped at its bound (32 MiB or 1 s)") },
            "\(results)")
    }

    /// A mirror that advertises its HEAD but breaks off the fetch: its HEAD stays unknown, naming the mirror.
    func testAFailedFetchLeavesTheHeadsUnknownAndNamesTheMirror() throws {
        _ = try official.mirror(named: "b", seed: "b")
        try official.addCommits(2)
        server.setFault(.truncateAfter(bytes: 200))
        let results = probe().run([mirror("b"), mirror("a")])
        XCTAssertTrue(results.allSatisfy { $0.healthy && $0.freshness == .unknown && !$0.stale }, "\(results)")
        let noted = results.compactMap(\.problem)
        XCTAssertTrue(noted.contains { $0.contains("fetching the history from \(server.url(""))") }, "\(noted)")
    }

    /// A local repo's HEAD is offered as a have: a local clone of the old HEAD makes the fetch of the new
    /// commits small enough for a bound the whole history exceeds.
    func testALocalRepoMakesTheFetchSmall() throws {
        let padded = TempDirectory("pm-history-padded")
        let big = try SpecsFixture(root: padded.path, name: "a", pods: 40, commits: 4, padding: 20_000)
        _ = try big.mirror(named: "b", seed: "b")
        let tip = try big.addCommits(5)
        let bigServer = try GitHTTPServer(root: padded.path)
        defer { bigServer.stop() }
        let mirrors = ["b", "a"].map { Mirror(name: $0, kind: .specsGit, url: bigServer.url("\($0).git")) }
        let budget = MirrorHistoryFetch(byteBudget: 200_000, seconds: 20)

        let alone = probe(fetch: budget).run(mirrors)
        XCTAssertTrue(alone.allSatisfy { $0.freshness == .unknown }, "whole history > 200 kB: \(alone)")

        let local = TempDirectory("pm-history-local")
        _ = try GitTransfer.clone(
            url: bigServer.url("b.git"), into: local.sub("b"), branch: nil, options: TransferOptions(network: .test()))
        let before = TreeSnapshot(local.path)
        let known = probe(fetch: budget, local: [local.sub("b")]).run(mirrors)
        XCTAssertEqual(TreeSnapshot(local.path).differences(to: before), [], "the local repo is only read")
        XCTAssertEqual(known.first?.name, "a", "\(known)")
        XCTAssertEqual(known.first?.head, tip)
        XCTAssertEqual(known.first?.freshness, .newest)
        XCTAssertEqual(known.last?.freshness, .behind)
    }
}
