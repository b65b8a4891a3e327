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
}
