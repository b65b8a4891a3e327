import Foundation
import PodMirrorTestSupport
import XCTest

/// `podmirror reinstall` end to end with a recording stand-in `pod` script on PATH (CocoaPods
/// cannot be installed here): the real process-running path, argv, locale, restore on failure.
final class ReinstallCLITests: XCTestCase {
    let bin = PodmirrorBinary()

    /// The stand-in: logs argv, cwd and locale; on success writes Pods/ and Podfile.lock and
    /// changes the project; with POD_STANDIN_FAIL=N it makes a mess of all three, then exits N.
    static let standIn = """
        #!/bin/sh
        {
          echo "argv: $*"
          echo "cwd: $(pwd)"
          echo "LANG: ${LANG:-} LC_ALL: ${LC_ALL:-}"
          echo "old-pods: $(ls Pods 2>/dev/null | tr '\\n' ' ')"
        } >> "$POD_STANDIN_LOG"
        echo "Analyzing dependencies"
        mkdir -p Pods/Fresh
        echo "fresh" > Pods/Manifest.lock
        echo "PODS: [fresh]" > Podfile.lock
        for p in *.xcodeproj/project.pbxproj; do printf '// touched by pod\\n' >> "$p"; done
        if [ -n "${POD_STANDIN_FAIL:-}" ]; then
          echo "[!] Unable to find a specification for Nope"
          exit "$POD_STANDIN_FAIL"
        fi
        echo "Pod installation complete!"
        """

    struct Fixture {
        let dir: TempDirectory
        let bin: TempDirectory
        let log: String
        /// podmirror's warning memory, kept outside the project folder the tests snapshot (it is HOME).
        let state = TempDirectory("reinstall-state")
        var env: [String: String] {
            [
                "PATH": "\(bin.path):/usr/bin:/bin", "POD_STANDIN_LOG": log, "LANG": "", "LC_ALL": "", "LC_CTYPE": "",
                "XDG_STATE_HOME": state.path,
            ]
        }
    }

