import Foundation
import PodMirrorTestSupport
import XCTest

/// `deintegrate` and `reinstall` show a warning that repeats on runs that change nothing once per state,
/// like every other command: later runs print one "unchanged" line; `--verbose` and `--json` show them all.
final class RepeatedWarningsProjectCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func unchangedLine(_ command: String) -> String {
        "note: 1 warning unchanged since the last run (podmirror \(command) --verbose shows it)\n"
    }

    func testDeintegrateShowsTheKeptPodsNoteOncePerState() throws {
        let dir = TempDirectory("repeat-deintegrate")
        try dir.write(
            "App.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/localsend-flutter/project.pbxproj"))
        try dir.write("Podfile", "target 'App' do\nend\n")
        func run(_ extra: [String] = []) throws -> ProcessResult {
            let r = try bin.run(["deintegrate"] + extra, home: dir.path, cwd: dir.path)
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            return r
        }
        _ = try run()
        // A Pods/ folder beside a project without integration: deintegrate keeps it and says so.
        try dir.write("Pods/Manifest.lock", "x\n")
        let note = "note: \(dir.sub("Pods")) is kept because the project shows no CocoaPods integration"
        let first = try run()
        XCTAssertTrue(first.stderr.contains(note), first.stderr)
        let second = try run()
        XCTAssertEqual(second.stderr, unchangedLine("deintegrate"))
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertTrue(try run(["--verbose"]).stderr.contains(note))
        let json = try PodmirrorBinary.json(try run(["--json"]))
        XCTAssertEqual((json["warnings"] as? [[String: Any]])?.map { $0["code"] as? String }, ["deintegrate.pods-kept"])
        XCTAssertEqual(try run().stderr, unchangedLine("deintegrate"))
        // Another state (the project file changed): shown again.
        let project = try dir.read("App.xcodeproj/project.pbxproj")
        try dir.write("App.xcodeproj/project.pbxproj", String(decoding: project, as: UTF8.self) + "\n")
        XCTAssertTrue(try run().stderr.contains(note))
    }

    func testReinstallWithRecordingStandInPodShowsTheVersionWarningOnlyWhenItWrites() throws {
        let dir = TempDirectory("repeat-reinstall")
        try dir.write(
            "Runner.xcodeproj/project.pbxproj", try Fixtures.bytes("xcodeproj/localsend-flutter/project.pbxproj"))
        try dir.write("Podfile", "target 'Runner' do\n  pod 'Local', :path => '../Local'\nend\n")
        try dir.write(
            "Podfile.lock",
            "PODS:\n  - Local (1.0)\n\nDEPENDENCIES:\n  - Local (from `../Local`)\n\nEXTERNAL SOURCES:\n"
                + "  Local:\n    :path: \"../Local\"\n\nCOCOAPODS: 1.16.2\n")
        // The recording stand-in for `pod` (CocoaPods cannot be installed here).
        let standIn = TempDirectory("repeat-reinstall-bin")
        let log = standIn.sub("argv.log")
        let pod = try standIn.write(
            "pod",
            "#!/bin/sh\necho \"$*\" >> \"$POD_STANDIN_LOG\"\n"
                + "if [ \"$1\" = --version ]; then echo 1.16.2; exit 0; fi\nmkdir -p Pods\n")
        chmod(pod, 0o755)
        let env = ["PATH": "\(standIn.path):/usr/bin:/bin", "POD_STANDIN_LOG": log]
        func run(_ extra: [String] = []) throws -> ProcessResult {
            let r = try bin.run(["reinstall"] + extra, home: dir.path, cwd: dir.path, extraEnvironment: env)
            XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            return r
        }
        // The prefetch warns which CocoaPods version it writes to the download cache's VERSION, once: a VERSION
        // that already holds it is not named again (it was, on every run).
        let warning = "warning: writing CocoaPods version 1.16.2 to the cache's VERSION (taken from `pod --version`)"
        var runs = [try run(), try run()]
        XCTAssertTrue(runs[0].stderr.contains(warning), runs[0].stderr)
        XCTAssertFalse(runs[1].stderr.contains("warning:"), runs[1].stderr)
        XCTAssertFalse(runs[1].stderr.contains("VERSION"), runs[1].stderr)
        runs.append(try run())
        XCTAssertFalse(runs[2].stderr.contains("warning:"), runs[2].stderr)
        XCTAssertEqual(runs[2].stdout, runs[1].stdout, "the results are the same")
        XCTAssertFalse(try run(["--verbose"]).stderr.contains("VERSION names"))
        XCTAssertFalse(try run().stderr.contains("warning:"))
        let installs = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("install") }
        XCTAssertEqual(installs.count, 5, "pod install ran every time")
    }
}
