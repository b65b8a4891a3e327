@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// `pods fetch` with released `:http` archive pods (zip kept with its top folder, tar.gz flattened,
/// a wrong sha256, a `.dmg`) served by a loopback file server next to the git smart-HTTP server,
/// checked byte for byte against the cache layout CocoaPods 1.17.0 writes.
final class PodsFetchArchiveTests: XCTestCase {
    var tmp: TempDirectory!
    var server: GitHTTPServer!
    var files: ArchiveHTTPServer!
    var fixture: PodSourcesFixture!
    var archives: [String: [UInt8]] = [:]

    override func setUpWithError() throws {
        tmp = TempDirectory("pods-fetch-archives")
        try FileManager.default.createDirectory(atPath: tmp.path + "/served", withIntermediateDirectories: true)
        server = try GitHTTPServer(root: tmp.path + "/served")
        files = try ArchiveHTTPServer()
        fixture = try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(server.port)")
        archives = try fixture.addArchivePods(archiveBase: files.url + "/dl")
        for (path, bytes) in archives { files.serve("/dl" + path, bytes) }
    }

    override func tearDown() {
        server?.stop()
        files?.stop()
        server = nil
        files = nil
        tmp = nil
    }

    var podsDir: String { fixture.home + "/Library/Caches/CocoaPods/Pods" }
    static let archivePods = [("PMHttp", "1.0.0"), ("PMTgz", "1.0.0"), ("PMBadSum", "1.0.0"), ("PMDmg", "1.0.0")]

    func fetcher(lock: String, mirrors: [InsteadOfRule] = []) throws -> PodsFetcher {
        let env = RuntimeEnvironment(
            variables: ["HOME": fixture.home, "PATH": "/usr/bin:/bin"],
            currentDirectory: fixture.project)
        var network = NetworkSettings.test(stallTimeout: 30, lockTimeout: 30)
        network.urlRewrite = SourceMirrorRules(rules: mirrors)
        return try PodsFetcher(
            request: PodsFetchRequest(
                lockfilePath: lock, only: [], jobs: 8, cocoapodsVersion: "1.17.0", network: network, environment: env))
    }

    func result(_ report: PodsFetchReport, _ name: String) -> PodFetchResult { report.pods.first { $0.name == name }! }

