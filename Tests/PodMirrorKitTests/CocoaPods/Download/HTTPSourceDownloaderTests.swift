import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest
import ZIPFoundation

/// `HTTPSourceDownloader` against a real loopback server, with archives built by `tar` (argv),
/// ZIPFoundation and, for hostile ones, Python's tarfile/zipfile.
final class HTTPSourceDownloaderTests: XCTestCase {
    var temp: TempDirectory!
    var server: ArchiveHTTPServer!
    var dest: String { temp.sub("dest") }
    var scratch: String { temp.sub("scratch") }

    override func setUpWithError() throws {
        temp = TempDirectory("http-source")
        server = try ArchiveHTTPServer()
        try FileManager.default.createDirectory(atPath: dest, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        server.stop()
        server = nil
        temp = nil
    }

    // MARK: fixtures

    /// A pod tree `PMHttp-1.0.0/{LICENSE,.hidden,Sources/PMHttp.swift,Sources/big.bin}` under `root`.
    func makePodTree(_ root: String, bigBytes: Int = 200_000) throws {
        try temp.write("\(root)/PMHttp-1.0.0/LICENSE", "MIT\n")
        try temp.write("\(root)/PMHttp-1.0.0/.hidden", "dot\n")
        try temp.write("\(root)/PMHttp-1.0.0/Sources/PMHttp.swift", "public struct PMHttp {}\n")
        var rng = SystemRandomNumberGenerator()
        let big = (0..<bigBytes).map { _ in UInt8.random(in: 0...255, using: &rng) }
        try temp.write("\(root)/PMHttp-1.0.0/Sources/big.bin", big)
    }

    /// A tar archive of `root`'s children, compressed per `flag` (`z`, `j`, `J` or ``), made by `tar`.
    func tarArchive(_ root: String, flag: String) throws -> [UInt8] {
        let out = temp.sub("archive-\(UUID().uuidString.prefix(6)).tar")
        let r = try ProcessRunner.run("/usr/bin/env", ["tar", "-c\(flag)f", out, "-C", temp.sub(root), "."])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try Array(Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func zipArchive(_ root: String) throws -> [UInt8] {
        let out = temp.url("archive-\(UUID().uuidString.prefix(6)).zip")
        try FileManager.default.zipItem(at: temp.url(root + "/PMHttp-1.0.0"), to: out, compressionMethod: .deflate)
        return try Array(Data(contentsOf: out))
    }

    /// Runs a Python script (tarfile/zipfile) that writes an archive to argv[1]; returns its bytes.
    func pythonArchive(_ script: String) throws -> [UInt8] {
        let out = temp.sub("hostile-\(UUID().uuidString.prefix(6))")
        let r = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, out])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try Array(Data(contentsOf: URL(fileURLWithPath: out)))
    }

    func options(
        retries: Int = 3, stall: TimeInterval = 10, environment: [String: String] = [:],
        cancellation: CancellationToken = .init()
    ) -> DownloadOptions {
        var env = environment
        env["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        var network = NetworkSettings.test(stallTimeout: stall)
        network.proxy = ProxySettings(environment: environment)
        return DownloadOptions(
            network: network, cancellation: cancellation, environment: env, retries: retries, retryDelay: 0.05)
    }

    func fetch(_ source: HTTPSource, _ options: DownloadOptions? = nil, limits: ArchiveLimits = .default) throws
        -> Int64
    {
        try HTTPSourceDownloader.fetch(
            source, into: dest, scratch: scratch, options: options ?? self.options(), limits: limits)
    }

    func listing(_ path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    func sha256(_ bytes: [UInt8]) -> String { Digest.hex(.sha256, bytes) }

    func assertNothingLeft(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(listing(dest), [], "destination must stay empty", file: file, line: line)
        XCTAssertEqual(listing(scratch), [], "scratch must hold nothing of the download", file: file, line: line)
    }

    func fetchError(_ source: HTTPSource, _ options: DownloadOptions? = nil, limits: ArchiveLimits = .default)
        -> HTTPSourceError?
    {
        catchError { _ = try fetch(source, options, limits: limits) } as? HTTPSourceError
    }

    func catchError(_ body: () throws -> Void) -> Error? {
        do { try body(); return nil } catch { return error }
    }

    // MARK: types, flattening, verification

    func testTgzWithOneTopFolderIsFlattenedAndArchiveRemoved() throws {
        try makePodTree("src")
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/PMTgz-1.0.0.tar.gz", tgz)
        let bytes = try fetch(HTTPSource(url: server.url + "/PMTgz-1.0.0.tar.gz", sha256: sha256(tgz)))
        XCTAssertEqual(bytes, Int64(tgz.count))
        XCTAssertEqual(listing(dest), [".hidden", "LICENSE", "Sources", "Sources/PMHttp.swift", "Sources/big.bin"])
        XCTAssertEqual(try temp.read("dest/Sources/big.bin"), try temp.read("src/PMHttp-1.0.0/Sources/big.bin"))
        XCTAssertEqual(listing(scratch), [], "the archive and the work folder are removed")
    }

    func testZipKeepsItsTopFolderUnlessFlattenIsGiven() throws {
        try makePodTree("src")
        let zip = try zipArchive("src")
        server.serve("/PMHttp.zip", zip)
        _ = try fetch(HTTPSource(url: server.url + "/PMHttp.zip", sha256: sha256(zip)))
        XCTAssertEqual(
            listing(dest),
            [
                "PMHttp-1.0.0", "PMHttp-1.0.0/.hidden", "PMHttp-1.0.0/LICENSE",
                "PMHttp-1.0.0/Sources", "PMHttp-1.0.0/Sources/PMHttp.swift",
                "PMHttp-1.0.0/Sources/big.bin",
            ])
        XCTAssertEqual(
            try temp.read("dest/PMHttp-1.0.0/Sources/big.bin"),
            try temp.read("src/PMHttp-1.0.0/Sources/big.bin"))

        try FileManager.default.removeItem(atPath: dest)
        try FileManager.default.createDirectory(atPath: dest, withIntermediateDirectories: true)
        _ = try fetch(HTTPSource(url: server.url + "/PMHttp.zip", flatten: true))
        XCTAssertEqual(listing(dest), [".hidden", "LICENSE", "Sources", "Sources/PMHttp.swift", "Sources/big.bin"])
    }

    func testEveryTarKindExtractsAndTwoTopEntriesAreNotFlattened() throws {
        try makePodTree("src", bigBytes: 5000)
        try temp.write("src/README.md", "top-level file\n")
        let kinds = [
            ("", "p.tar"), ("z", "p.tgz"), ("j", "p.tar.bz2"), ("j", "p.tbz"),
            ("J", "p.tar.xz"), ("J", "p.txz"),
        ]
        for (flag, name) in kinds {
            let bytes = try tarArchive("src", flag: flag)
            server.serve("/" + name, bytes)
            _ = try fetch(HTTPSource(url: server.url + "/" + name + "?token=x"))
            XCTAssertEqual(
                listing(dest),
                [
                    "PMHttp-1.0.0", "PMHttp-1.0.0/.hidden", "PMHttp-1.0.0/LICENSE",
                    "PMHttp-1.0.0/Sources", "PMHttp-1.0.0/Sources/PMHttp.swift",
                    "PMHttp-1.0.0/Sources/big.bin", "README.md",
                ], name)
            FileTreeCleaner.empty(dest)
        }
        // `:type` wins over the URL; flatten: false keeps the single folder of a tar.
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/download?id=7", tgz)
        _ = try fetch(HTTPSource(url: server.url + "/download?id=7", type: .tgz, flatten: false))
        XCTAssertTrue(listing(dest).contains("README.md"))
        XCTAssertEqual(listing(scratch), [])
    }

    func testWrongSha256FailsNamingBothChecksumsAndLeavesNothing() throws {
        try makePodTree("src", bigBytes: 1000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/PMTgz.tgz", tgz)
        let wrong = String(repeating: "ab", count: 32)
        let url = "http://user:secret@127.0.0.1:\(server.port)/PMTgz.tgz"
        let error = catchError { _ = try fetch(HTTPSource(url: url, sha256: wrong)) }
        let e = try XCTUnwrap(error as? HTTPSourceError)
        XCTAssertEqual(e.kind, .checksum)
        XCTAssertEqual(e.code, .podsHTTPChecksum)
        let expected = "Verification checksum was incorrect, expected \(wrong), got \(sha256(tgz))"
        XCTAssertTrue(e.message.hasPrefix(expected), e.message)
        XCTAssertTrue(e.message.contains("http://***@127.0.0.1:\(server.port)/PMTgz.tgz"), e.message)
        XCTAssertFalse(e.message.contains("secret"))
        assertNothingLeft()
    }

    func testSha1IsCheckedWhenNoSha256IsGiven() throws {
        try makePodTree("src", bigBytes: 1000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/a.tgz", tgz)
        _ = try fetch(HTTPSource(url: server.url + "/a.tgz", sha1: Digest.hex(.sha1, tgz)))
        XCTAssertTrue(listing(dest).contains("LICENSE"))
        FileTreeCleaner.empty(dest)
        let zeros = String(repeating: "0", count: 40)
        let e = catchError { _ = try fetch(HTTPSource(url: server.url + "/a.tgz", sha1: zeros)) }
        XCTAssertEqual((e as? HTTPSourceError)?.kind, .checksum)
        XCTAssertTrue((e as? HTTPSourceError)?.message.contains("sha1") == true)
        assertNothingLeft()
    }

    func testTruncatedArchiveWithoutChecksumFailsExtractionAndLeavesNothing() throws {
        try makePodTree("src")
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/cut.tgz", Array(tgz.prefix(tgz.count / 2)))
        let e = catchError { _ = try fetch(HTTPSource(url: server.url + "/cut.tgz")) }
        XCTAssertEqual((e as? HTTPSourceError)?.kind, .extraction, "\(String(describing: e))")
        assertNothingLeft()
    }

    func testDmgAndUnknownTypesAreLeftToCocoaPodsWithoutARequest() throws {
        for url in [server.url + "/Pod.dmg", server.url + "/Pod.7z", server.url + "/download"] {
            let e = catchError { _ = try fetch(HTTPSource(url: url)) } as? HTTPSourceError
            XCTAssertEqual(e?.isLeftToCocoaPods, true, url)
        }
        XCTAssertEqual(server.requests.count, 0)
        assertNothingLeft()
    }

    // MARK: hostile archives

    func assertRefused(
        _ bytes: [UInt8], name: String, code: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        server.serve("/" + name, bytes)
        let e = catchError { _ = try fetch(HTTPSource(url: server.url + "/" + name)) } as? HTTPSourceError
        XCTAssertEqual(e?.kind, .unsafeArchive, "\(name): \(String(describing: e))", file: file, line: line)
        XCTAssertEqual(e?.code, .podsHTTPUnsafeArchive, file: file, line: line)
        XCTAssertEqual(e?.text?.key, "pods.http.unsafe-entry." + code, name, file: file, line: line)
        assertNothingLeft(file: file, line: line)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: temp.sub("evil")), "nothing written outside",
            file: file, line: line)
    }

    func testTarPathTraversalIsRefusedBeforeExtraction() throws {
        let tar = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w:gz') as t:
                for name in ['pod/ok.txt', 'pod/../../evil']:
                    data = b'x'; i = tarfile.TarInfo(name); i.size = len(data); t.addfile(i, io.BytesIO(data))
            """)
        assertRefused(tar, name: "traversal.tgz", code: "parent-reference")
    }

    func testTarAbsolutePathIsRefused() throws {
        let target = temp.sub("evil")
        let tar = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                data = b'x'; i = tarfile.TarInfo('\(target)'); i.size = 1; t.addfile(i, io.BytesIO(data))
            """)
        assertRefused(tar, name: "absolute.tar", code: "absolute-path")
    }

    func testTarSymlinkPointingOutIsRefused() throws {
        let tar = try pythonArchive(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1], 'w:xz') as t:
                i = tarfile.TarInfo('pod/Headers'); i.type = tarfile.SYMTYPE; i.linkname = '../../../etc'; t.addfile(i)
            """)
        assertRefused(tar, name: "outlink.tar.xz", code: "link-outside")
        let absolute = try pythonArchive(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1], 'w:bz2') as t:
                i = tarfile.TarInfo('pod/passwd'); i.type = tarfile.SYMTYPE; i.linkname = '/etc/passwd'; t.addfile(i)
            """)
        assertRefused(absolute, name: "abslink.tbz", code: "link-outside")
    }

