@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Podspecs that are not in a local spec repo: trunk CDN podspecs CocoaPods has not downloaded yet (a
/// loopback StaticHTTPServer acts as the CDN) and `:podspec` pods (a path next to the Podfile, a URL, the
/// project's `Pods/Local Podspecs` copy). Pod sources come from the real git smart-HTTP server of
/// `PodsFetchTests`; cache entries are checked byte for byte.
extension PodsFetchTests {
    func sha1(_ bytes: [UInt8]) throws -> String {
        let file = tmp.path + "/sha1-input-\(UUID().uuidString.prefix(6))"
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
        return try ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import hashlib,sys;print(hashlib.sha1(open(sys.argv[1],'rb').read()).hexdigest())", file,
            ]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func gitSource(_ repo: String) -> String {
        "{\n    \"git\": \"\(fixture.base)/podsrc/\(repo).git\",\n    \"tag\": \"1.0.0\"\n  }"
    }

    /// `~/.cocoapods/repos/trunk` as CocoaPods leaves it before resolving anything: `.url`, the shard
    /// config, no podspecs.
    func makeTrunk(url: String) throws -> String {
        let trunk = fixture.reposDir + "/trunk"
        try FileManager.default.createDirectory(atPath: trunk, withIntermediateDirectories: true)
        try url.write(toFile: trunk + "/.url", atomically: true, encoding: .utf8)
        try "---\nmin: 1.0.0\nlast: 1.17.0\nprefix_lengths:\n- 1\n- 1\n- 1\n".write(
            toFile: trunk + "/CocoaPods-version.yml", atomically: true, encoding: .utf8)
        return trunk
    }

    func shard(_ name: String) throws -> String {
        let h = Array(try md5(name))
        return "\(h[0])/\(h[1])/\(h[2])"
    }

    func testCDNPodspecMissingLocallyIsDownloadedVerifiedStoredAndCached() throws {
        let good = Array(fixture.specJSON("PMCdn", version: "1.0.0", source: gitSource("PMFoo")).utf8)
        let served = Array(fixture.specJSON("PMCdnBad", version: "1.0.0", source: gitSource("PMBar")).utf8)
        var routes: [String: StaticHTTPServer.Response] = [:]
        let goodPath = "/Specs/\(try shard("PMCdn"))/PMCdn/1.0.0/PMCdn.podspec.json"
        let badPath = "/Specs/\(try shard("PMCdnBad"))/PMCdnBad/1.0.0/PMCdnBad.podspec.json"
        routes[goodPath] = .init(headers: ["ETag": "\"etag-pmcdn-1\""], body: good)
        routes[badPath] = .init(body: served)
        let cdn = try StaticHTTPServer(routes: routes)
        defer { cdn.stop() }
        // CocoaPods' own `.url`: a trailing slash and newline are normalised away.
        let trunk = try makeTrunk(url: cdn.url + "/\n")
        let goodSum = try sha1(good)
        let lockText = """
            PODS:
              - PMCdn (1.0.0)
              - PMCdn404 (1.0.0)
              - PMCdnBad (1.0.0)

            DEPENDENCIES:
              - PMCdn
              - PMCdn404
              - PMCdnBad

            SPEC REPOS:
              trunk:
                - PMCdn
                - PMCdn404
                - PMCdnBad

            SPEC CHECKSUMS:
              PMCdn: \(goodSum)
              PMCdn404: 5555555555555555555555555555555555555555
              PMCdnBad: 6666666666666666666666666666666666666666

            PODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567

            COCOAPODS: 1.17.0

            """
        let lock = try fixture.writeLock(lockText)
        let slug = "Release/PMCdn/1.0.0-\(goodSum.prefix(5))"

        // Dry run: the slug is known from the lock, nothing is downloaded or written.
        let dry = try fetcher(lock: lock).run(mode: .dryRun, cancellation: CancellationToken())
        XCTAssertEqual(result(dry, "PMCdn").status, .missing)
        XCTAssertEqual(result(dry, "PMCdn").cachePath, podsDir + "/" + slug)
        XCTAssertEqual(cdn.requests, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: trunk + "/Specs"))

        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        let ok = result(report, "PMCdn")
        XCTAssertEqual(ok.status, .fetched, "\(ok)")
        XCTAssertEqual(ok.kind.rawValue, "git")
        XCTAssertEqual(ok.podspec, cdn.url + goodPath)
        XCTAssertEqual(ok.cachePath, podsDir + "/" + slug)
        // The entry: the source at the tag, and the spec file a byte copy of the CDN podspec.
        assertSameTree(podsDir + "/" + slug, try referenceCheckout("PMFoo", "1.0.0"))
        XCTAssertEqual(
            FileManager.default.contents(atPath: podsDir + "/Specs/\(slug).podspec.json"), Data(good))
        // Stored where CocoaPods' CDN source keeps it, with the ETag as CocoaPods writes it.
        let stored = trunk + goodPath
        XCTAssertEqual(FileManager.default.contents(atPath: stored), Data(good))
        XCTAssertEqual(FileManager.default.contents(atPath: stored + ".etag"), Data("\"etag-pmcdn-1\"".utf8))

        let missing = result(report, "PMCdn404")
        XCTAssertEqual(missing.status, .failed)
        XCTAssertEqual(missing.errorCode?.rawValue, "pods.cdn-not-found")
        XCTAssertTrue(missing.error!.contains("/PMCdn404/1.0.0/PMCdn404.podspec.json"), missing.error!)
        let bad = result(report, "PMCdnBad")
        XCTAssertEqual(bad.status, .failed)
        XCTAssertEqual(bad.errorCode?.rawValue, "pods.cdn-checksum")
        XCTAssertTrue(bad.error!.contains("6666666666666666666666666666666666666666"), bad.error!)
        XCTAssertTrue(bad.error!.contains(try sha1(served)), bad.error!)
        // Neither failure left a podspec in the repo or anything in the cache.
        XCTAssertFalse(FileManager.default.fileExists(atPath: trunk + badPath))
        XCTAssertEqual(
            files(trunk + "/Specs").filter { $0.hasSuffix(".json") },
            [String(goodPath.dropFirst("/Specs/".count))])
        XCTAssertEqual(
            files(podsDir).filter { $0.hasPrefix("Release/") || $0.hasPrefix("Specs/") }
                .filter { !$0.hasPrefix(slug) && !$0.hasPrefix("Specs/" + slug) },
            ["Release/PMCdn", "Specs/Release", "Specs/Release/PMCdn"])
        XCTAssertFalse(files(podsDir).contains { $0.hasSuffix(".lock") || $0.contains(".podmirror-staging") })
        XCTAssertEqual(cdn.requests.filter { $0.contains("PMCdn/") }, ["GET \(goodPath)"])

        // Second run: the podspec is local now, the entry cached; the CDN is not asked again.
        let before = TreeSnapshot(podsDir)
        let again = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(again, "PMCdn").status, .cached)
        XCTAssertEqual(result(again, "PMCdn").podspec, nil)
        XCTAssertFalse(again.changed)
        XCTAssertEqual(before.differences(to: TreeSnapshot(podsDir)), [])
        XCTAssertEqual(cdn.requests.filter { $0.contains("PMCdn/") }, ["GET \(goodPath)"])
    }

    func testPodspecPodsFromPathURLAndLocalPodspecsCopy() throws {
        // PMPsJ: a JSON podspec next to the Podfile, already in CocoaPods' pretty form (lock SHA1 = file SHA1).
        let psJ = Array(fixture.specJSON("PMPsJ", version: "1.0.0", source: gitSource("PMGitA")).utf8)
        try FileManager.default.createDirectory(atPath: fixture.project + "/specs", withIntermediateDirectories: true)
        XCTAssertTrue(
            FileManager.default.createFile(atPath: fixture.project + "/specs/PMPsJ.podspec.json", contents: Data(psJ)))
        // PMPsR: a Ruby podspec in a folder (`:podspec => 'ruby'` → `ruby/PMPsR.podspec`).
        let psR = """
            Pod::Spec.new do |s|
              s.name    = 'PMPsR'
              s.version = '1.0.0'
              s.source  = { :git => '\(fixture.base)/podsrc/PMGitB.git', :tag => "#{s.version}" }
            end

            """
        try FileManager.default.createDirectory(atPath: fixture.project + "/ruby", withIntermediateDirectories: true)
        try psR.write(toFile: fixture.project + "/ruby/PMPsR.podspec", atomically: true, encoding: .utf8)
        // PMPsU: a JSON podspec at a URL, not in pretty form (the lock's SHA1 is of CocoaPods' own copy).
        let psU = Array(
            ("{\"name\":\"PMPsU\",\"version\":\"1.0.0\","
                + "\"source\":{\"git\":\"\(fixture.base)/podsrc/PMGitC.git\",\"tag\":\"1.0.0\"}}\n").utf8)
        // PMPsL: its URL is gone (404), but the project's `Pods/Local Podspecs` copy matches the lock.
        let psL = Array(fixture.specJSON("PMPsL", version: "1.0.0", source: gitSource("PMFoo")).utf8)
        let local = fixture.project + "/Pods/Local Podspecs"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: local + "/PMPsL.podspec.json", contents: Data(psL)))
        let web = try StaticHTTPServer(routes: ["/PMPsU.podspec.json": .init(body: psU)])
        defer { web.stop() }
        let uSum = "67142ee0aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
        let rSum = "255c3d55bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
        let lockText = """
            PODS:
              - PMPsF (1.0.0)
              - PMPsJ (1.0.0)
              - PMPsL (1.0.0)
              - PMPsR (1.0.0)
              - PMPsU (1.0.0)

            DEPENDENCIES:
              - PMPsF (from `ftp://example.invalid/PMPsF.podspec`)
              - PMPsJ (from `specs/PMPsJ.podspec.json`)
              - PMPsL (from `\(web.url)/PMPsL.podspec.json`)
              - PMPsR (from `ruby`)
              - PMPsU (from `\(web.url)/PMPsU.podspec.json`)

            EXTERNAL SOURCES:
              PMPsF:
                :podspec: ftp://example.invalid/PMPsF.podspec
              PMPsJ:
                :podspec: specs/PMPsJ.podspec.json
              PMPsL:
                :podspec: \(web.url)/PMPsL.podspec.json
              PMPsR:
                :podspec: ruby
              PMPsU:
                :podspec: \(web.url)/PMPsU.podspec.json

            SPEC CHECKSUMS:
              PMPsF: 7777777777777777777777777777777777777777
              PMPsJ: \(try sha1(psJ))
              PMPsL: \(try sha1(psL))
              PMPsR: \(rSum)
              PMPsU: \(uSum)

            PODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567

            COCOAPODS: 1.17.0

            """
        let lock = try fixture.writeLock(lockText)
        func slug(_ pod: String, _ repo: String, _ sum: String) throws -> String {
            "External/\(pod)/\(try md5("git=\(fixture.base)/podsrc/\(repo).git-tag=1.0.0"))-\(sum.prefix(5))"
        }
        let expected: [(pod: String, repo: String, sum: String, spec: [UInt8])] = [
            ("PMPsJ", "PMGitA", try sha1(psJ), psJ),
            ("PMPsL", "PMFoo", try sha1(psL), psL),
            (
                "PMPsR", "PMGitB", rSum,
                Array(
                    """
                    {
                      "name": "PMPsR",
                      "version": "1.0.0",
                      "source": {
                        "git": "\(fixture.base)/podsrc/PMGitB.git",
                        "tag": "1.0.0"
                      }
                    }

                    """.utf8)
            ),
            ("PMPsU", "PMGitC", uSum, psU),
        ]

        let dry = try fetcher(lock: lock).run(mode: .dryRun, cancellation: CancellationToken())
        for e in expected { XCTAssertEqual(result(dry, e.pod).status, .missing, e.pod) }
        XCTAssertEqual(result(dry, "PMPsJ").cachePath, podsDir + "/" + (try slug("PMPsJ", "PMGitA", sha1(psJ))))
        XCTAssertEqual(web.requests, [])

        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(report, "PMPsF").status, .skipped)
        XCTAssertTrue(result(report, "PMPsF").reason!.contains("ftp://example.invalid/PMPsF.podspec"))
        for e in expected {
            let r = result(report, e.pod)
            let s = try slug(e.pod, e.repo, e.sum)
            XCTAssertEqual(r.status, .fetched, "\(r)")
            XCTAssertEqual(r.origin.rawValue, "external")
            XCTAssertEqual(r.kind.rawValue, "git")
            XCTAssertEqual(r.cachePath, podsDir + "/" + s)
            assertSameTree(podsDir + "/" + s, try referenceCheckout(e.repo, "1.0.0"))
            XCTAssertEqual(
                FileManager.default.contents(atPath: podsDir + "/Specs/\(s).podspec.json"), Data(e.spec), e.pod)
        }
        XCTAssertEqual(result(report, "PMPsJ").podspec, fixture.project + "/specs/PMPsJ.podspec.json")
        XCTAssertEqual(result(report, "PMPsR").podspec, fixture.project + "/ruby/PMPsR.podspec")
        XCTAssertEqual(result(report, "PMPsL").podspec, local + "/PMPsL.podspec.json")
        XCTAssertEqual(result(report, "PMPsU").podspec, web.url + "/PMPsU.podspec.json")
        XCTAssertEqual(web.requests, ["GET /PMPsU.podspec.json"])
        // The whole External tree: one entry and one spec per pod, nothing else.
        var tree: [String] = []
        for e in expected {
            let s = try slug(e.pod, e.repo, e.sum)
            tree += ["External/\(e.pod)", s, "Specs/External/\(e.pod)", "Specs/\(s).podspec.json"]
        }
        XCTAssertEqual(
            files(podsDir).filter {
                let depth = $0.split(separator: "/").count
                return ($0.hasPrefix("External/") && depth <= 3) || ($0.hasPrefix("Specs/External/") && depth <= 4)
            }, tree.sorted())
        XCTAssertFalse(files(podsDir).contains { $0.hasSuffix(".lock") || $0.contains(".podmirror-staging") })

        // Second run: every entry found without downloading the URL podspec again; no byte changes.
        let before = TreeSnapshot(podsDir)
        let again = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        for e in expected { XCTAssertEqual(result(again, e.pod).status, .cached, e.pod) }
        XCTAssertFalse(again.changed)
        XCTAssertEqual(before.differences(to: TreeSnapshot(podsDir)), [])
        XCTAssertEqual(web.requests, ["GET /PMPsU.podspec.json"])
    }

    func testPodspecPodFailuresAreReportedAndWriteNothing() throws {
        let wrongName = Array(fixture.specJSON("Other", version: "1.0.0", source: gitSource("PMGitA")).utf8)
        XCTAssertTrue(
            FileManager.default.createFile(atPath: fixture.project + "/PMPsN.podspec.json", contents: Data(wrongName)))
        let web = try StaticHTTPServer(routes: [:])
        defer { web.stop() }
        let lockText = """
            PODS:
              - PMPsM (1.0.0)
              - PMPsN (1.0.0)
              - PMPsX (1.0.0)
              - PMPsY (1.0.0)

            EXTERNAL SOURCES:
              PMPsM:
                :podspec: missing/PMPsM.podspec.json
              PMPsN:
                :podspec: PMPsN.podspec.json
              PMPsX:
                :podspec: \(web.url)/gone/PMPsX.podspec.json
              PMPsY:
                :podspec: PMPsY.podspec.json

            SPEC CHECKSUMS:
              PMPsM: 1111111111111111111111111111111111111111
              PMPsN: 2222222222222222222222222222222222222222
              PMPsX: 3333333333333333333333333333333333333333

            COCOAPODS: 1.17.0

            """
        let lock = try fixture.writeLock(lockText)
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(report, "PMPsM").status, .failed)
        XCTAssertEqual(result(report, "PMPsM").errorCode?.rawValue, "pods.podspec-unreadable")
        XCTAssertTrue(result(report, "PMPsM").error!.contains(fixture.project + "/missing/PMPsM.podspec.json"))
        XCTAssertEqual(result(report, "PMPsN").errorCode?.rawValue, "pods.podspec-name")
        XCTAssertEqual(result(report, "PMPsX").status, .failed)
        XCTAssertEqual(result(report, "PMPsX").errorCode?.rawValue, "pods.http.http-status")
        XCTAssertEqual(result(report, "PMPsY").status, .skipped)
        XCTAssertTrue(result(report, "PMPsY").reason!.contains("SPEC CHECKSUMS"))
        XCTAssertEqual(files(podsDir), ["VERSION"])
        XCTAssertFalse(report.allReady)
    }
}
