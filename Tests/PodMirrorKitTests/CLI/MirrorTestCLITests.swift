import Foundation
import PodMirrorTestSupport
import XCTest

final class MirrorTestCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testPickPrintsFastestHealthyGemMirrorAndJSONRanks() throws {
        let fast = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        // The slow mirror's delay is well above what a loaded CI machine adds to the fast one's answer.
        let slow = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .slow(2.0))
        let broken = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes(), mode: .error500)
        let home = TempDirectory()
        let args = ["mirror", "test", "--gems", "--timeout", "8", broken.url + "/", slow.url + "/", fast.url + "/"]
        var r = try bin.run(args + ["--pick"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, fast.url + "/\n")
        r = try bin.run(args + ["--json"], home: home.path)
        let results = try PodmirrorBinary.json(r)["results"] as? [[String: Any]]
        XCTAssertEqual(results?.map { $0["url"] as? String }, [fast.url + "/", slow.url + "/", broken.url + "/"])
        XCTAssertEqual(results?.map { $0["healthy"] as? Bool }, [true, true, false])
        r = try bin.run(args, home: home.path)
        XCTAssertTrue(r.stdout.contains("broken  HTTP 500"), r.stdout)
    }

    func testNoUsableMirrorExitsFour() throws {
        let broken = try StaticHTTPServer(routes: [:], mode: .wrongContent)
        let home = TempDirectory()
        let r = try bin.run(["mirror", "test", "--pick", "--timeout", "3", broken.url + "/Specs.git"], home: home.path)
        XCTAssertEqual(r.status, 4, r.stdout + r.stderr)
        XCTAssertEqual(r.stdout, "")
    }
}

final class DoctorCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testDoctorExitsOneOnErrorFindingAndZeroWhenClean() throws {
        let home = TempDirectory()
        var r = try bin.run(
            ["doctor", "--json", "--offline"], home: home.path,
            extraEnvironment: ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["ok"] as? Bool, false)
        XCTAssertTrue(
            (obj["findings"] as? [[String: Any]])?.contains {
                $0["id"] as? String == "locale.not-utf8" && $0["fix"] is String
            } ?? false)
        r = try bin.run(
            ["doctor", "--offline"], home: home.path,
            extraEnvironment: ["LANG": "en_US.UTF-8", "LC_ALL": "", "LC_CTYPE": ""])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("0 error(s)"), r.stdout)
    }
}
