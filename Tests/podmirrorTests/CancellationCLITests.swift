import Foundation
import PodMirrorTestSupport
import XCTest

/// One Ctrl-C ends a command at once, also while probes wait on the network.
final class CancellationCLITests: XCTestCase {
    func testFirstInterruptEndsMirrorTestAtOnce() throws {
        let home = TempDirectory()
        let slow = try StaticHTTPServer(
            routes: StaticHTTPServer.specsMirrorRoutes(head: String(repeating: "a", count: 40)),
            mode: .slow(20))
        defer { slow.stop() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: PodmirrorBinary().path)
        p.arguments = ["mirror", "test", "--timeout", "30", slow.url + "/Specs.git", "--json"]
        p.environment = PodmirrorBinary().environment(home: home.path)
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Wait until the probe is under way.
        for _ in 0..<100 where slow.requests.isEmpty { usleep(50_000) }
        XCTAssertFalse(slow.requests.isEmpty, "the probe reached the server")
        let start = Date()
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        XCTAssertLessThan(seconds, 3, "ended at the first interrupt, not after the 20 s answer")
        XCTAssertEqual(p.terminationStatus, 130)
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let json = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        XCTAssertEqual((json?["error"] as? [String: Any])?["code"] as? String, "interrupted", stdout)
    }

    /// Also while it fetches the mirrors' history to learn which is newest (#29 item 20): the fetch stops,
    /// the scratch repo is removed, exit 130.
    func testFirstInterruptEndsMirrorTestWhileItFetchesHistory() throws {
        let home = TempDirectory()
        let tmp = TempDirectory("pm-cancel-tmp")
        let served = TempDirectory("pm-cancel-served")
        let official = try SpecsFixture(root: served.path, name: "a", pods: 12, commits: 3)
        _ = try official.mirror(named: "b", seed: "b")
        try official.addCommits(2)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        server.setFault(.stallAfter(bytes: 100))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: PodmirrorBinary().path)
        p.arguments = ["mirror", "test", "--timeout", "30", server.url("a.git"), server.url("b.git"), "--json"]
        var environment = PodmirrorBinary().environment(home: home.path)
        environment["TMPDIR"] = tmp.path
        p.environment = environment
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Wait until the scratch repo exists: the probes are done and the fetch is under way (and stalled).
        for _ in 0..<200 where tmp.listing().isEmpty { usleep(25_000) }
        XCTAssertFalse(tmp.listing().isEmpty, "the history fetch started")
        usleep(300_000)
        let start = Date()
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertLessThan(Date().timeIntervalSince(start), 3, "ended at the first interrupt, not at the 30 s bound")
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertEqual(tmp.listing(), [], "the scratch repo is removed")
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let json = try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]
        XCTAssertEqual((json?["error"] as? [String: Any])?["code"] as? String, "interrupted", stdout)
    }
}