    func fixture() throws -> Fixture {
        let dir = TempDirectory("reinstall")
        try dir.write(
            "Runner.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/localsend-flutter/project.pbxproj"))
        try dir.write("Podfile", "target 'Runner' do\nend\n")
        try dir.write("Podfile.lock", "PODS: [old]\n")
        try dir.write("Pods/Manifest.lock", "old\n")
        try dir.write("Pods/Old/file.m", "int x;\n")
        let bin = TempDirectory("standin-bin")
        let pod = try bin.write("pod", Self.standIn)
        chmod(pod, 0o755)
        return Fixture(dir: dir, bin: bin, log: dir.sub("../\((dir.path as NSString).lastPathComponent).pod.log"))
    }

    func snapshot(_ dir: TempDirectory) throws -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for p in dir.listing() where !FileManager.default.isDirectory(dir.sub(p)) { out[p] = try dir.read(p) }
        for p in dir.listing() where FileManager.default.isDirectory(dir.sub(p)) { out[p + "/"] = [] }
        return out
    }

    func testStandInPodSuccessDeintegratesThenInstalls() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.log) }
        let r = try bin.run(["reinstall", "--repo-update"], home: f.dir.path, cwd: f.dir.path, extraEnvironment: f.env)
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        XCTAssertTrue(r.stdout.contains("Deintegrating `Runner.xcodeproj`"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Analyzing dependencies\n"), "pod's output is streamed: \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("pod install succeeded"), r.stdout)
        let log = try String(contentsOfFile: f.log, encoding: .utf8)
        // A stock CocoaPods refuses root; podmirror passes --allow-root when it runs as root.
        XCTAssertTrue(log.contains("argv: install --repo-update\(geteuid() == 0 ? " --allow-root" : "")\n"), log)
        XCTAssertTrue(log.contains("cwd: \(f.dir.path)\n"), log)
        XCTAssertTrue(log.contains("LANG: en_US.UTF-8"), "a UTF-8 locale when the environment has none: \(log)")
        XCTAssertTrue(log.contains("old-pods: \n"), "Pods/ was moved aside before pod ran: \(log)")
        let project = String(decoding: try f.dir.read("Runner.xcodeproj/project.pbxproj"), as: UTF8.self)
        XCTAssertFalse(project.contains("[CP] Check Pods Manifest.lock"))
        XCTAssertTrue(project.hasSuffix("// touched by pod\n"))
        XCTAssertEqual(String(decoding: try f.dir.read("Pods/Manifest.lock"), as: UTF8.self), "fresh\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.dir.sub("Pods/Old")))
        XCTAssertFalse(
            f.dir.listing().contains { $0.hasPrefix(".Pods.podmirror") }, "no backup left: \(f.dir.listing())")
    }

    func testStandInPodFailureRestoresProjectAndPodsByteForByte() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.log) }
        let before = try snapshot(f.dir)
        var env = f.env
        env["POD_STANDIN_FAIL"] = "31"
        let r = try bin.run(["reinstall"], home: f.dir.path, cwd: f.dir.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 31, "exits with pod's status: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("`pod install` failed with exit status 31"), r.stderr)
        XCTAssertTrue(r.stdout.contains("Unable to find a specification"), r.stdout)
        let after = try snapshot(f.dir)
        XCTAssertEqual(after.keys.sorted(), before.keys.sorted())
        for (k, v) in before { XCTAssertTrue(after[k] == v, "\(k) not restored") }
    }

    func testStandInPodFailureWithJSONKeepsStdoutOneDocument() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.log) }
        let before = try snapshot(f.dir)
        var env = f.env
        env["POD_STANDIN_FAIL"] = "1"
        let r = try bin.run(["reinstall", "--json"], home: f.dir.path, cwd: f.dir.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 1)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["ok"] as? Bool, false)
        XCTAssertEqual((obj["error"] as? [String: Any])?["code"] as? String, "reinstall.pod-install-failed")
        XCTAssertTrue(r.stderr.contains("Unable to find a specification"), "pod's stdout went to stderr")
        XCTAssertEqual(try snapshot(f.dir), before)
    }

    func testPodMissingChangesNothing() throws {
        let f = try fixture()
        let before = try snapshot(f.dir)
        var env = f.env
        env["PATH"] = "/nonexistent"
        let r = try bin.run(["reinstall"], home: f.dir.path, cwd: f.dir.path, extraEnvironment: env)
        XCTAssertEqual(r.status, 6, r.stderr)
        XCTAssertTrue(r.stderr.contains("`pod` (CocoaPods) is not on PATH"), r.stderr)
        XCTAssertEqual(try snapshot(f.dir), before)
    }

    func testStandInPodGetsAllowRootExactlyWhenRunAsRoot() throws {
        let f = try fixture()
        defer { try? FileManager.default.removeItem(atPath: f.log) }
        let r = try bin.run(["reinstall"], home: f.dir.path, cwd: f.dir.path, extraEnvironment: f.env)
        XCTAssertEqual(r.status, 0, r.stderr + r.stdout)
        let argv = try String(contentsOfFile: f.log, encoding: .utf8).split(separator: "\n").first {
            $0.hasPrefix("argv:")
        }
        XCTAssertEqual(argv.map(String.init), geteuid() == 0 ? "argv: install --allow-root" : "argv: install")
    }

    func testStandInPodDryRunRunsNothing() throws {
        let f = try fixture()
        let before = try snapshot(f.dir)
        let r = try bin.run(["reinstall", "--dry-run"], home: f.dir.path, cwd: f.dir.path, extraEnvironment: f.env)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stdout.contains("would change  run `pod install\(geteuid() == 0 ? " --allow-root" : "")`"), r.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.log))
        XCTAssertEqual(try snapshot(f.dir), before)
    }
}