    func testTarMemberWrittenThroughALinkIsRefused() throws {
        let tar = try pythonArchive(
            """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                i = tarfile.TarInfo('pod/dir'); i.type = tarfile.SYMTYPE; i.linkname = 'real'; t.addfile(i)
                data = b'x'; i = tarfile.TarInfo('pod/dir/file'); i.size = 1; t.addfile(i, io.BytesIO(data))
            """)
        assertRefused(tar, name: "through.tar", code: "through-link")
    }

    func testLinkChainThatOnlyEscapesOnDiskIsFoundAfterExtraction() throws {
        // Each link stays inside by name (x/y/z/s -> ../../.. is the root), but t -> x/y/z/s/.. is the
        // root's parent once s is followed on disk.
        let tar = try pythonArchive(
            """
            import sys, tarfile
            with tarfile.open(sys.argv[1], 'w:gz') as t:
                for d in ['x', 'x/y', 'x/y/z']:
                    i = tarfile.TarInfo(d); i.type = tarfile.DIRTYPE; i.mode = 0o755; t.addfile(i)
                i = tarfile.TarInfo('x/y/z/s'); i.type = tarfile.SYMTYPE; i.linkname = '../../..'; t.addfile(i)
                i = tarfile.TarInfo('t'); i.type = tarfile.SYMTYPE; i.linkname = 'x/y/z/s/..'; t.addfile(i)
            """)
        assertRefused(tar, name: "chain.tgz", code: "link-outside")
    }