    /// Every path below `dir`, folders included, hidden files (`.lock`, staging) visible.
    func listing(_ dir: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir)
        var out: [String] = []
        while let p = e?.nextObject() as? String { out.append(p) }
        return out.sorted()
    }

    func slug(_ pod: String) throws -> String { "Release/\(pod)/1.0.0-\(try fixture.sha1(ofSpec: pod).prefix(5))" }

    func testArchivePodsFillTheCacheByteForByteAndSecondRunChangesNothing() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock(extraPods: Self.archivePods))
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        for name in ["PMHttp", "PMTgz", "PMFoo", "PMGitA"] {
            XCTAssertEqual(result(report, name).status, .fetched, "\(name): \(result(report, name))")
        }
        XCTAssertEqual(result(report, "PMHttp").kind.rawValue, "http")
        XCTAssertEqual(result(report, "PMHttp").url, files.url + "/dl/PMHttp-1.0.0.zip")
        XCTAssertEqual(result(report, "PMHttp").bytes, Int64(archives["/PMHttp-1.0.0.zip"]!.count))
        let bad = result(report, "PMBadSum")
        XCTAssertEqual(bad.status, .failed, "\(bad)")
        XCTAssertEqual(bad.errorCode?.rawValue, "pods.http.checksum")
        XCTAssertTrue(bad.error?.contains(String(repeating: "ab", count: 32)) ?? false, bad.error ?? "nil")
        let dmg = result(report, "PMDmg")
        XCTAssertEqual(dmg.status, .skipped, "\(dmg)")
        XCTAssertTrue(dmg.reason?.contains("dmg") ?? false, dmg.reason ?? "nil")
        XCTAssertFalse(files.requests.contains { $0.path.hasSuffix(".dmg") }, "no request for the .dmg")

        // zip: cocoapods-downloader does not flatten zips, the single top folder stays.
        let httpSlug = try slug("PMHttp")
        let tgzSlug = try slug("PMTgz")
        XCTAssertEqual(
            listing(podsDir + "/" + httpSlug),
            [
                "PMHttp-1.0.0", "PMHttp-1.0.0/Example", "PMHttp-1.0.0/Example/App.swift", "PMHttp-1.0.0/LICENSE",
                "PMHttp-1.0.0/README.md", "PMHttp-1.0.0/Sources", "PMHttp-1.0.0/Sources/PMHttp.swift",
                "PMHttp-1.0.0/crlf.txt",
            ])
        XCTAssertEqual(
            FileManager.default.contents(atPath: podsDir + "/\(httpSlug)/PMHttp-1.0.0/Sources/PMHttp.swift"),
            Data("public struct PMHttp { public init() {} }\n".utf8))
        // tar.gz: the single top folder is flattened.
        XCTAssertEqual(
            listing(podsDir + "/" + tgzSlug),
            [
                "Example", "Example/App.swift", "LICENSE", "README.md", "Sources", "Sources/PMTgz.swift", "crlf.txt",
            ])
        XCTAssertEqual(
            FileManager.default.contents(atPath: podsDir + "/\(tgzSlug)/LICENSE"),
            Data("MIT License for PMTgz\n".utf8))
        for pod in ["PMHttp", "PMTgz"] {
            XCTAssertEqual(result(report, pod).cachePath, podsDir + "/" + (try slug(pod)))
            XCTAssertEqual(
                FileManager.default.contents(atPath: podsDir + "/Specs/\(try slug(pod)).podspec.json"),
                FileManager.default.contents(atPath: fixture.reposDir + "/" + fixture.specFiles[pod]!))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: podsDir + "/VERSION"), Data("1.17.0".utf8))
        // Nothing for the failed or skipped pods, no archive, no lock, no staging anywhere.
        let all = listing(podsDir)
        XCTAssertFalse(
            all.contains { $0.hasPrefix("Release/PMBadSum") || $0.hasPrefix("Specs/Release/PMBadSum") },
            "\(all)")
        XCTAssertFalse(all.contains { $0.contains("PMDmg") }, "\(all)")
        XCTAssertEqual(all.filter { $0.hasSuffix(".zip") || $0.hasSuffix(".tar.gz") || $0.hasSuffix(".lock") }, [])
        // Staging lives in hidden folders; the git pods' own dotfiles (.gitignore...) are content.
        XCTAssertEqual(
            all.filter { p in
                p.split(separator: "/").contains { $0.hasPrefix(".") && !$0.hasPrefix(".git") }
            }, [])

        let before = TreeSnapshot(podsDir)
        let requests = files.requests.count
        let again = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(again, "PMHttp").status, .cached)
        XCTAssertEqual(result(again, "PMTgz").status, .cached)
        XCTAssertEqual(result(again, "PMBadSum").status, .failed)
        XCTAssertEqual(before.differences(to: TreeSnapshot(podsDir)), [])
        XCTAssertEqual(files.requests.count - requests, 1, "only the failed pod is tried again")
    }

    func testSourceMirrorRuleRewritesAnArchiveURLToASecondServer() throws {
        let mirror = try ArchiveHTTPServer()
        defer { mirror.stop() }
        for (path, bytes) in archives { mirror.serve("/mirror" + path, bytes) }
        files.stop()
        let lock = try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMTgz", "1.0.0")]))
        let rules = [InsteadOfRule(base: mirror.url + "/mirror/", insteadOf: files.url + "/dl/")]
        let report = try fetcher(lock: lock, mirrors: rules).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(report, "PMTgz").status, .fetched, "\(result(report, "PMTgz"))")
        XCTAssertEqual(result(report, "PMTgz").url, mirror.url + "/mirror/PMTgz-1.0.0.tar.gz")
        XCTAssertEqual(mirror.requests.map(\.path), ["/mirror/PMTgz-1.0.0.tar.gz"])
        XCTAssertEqual(listing(podsDir + "/" + (try slug("PMTgz"))).first, "Example")
    }

    /// A failed archive names the mirror that failed, then the URL the podspec names, as git pods do.
    func testAFailedMirroredArchiveNamesTheMirrorForThePodspecURL() throws {
        let mirror = try ArchiveHTTPServer()
        defer { mirror.stop() }
        let lock = try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMTgz", "1.0.0")]))
        let rules = [InsteadOfRule(base: mirror.url + "/missing/", insteadOf: files.url + "/dl/")]
        let report = try fetcher(lock: lock, mirrors: rules).run(mode: .apply, cancellation: CancellationToken())
        let error = result(report, "PMTgz").error ?? ""
        XCTAssertEqual(result(report, "PMTgz").status, .failed)
        XCTAssertTrue(
            error.contains(mirror.url + "/missing/PMTgz-1.0.0.tar.gz (for \(files.url)/dl/PMTgz-1.0.0.tar.gz)"), error)
    }
}
