import Foundation
import PodMirrorTestSupport
import XCTest

/// `kill -9` at 5 points of each multi-step command while it talks to a slow loopback server (150 ms before each
/// response, 256 KiB/s per response, as shared/tools' `--delay-ms 150 --rate-kbps 256`), the points spread over
/// the time one uninterrupted run takes, each from a fresh copy of the same HOME. The same command run again
/// exits 0 and converges: `git fsck` clean, HEAD at the served tip, `repo verify` and `doctor` clean, `--check`
/// exit 0, nothing temporary left, the download cache complete. Sizes keep the whole class under a minute here.
final class SlowServerKillTests: GitServerTestCase {
    private let points = 5

    /// What every case starts from, built once for the class: `old.git`, and `specs.git` 12 commits on (shared
    /// history); a HOME whose `specs` repo was added from `old.git`; the slow server over both.
    private struct Shared {
        let served: TempDirectory
        let specs: SpecsFixture
        let old: String
        let added: TempDirectory
        let server: GitHTTPServer
    }
    nonisolated(unsafe) private static var shared: Shared?

    override func setUpWithError() throws {
        if Self.shared == nil {
            let served = TempDirectory("slow-served")
            let specs = try SpecsFixture(
                root: served.path, name: "specs", pods: 30, commits: 2, seed: "slow", padding: 4_000)
            _ = try specs.mirror(named: "old", seed: "old")
            let old = specs.head
            try specs.addCommits(12, padding: 8_000)
            let server = try GitHTTPServer(root: served.path)
            let added = TempDirectory("slow-added")
            XCTAssertEqual(try bin.run(["repo", "add", "specs", server.url("old.git")], home: added.path).status, 0)
            server.setSlowLink(delayMilliseconds: 150, rateKiBps: 256)
            Self.shared = Shared(served: served, specs: specs, old: old, added: added, server: server)
        }
        let shared = try XCTUnwrap(Self.shared)
        home = TempDirectory("slow-home")
        served = shared.served
        specs = shared.specs
        server = shared.server
    }

    override func tearDown() {
        server = nil  // the class's, stopped in the class tearDown
        super.tearDown()
    }

    override class func tearDown() {
        shared?.server.stop()
        shared = nil
        super.tearDown()
    }

    private var old: String { Self.shared!.old }
    private var added: TempDirectory { Self.shared!.added }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func testKilledCloneIsDoneByTheNextRun() throws {
        let url = server.url("specs.git")
        let args = ["repo", "use", url, "--name", "specs"]
        var midTransfer = 0
        try killAtManyPoints(
            args, points: points, from: home.path, together: true,
            afterKill: { home, i in
                if !TreeSnapshot(home.path).leftovers.filter({ $0.contains(".podmirror-tmp-specs-") }).isEmpty {
                    midTransfer += 1
                }
                // The clone is whole at the tip, or not there.
                let clone = home.sub(".cocoapods/repos/specs")
                if self.exists(clone) {
                    XCTAssertEqual(try self.git(clone, ["rev-parse", "HEAD"]), self.specs.head, "kill \(i)")
                }
            }
        ) { home, _ in
            try assertConverged(home, repo: "specs", tip: specs.head, url: url, check: args)
        }
        XCTAssertGreaterThan(midTransfer, 0, "no kill landed while the clone was under way")
    }

    func testKilledRepointIsFinishedOrUndoneByTheNextRun() throws {
        let (old, tip, url) = (self.old, specs.head, server.url("specs.git"))
        let args = ["repo", "use", url, "--name", "specs"]
        try killAtManyPoints(
            args, points: points, from: added.path, together: true,
            afterKill: { home, i in
                try assertKillLeftAJournalOrNothingHalfDone(
                    home, repo: "specs", old: old, tip: tip, oldURL: server.url("old.git"), point: i)
            }
        ) { home, _ in
            try assertConverged(home, repo: "specs", tip: tip, url: url, check: args)
        }
    }

    func testKilledUpdateIsFinishedByTheNextRun() throws {
        // The mirror the repo comes from moved on: origin names the one with 12 more commits.
        let (old, tip, url) = (self.old, specs.head, server.url("specs.git"))
        let pristine = try copy(added.path)
        XCTAssertEqual(try git(pristine.sub(".cocoapods/repos/specs"), ["remote", "set-url", "origin", url]), "")
        try killAtManyPoints(
            ["repo", "update", "specs"], points: points, from: pristine.path, together: true,
            afterKill: { home, i in
                try assertKillLeftAJournalOrNothingHalfDone(
                    home, repo: "specs", old: old, tip: tip, oldURL: url, point: i)
            }
        ) { home, _ in
            try assertConverged(home, repo: "specs", tip: tip, check: ["repo", "update", "specs"])
        }
    }