    func testZipTraversalAndOutwardSymlinkAreRefused() throws {
        let traversal = try pythonArchive(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('pod/ok.txt', 'ok'); z.writestr('pod/../../evil', 'x')
            """)
        assertRefused(traversal, name: "traversal.zip", code: "parent-reference")
        let link = try pythonArchive(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                i = zipfile.ZipInfo('pod/escape'); i.create_system = 3; i.external_attr = (0o120777 << 16)
                z.writestr(i, '../../evil')
            """)
        assertRefused(link, name: "link.zip", code: "link-outside")
    }

    func testZipSymlinkInsideThePodIsKeptEvenAcrossFolders() throws {
        let zip = try pythonArchive(
            """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w') as z:
                z.writestr('Pod/Shared/Headers/A.h', '// a')
                i = zipfile.ZipInfo('Pod/Framework/Headers'); i.create_system = 3; i.external_attr = (0o120777 << 16)
                z.writestr(i, '../Shared/Headers')
            """)
        server.serve("/fw.zip", zip)
        _ = try fetch(HTTPSource(url: server.url + "/fw.zip"))
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: dest + "/Pod/Framework/Headers")
        XCTAssertEqual(link, "../Shared/Headers")
        XCTAssertEqual(try String(contentsOfFile: dest + "/Pod/Framework/Headers/A.h", encoding: .utf8), "// a")
    }

    // MARK: transfer faults

    func testDroppedConnectionResumesWithRangeAndGivesIdenticalBytes() throws {
        try makePodTree("src", bigBytes: 400_000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/big.tgz", tgz)
        server.inject("/big.tgz", [.dropAfter(150_000)])
        _ = try fetch(HTTPSource(url: server.url + "/big.tgz", sha256: sha256(tgz)))
        let gets = server.requests.filter { $0.path == "/big.tgz" }
        XCTAssertEqual(gets.count, 2)
        XCTAssertNil(gets[0].headers["range"])
        XCTAssertEqual(gets[1].headers["range"], "bytes=150000-")
        XCTAssertEqual(
            gets[1].headers["if-range"], ArchiveHTTPServer.etag(tgz),
            "resume is guarded by the first answer's ETag")
        XCTAssertEqual(try temp.read("dest/Sources/big.bin"), try temp.read("src/PMHttp-1.0.0/Sources/big.bin"))
    }

    func testServerIgnoringRangeMakesTheDownloadStartOver() throws {
        try makePodTree("src", bigBytes: 100_000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/r.tgz", tgz)
        server.inject("/r.tgz", [.dropAfter(30_000), .ignoreRange])
        _ = try fetch(HTTPSource(url: server.url + "/r.tgz", sha256: sha256(tgz)))
        let gets = server.requests.filter { $0.path == "/r.tgz" }
        XCTAssertEqual(gets.map { $0.headers["range"] }, [nil, "bytes=30000-", nil])
        XCTAssertTrue(listing(dest).contains("Sources/big.bin"))
    }

    func testStallIsCutByTheStallTimeoutThenResumed() throws {
        try makePodTree("src", bigBytes: 100_000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/s.tgz", tgz)
        server.inject("/s.tgz", [.stallAfter(20_000, seconds: 30)])
        let start = Date()
        _ = try fetch(HTTPSource(url: server.url + "/s.tgz", sha256: sha256(tgz)), options(stall: 1))
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, "a 1 s stall timeout must not wait for the 30 s stall")
        XCTAssertEqual(server.requests.filter { $0.path == "/s.tgz" }.last?.headers["range"], "bytes=20000-")
    }

    func testStallOnEveryAttemptFailsAfterTheRetries() throws {
        server.serve("/s.zip", Array(repeating: 7, count: 50_000))
        server.inject("/s.zip", Array(repeating: .stallAfter(10, seconds: 30), count: 3))
        let e = fetchError(HTTPSource(url: server.url + "/s.zip"), options(retries: 1, stall: 1))
        XCTAssertEqual(e?.kind, .transfer)
        XCTAssertEqual(e?.exitStatus, .network)
        XCTAssertTrue(e?.message.contains("after 2 attempt(s)") == true, e?.message ?? "")
        XCTAssertEqual(server.requests.count, 2)
        assertNothingLeft()
    }

    /// A server stalling on every attempt: the download ends within `stalledBound` (attempts × stall timeout +
    /// backoff), the bound docs/pods-fetch.md and `pods fetch --help` state.
    func testStallingOnEveryAttemptEndsWithinTheStatedBound() throws {
        server.serve("/b.zip", Array(repeating: 7, count: 50_000))
        server.inject("/b.zip", Array(repeating: .stallAfter(10, seconds: 60), count: 3))
        var stalling = options(retries: 2, stall: 1)
        stalling.retryDelay = 0.5
        XCTAssertEqual(stalling.stalledBound, 3 * (1 + 1) + 0.5 + 1, accuracy: 0.001)
        XCTAssertEqual(
            DownloadOptions(network: .test(stallTimeout: 3)).stalledBound, 23, accuracy: 0.001,
            "4 × (3 + 1) s + 1 + 2 + 4")
        let start = Date()
        let e = fetchError(HTTPSource(url: server.url + "/b.zip"), stalling)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(e?.kind, .transfer)
        XCTAssertEqual(server.requests.count, 3, "every attempt was made")
        XCTAssertGreaterThanOrEqual(seconds, 1.5, "the backoff was waited")
        // Slack for connecting and scheduling on a loaded machine, not for the stalls themselves.
        XCTAssertLessThan(seconds, stalling.stalledBound + 1.5, "took \(seconds) s")
        assertNothingLeft()
    }

    /// A byte every quarter second never stalls: the minimum rate (libcurl's low-speed limit) ends it.
    func testTricklingServerIsAbandonedUnderTheMinimumRate() throws {
        server.serve("/t.zip", Array(repeating: 7, count: 50_000))
        server.inject("/t.zip", [.trickleAfter(1000, seconds: 30)])
        var slow = options(retries: 0, stall: 20)
        slow.network.minimumRate = MinimumRate(bytesPerSecond: 1000, seconds: 2)
        let start = Date()
        let e = fetchError(HTTPSource(url: server.url + "/t.zip"), slow)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(e?.kind, .transfer, "\(String(describing: e))")
        XCTAssertEqual(e?.exitStatus, .network)
        XCTAssertTrue(e?.message.contains("slower than 1000 bytes/s for 2 s") == true, e?.message ?? "")
        XCTAssertGreaterThanOrEqual(seconds, 2)
        XCTAssertLessThan(seconds, 10, "the 20 s stall timeout never fires on a trickle: the rate must")
        assertNothingLeft()
    }

    func testNotFoundFailsAtOnceNamingTheRedactedURL() throws {
        let e = fetchError(HTTPSource(url: "http://me:token@127.0.0.1:\(server.port)/missing.zip"))
        XCTAssertEqual(e?.kind, .httpStatus)
        XCTAssertEqual(e?.status, 404)
        XCTAssertEqual(e?.message, "http://***@127.0.0.1:\(server.port)/missing.zip answered HTTP 404")
        XCTAssertEqual(server.requests.count, 1, "a 404 is not retried")
        assertNothingLeft()
    }

    func testServerErrorIsRetriedAndPersistentOnesFail() throws {
        try makePodTree("src", bigBytes: 1000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/e.tgz", tgz)
        server.inject("/e.tgz", [.status(500), .status(503)])
        _ = try fetch(HTTPSource(url: server.url + "/e.tgz"))
        XCTAssertEqual(server.requests.count, 3)
        FileTreeCleaner.empty(dest)
        server.inject("/e.tgz", Array(repeating: .status(500), count: 3))
        let e = fetchError(HTTPSource(url: server.url + "/e.tgz"), options(retries: 2))
        XCTAssertEqual(e?.kind, .transfer)
        XCTAssertTrue(e?.message.contains("HTTP 500") == true, e?.message ?? "")
        assertNothingLeft()
    }

    func testRedirectIsFollowed() throws {
        try makePodTree("src", bigBytes: 1000)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/real.tgz", tgz)
        server.redirect("/moved.tgz", to: server.url + "/real.tgz")
        _ = try fetch(HTTPSource(url: server.url + "/moved.tgz", sha256: sha256(tgz)))
        XCTAssertEqual(server.requests.map(\.path), ["/moved.tgz", "/real.tgz"])
    }

    func testCocoaPodsUserAgentUnlessTheHeadersGiveOne() throws {
        try makePodTree("src", bigBytes: 10)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/h.tgz", tgz)
        _ = try fetch(HTTPSource(url: server.url + "/h.tgz", headers: ["X-Token: abc"]))
        XCTAssertEqual(server.requests.last?.headers["user-agent"], "'CocoaPods/1.17.0 cocoapods-downloader/2.1'")
        XCTAssertEqual(server.requests.last?.headers["x-token"], "abc")
        FileTreeCleaner.empty(dest)
        _ = try fetch(HTTPSource(url: server.url + "/h.tgz", headers: ["user-agent: MyAgent/2"]))
        XCTAssertEqual(server.requests.last?.headers["user-agent"], "MyAgent/2")
    }

    func testCancellationStopsAStalledDownloadAndLeavesNothing() throws {
        server.serve("/c.tgz", Array(repeating: 1, count: 100_000))
        server.inject("/c.tgz", [.stallAfter(1000, seconds: 30)])
        let token = CancellationToken()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { token.cancel() }
        let start = Date()
        let e = catchError {
            _ = try self.fetch(
                HTTPSource(url: self.server.url + "/c.tgz"),
                options(stall: 60, cancellation: token))
        }
        XCTAssertTrue(e is InterruptedError, "\(String(describing: e))")
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
        assertNothingLeft()
    }

    // MARK: proxies

    func testProxyFromTheEnvironmentCarriesTheDownloadAndNoProxyBypassesIt() throws {
        try makePodTree("src", bigBytes: 1000)
        let tgz = try tarArchive("src", flag: "z")
        let proxy = try ArchiveHTTPServer(files: ["/p.tgz": tgz])
        defer { proxy.stop() }
        server.serve("/p.tgz", tgz)
        let url = server.url + "/p.tgz"
        _ = try fetch(
            HTTPSource(url: url),
            options(environment: ["http_proxy": proxy.url, "HTTPS_PROXY": "http://127.0.0.1:9"]))
        XCTAssertEqual(proxy.requests.map(\.target), [url], "the proxy got the absolute URL")
        XCTAssertEqual(proxy.requests.first?.proxied, true)
        XCTAssertEqual(server.requests.count, 0)

        FileTreeCleaner.empty(dest)
        _ = try fetch(
            HTTPSource(url: url),
            options(environment: ["http_proxy": proxy.url, "no_proxy": "localhost,127.0.0.1"]))
        XCTAssertEqual(proxy.requests.count, 1, "no_proxy sends it direct")
        XCTAssertEqual(server.requests.count, 1)
    }

    func testMirrorProbesUseTheSameProxyDecision() throws {
        let proxy = try ArchiveHTTPServer(files: ["/specs.4.8.gz": [0x1F, 0x8B, 0]])
        defer { proxy.stop() }
        let url = "http://gems.example.invalid/specs.4.8.gz"
        let answer = try HTTPGet(timeout: 5, proxy: ProxySettings(environment: ["http_proxy": proxy.url])).fetch(url)
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(proxy.requests.first?.target, "http://gems.example.invalid/specs.4.8.gz")
        // Without a proxy in the given environment nothing is taken from the process's own.
        XCTAssertThrowsError(try HTTPGet(timeout: 2, proxy: ProxySettings()).fetch(url))
    }
}

/// Empties a folder between cases of one test.
enum FileTreeCleaner {
    static func empty(_ path: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            try? FileManager.default.removeItem(atPath: path + "/" + name)
        }
    }
}

extension HTTPSourceDownloaderTests {
    func testANonEmptyDestinationIsNeverOverwritten() throws {
        try makePodTree("src", bigBytes: 10)
        let tgz = try tarArchive("src", flag: "z")
        server.serve("/n.tgz", tgz)
        try temp.write("dest/Sources/keep.txt", "mine\n")
        let e = catchError { _ = try fetch(HTTPSource(url: server.url + "/n.tgz")) } as? HTTPSourceError
        XCTAssertEqual(e?.kind, .fileSystem, "\(String(describing: e))")
        XCTAssertEqual(listing(dest), ["Sources", "Sources/keep.txt"], "only what this download moved is taken back")
        XCTAssertEqual(listing(scratch), [])
    }
}
