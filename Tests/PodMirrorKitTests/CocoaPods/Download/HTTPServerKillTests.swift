import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// A static file server in its own process (`RangeFileServer`: Range support, throttled) killed with SIGKILL in the
/// middle of a download and started again on the same port: the download resumes.
final class HTTPServerKillTests: XCTestCase {
    func testServerKilledMidDownloadAndRestartedIsResumedNotRestarted() throws {
        let temp = TempDirectory("http-kill")
        var rng = SystemRandomNumberGenerator()
        let payload = (0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        try temp.write("src/PMKill-1.0/payload.bin", payload)
        let tgz = temp.sub("root/archives/PMKill.tgz")
        try FileManager.default.createDirectory(atPath: temp.sub("root/archives"), withIntermediateDirectories: true)
        let made = try ProcessRunner.run("/usr/bin/env", ["tar", "-czf", tgz, "-C", temp.sub("src"), "PMKill-1.0"])
        XCTAssertEqual(made.status, 0)
        let bytes = try temp.read("root/archives/PMKill.tgz")
        var server = try RangeFileServer(root: temp.sub("root"))
        let port = server.port
        defer { server.stop() }

        for d in ["dest", "scratch"] {
            try FileManager.default.createDirectory(atPath: temp.sub(d), withIntermediateDirectories: true)
        }
        let seen = Seen()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let options = DownloadOptions(
            network: .test(stallTimeout: 10), environment: ["PATH": path], progress: { seen.add($0) }, retries: 3,
            retryDelay: 1)
        let done = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let source = HTTPSource(url: "http://127.0.0.1:\(port)/archives/PMKill.tgz", sha256: Digest.hex(.sha256, bytes))
        let (dest, scratch) = (temp.sub("dest"), temp.sub("scratch"))
        Thread {
            do {
                _ = try HTTPSourceDownloader.fetch(source, into: dest, scratch: scratch, options: options)
            } catch {
                outcome.error = error
            }
            done.signal()
        }.start()
        // At 256 KiB/s the ~1 MB archive takes about 4 s: kill the server once a quarter has arrived.
        let deadline = Date().addingTimeInterval(20)
        while seen.last < Int64(bytes.count / 4) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let atKill = seen.last
        kill(server.processIdentifier, SIGKILL)
        server.stop()
        server = try RangeFileServer(root: temp.sub("root"), port: port)
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertNil(outcome.error)
        XCTAssertGreaterThan(atKill, 0)
        XCTAssertLessThan(atKill, Int64(bytes.count), "killed mid-download")
        XCTAssertEqual(
            seen.values, seen.values.sorted(),
            "progress never fell back to zero: the second request resumed")
        XCTAssertEqual(try temp.read("dest/payload.bin"), try temp.read("src/PMKill-1.0/payload.bin"))
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int64] = []
        func add(_ v: Int64) { lock.lock(); list.append(v); lock.unlock() }
        var values: [Int64] { lock.lock(); defer { lock.unlock() }; return list }
        var last: Int64 { values.last ?? 0 }
    }

    final class Outcome: @unchecked Sendable {
        var error: Error?
    }
}