    func testKilledImportIsDoneByTheNextRun() throws {
        let (old, url) = (self.old, server.url("old.git"))
        let bundle = home.sub("old.bundle")
        XCTAssertEqual(try bin.run(["repo", "export", "specs", bundle], home: added.path).status, 0)
        let args = ["repo", "import", bundle, "--name", "copy", "--origin", url]
        try killAtManyPoints(
            args, points: points, from: added.path, together: true,
            afterKill: { home, i in
                let copy = home.sub(".cocoapods/repos/copy")
                if self.exists(copy) { XCTAssertEqual(try self.git(copy, ["rev-parse", "HEAD"]), old, "kill \(i)") }
            }
        ) { home, _ in
            try assertConverged(home, repo: "copy", tip: old, url: url, check: args)
        }
    }

    func testKilledSetupIsDoneByTheNextRun() throws {
        let url = server.url("specs.git")
        let podfile = "source 'https://cdn.cocoapods.org/'\n\ntarget 'App' do\n  pod 'A'\nend\n"
        try home.write("Podfile", podfile)
        // A relative Podfile: each copy of HOME is the current folder of its run.
        let args = ["setup", "--strategy", "podfile", "--mirror", url, "--podfile", "Podfile"]
        var name: String?
        try killAtManyPoints(
            args, points: points, from: home.path, together: true,
            afterKill: { home, i in
                let now = String(decoding: try home.read("Podfile"), as: UTF8.self)
                XCTAssertTrue(now == podfile || now.contains(url), "kill \(i): a Podfile of \(now.utf8.count) bytes")
            }
        ) { home, _ in
            let repos = try FileManager.default.contentsOfDirectory(atPath: home.sub(".cocoapods/repos"))
                .filter { $0 != "Spec_Lock" }
            XCTAssertEqual(repos.count, 1, "\(repos)")
            if name == nil { name = repos.first }
            XCTAssertEqual(repos.first, name)
            XCTAssertEqual(
                String(decoding: try home.read("Podfile"), as: UTF8.self),
                podfile.replacingOccurrences(of: "https://cdn.cocoapods.org/", with: url))
            try assertConverged(home, repo: try XCTUnwrap(name), tip: specs.head, url: url, check: args)
        }
    }

    func testKilledPodsFetchIsDoneByTheNextRun() throws {
        let dir = TempDirectory("slow-pods")
        let podsServed = dir.sub("served")
        try FileManager.default.createDirectory(atPath: podsServed, withIntermediateDirectories: true)
        let podsServer = try GitHTTPServer(root: podsServed)
        defer { podsServer.stop() }
        let fixture = try PodSourcesFixture(dir: dir.path, base: "http://127.0.0.1:\(podsServer.port)")
        try fixture.writeLock(try fixture.podfileLock())
        podsServer.setSlowLink(delayMilliseconds: 150, rateKiBps: 256)
        let args = ["pods", "fetch", "--project", fixture.project, "--cocoapods-version", "1.17.0"]
        let cache = "Library/Caches/CocoaPods/Pods"
        var complete: TreeSnapshot?
        var midTransfer = 0
        try killAtManyPoints(
            args, points: points, from: fixture.home, together: true,
            afterKill: { home, _ in
                if !PodsFetchOutput.leftovers(home.sub(cache)).isEmpty { midTransfer += 1 }
            }
        ) { home, _ in
            // Every entry of the uninterrupted run, byte for byte, and nothing else.
            let now = TreeSnapshot(home.sub(cache))
            if complete == nil { complete = now }
            XCTAssertEqual(complete.map { $0.differences(to: now) }, [])
            XCTAssertEqual(PodsFetchOutput.leftovers(home.sub(cache)), [])
            XCTAssertEqual(TreeSnapshot(home.path).leftovers, [])
            let check = try bin.run(args + ["--check"], home: home.path)
            XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        }
        // The released and git pods' entries and their specs, at least.
        XCTAssertGreaterThan(complete?.entries.count ?? 0, 20)
        XCTAssertGreaterThan(midTransfer, 0, "no kill landed while pods were being fetched")
    }
}
