import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

final class MirrorProbeTests: XCTestCase {
    let headA = String(repeating: "a1", count: 20)
    let headB = String(repeating: "b2", count: 20)

    func testGemMirrorsRankedFastFirstSlowAfterBrokenLast() throws {
        let fast = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        let slow = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .slow(0.6))
        let broken = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .error500)
        let wrong = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .wrongContent)
        let redirect = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .redirectToHTTP)
        let mirrors = [("slow", slow), ("broken", broken), ("fast", fast), ("wrong", wrong), ("redirect", redirect)].map
        {
            Mirror(name: $0.0, kind: .gems, url: $0.1.url + "/")
        }
        let results = MirrorProbe(network: .test(), timeout: 5).run(mirrors)
        XCTAssertEqual(results.prefix(2).map(\.name), ["fast", "slow"])
        XCTAssertEqual(results.prefix(2).map(\.rank), [1, 2])
        XCTAssertEqual(results[0].compactIndex, true)
        XCTAssertGreaterThan(results[1].seconds ?? 0, 0.5)
        let byName = Dictionary(uniqueKeysWithValues: results.map { ($0.name, $0) })
        XCTAssertEqual(byName["broken"]?.problem, "HTTP 500")
        XCTAssertTrue(byName["wrong"]?.problem?.contains("not gzip") ?? false, byName["wrong"]?.problem ?? "")
        XCTAssertTrue(byName["redirect"]?.problem?.contains("plain http") ?? false, byName["redirect"]?.problem ?? "")
        XCTAssertFalse(results.suffix(3).contains { $0.healthy || $0.rank != nil })
        XCTAssertEqual(fast.requests, ["GET /specs.4.8.gz", "HEAD /versions"])
    }

    func testHTTPGetReturnsStatusHeadersAndBytesAndRefusesOtherSchemes() throws {
        let server = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        let http = HTTPGet(timeout: 5)
        let gz = try http.fetch(server.url + "/specs.4.8.gz")
        XCTAssertEqual(gz.status, 200)
        XCTAssertEqual(Array(gz.body), StaticHTTPServer.gemMirrorRoutes()["/specs.4.8.gz"]?.body)
        XCTAssertEqual(gz.header("content-type"), "application/octet-stream")
        let head = try http.fetch(server.url + "/versions", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(try http.fetch(server.url + "/missing").status, 404)
        XCTAssertEqual(server.requests, ["GET /specs.4.8.gz", "HEAD /versions", "GET /missing"])
        // Only http and https: a mirror URL must never read local files or speak other protocols.
        for url in ["file:///etc/hostname", "ftp://127.0.0.1:1/x", "gopher://127.0.0.1:1/"] {
            XCTAssertThrowsError(try http.fetch(url), url)
        }
    }

    func testTimeoutMakesAMirrorBroken() throws {
        let stuck = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .slow(3))
        let start = Date()
        let r = MirrorProbe(network: .test(), timeout: 0.5).run([Mirror(name: "stuck", kind: .gems, url: stuck.url)])
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.5)
        XCTAssertFalse(r[0].healthy)
        XCTAssertTrue(r[0].problem?.contains("no answer within") ?? false, r[0].problem ?? "")
    }

    /// The problems podmirror words itself reach a zh-Hans reader in Chinese (JSON keeps the English).
    func testProbeProblemsAreLocalized() throws {
        try RunScope.current.with(language: .simplifiedChinese).run {
            let stuck = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .slow(3))
            let redirect = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .redirectToHTTP)
            let wrong = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .wrongContent)
            let r = MirrorProbe(network: .test(), timeout: 0.5).run(
                [
                    ("stuck", stuck.url), ("redirect", redirect.url), ("wrong", wrong.url),
                    ("closed", "http://127.0.0.1:9"),
                ]
                .map { Mirror(name: $0.0, kind: .gems, url: $0.1) })
            let byName = Dictionary(uniqueKeysWithValues: r.map { ($0.name, $0) })
            XCTAssertEqual(byName["stuck"]?.problem, "no answer within 0.5 s")
            XCTAssertEqual(byName["stuck"]?.problemLocalized, "0.5 秒内没有响应")
            XCTAssertTrue(byName["redirect"]?.problemLocalized?.hasPrefix("重定向到了明文 http") ?? false, "\(r)")
            XCTAssertTrue(byName["wrong"]?.problemLocalized?.hasPrefix("specs.4.8.gz 不是 gzip 数据") ?? false, "\(r)")
            // A refused connection in Chinese (CurlReason); JSON keeps libcurl's words as they are.
            XCTAssertEqual(byName["closed"]?.problemLocalized, "无法连接服务器", "\(r)")
            XCTAssertTrue(byName["closed"]?.problem?.contains("127.0.0.1 port 9") ?? false, "\(r)")
        }
    }

    func testSpecsMirrorsHeadComparedAndStaleOneReported() throws {
        let one = try StaticHTTPServer(routes: StaticHTTPServer.specsMirrorRoutes(head: headA))
        let two = try StaticHTTPServer(routes: StaticHTTPServer.specsMirrorRoutes(head: headA), mode: .slow(1.0))
        let old = try StaticHTTPServer(routes: StaticHTTPServer.specsMirrorRoutes(head: headB))
        let dumb = try StaticHTTPServer(
            routes: StaticHTTPServer.specsMirrorRoutes(head: headA).mapValues {
                var r = $0; r.headers["Content-Type"] = "text/plain"; return r
            })
        let results = MirrorProbe(network: .test(), timeout: 5).run([
            Mirror(name: "old", kind: .specsGit, url: old.url + "/Specs.git"),
            Mirror(name: "two", kind: .specsGit, url: two.url + "/Specs.git"),
            Mirror(name: "one", kind: .specsGit, url: one.url + "/Specs.git"),
            Mirror(name: "dumb", kind: .specsGit, url: dumb.url + "/Specs.git"),
        ])
        XCTAssertEqual(results.map(\.name), ["one", "two", "old", "dumb"])
        XCTAssertEqual(results[0].head, headA)
        // No local repo relates the HEADs: the most common one goes first, the other is said to be unknown.
        XCTAssertEqual(results[0].freshness, .unknown)
        XCTAssertTrue(results[2].healthy && !results[2].stale && results[2].rank == 3)
        XCTAssertEqual(results[2].freshness, .unknown)
        XCTAssertTrue(results[2].problem?.contains("unknown") ?? false, results[2].problem ?? "")
        XCTAssertTrue(results[3].problem?.contains("content type 'text/plain'") ?? false, results[3].problem ?? "")
        XCTAssertEqual(one.requests, ["GET /Specs.git/info/refs?service=git-upload-pack"])
    }

    func testVerifyRefusesABrokenMirrorWithNetworkExit() throws {
        let broken = try StaticHTTPServer(routes: [:])
        XCTAssertThrowsError(
            try MirrorProbe(network: .test(), timeout: 2).verify(
                Mirror(name: "x", kind: .specsGit, url: broken.url + "/Specs.git"))
        ) {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.exitStatus, .network)
            XCTAssertTrue(($0 as? PodMirrorFailure)?.message.contains("HTTP 404") ?? false)
        }
    }

    func testAdvertisementParsing() throws {
        let body = StaticHTTPServer.specsMirrorRoutes(head: headA).values.first!.body
        let ads = try RefAdvertisement(parsing: Data(body))
        XCTAssertEqual(ads.head, headA)
        XCTAssertEqual(ads.headTarget, "refs/heads/master")
        XCTAssertThrowsError(try RefAdvertisement(parsing: Data("<html>".utf8)))
    }
}
