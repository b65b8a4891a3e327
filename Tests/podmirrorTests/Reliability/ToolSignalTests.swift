import Foundation
import PodMirrorTestSupport
import XCTest

/// SIGINT/SIGTERM while `reinstall` and `setup` run a tool. `pod` and `gem` cannot be installed here:
/// recording stand-in scripts on PATH take their place, touch a marker when they start, then wait, so
/// the signal arrives exactly while the tool runs. Afterwards every byte of the project / HOME is back.
final class ToolSignalTests: ReliabilityTestCase {
    static let fixtures = ProjectInputTests.fixtures

    /// A stand-in that records it started (`<marker>`) and then waits for a signal.
    func standIn(_ tools: TempDirectory, _ name: String) throws -> String {
        let marker = tools.sub("\(name).started")
        let script = "#!/bin/sh\necho \"$@\" > \"\(marker).args\"\n: > \"\(marker)\"\nexec sleep 30\n"
        let path = try tools.write(name, script)
        chmod(path, 0o755)
        return marker
    }

    func waitFor(_ path: String, timeout: Double = 20) {
        let start = Date()
        while !FileManager.default.fileExists(atPath: path) && Date().timeIntervalSince(start) < timeout {
            usleep(20_000)
        }
        usleep(100_000)
    }

    func testSignalWhileStandInPodInstallRunsRestoresTheProject() throws {
        for sig in [SIGINT, SIGTERM] {
            let dir = TempDirectory("rel-reinstall")
            let tools = TempDirectory("rel-tools")
            let pbxproj =
                FileManager.default.contents(atPath: Self.fixtures + "/PbxprojFuzz/integrated.pbxproj") ?? Data()
            try dir.write("App.xcodeproj/project.pbxproj", Array(pbxproj))
            try dir.write("Podfile", "platform :ios, '12.0'\ntarget 'App' do\nend\n")
            try dir.write("Podfile.lock", "PODS: [old]\n")
            try dir.write("Pods/Manifest.lock", "PODS: [old]\n")
            try dir.write("Pods/Old/file.m", "int x;\n")
            let marker = try standIn(tools, "pod")
            let before = TreeSnapshot(dir.path)
            let run = try RunningPodmirror(
                bin, ["reinstall"], home: dir.path, cwd: dir.path,
                extra: ["PATH": tools.path + ":/usr/bin:/bin"])
            waitFor(marker)
            XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "the stand-in pod was started")
            run.signal(sig)
            let (r, seconds) = run.wait(timeout: 40)
            XCTAssertLessThan(seconds, 20, "the signal stops pod install promptly (not after its 30 s)")
            assertFailedCleanly(r, status: 130, mentions: ["interrupted"], before: before)
        }
    }

    /// `reinstall` killed (`kill -9`, its `pod` too) while `pod install` runs leaves `Pods/` aside as
    /// `.Pods.podmirror-<pid>-reinstall`: the next reinstall puts it back first (kept when its `pod install` fails,
    /// replaced when it succeeds), and `deintegrate` removes it; nothing temporary stays.
    func testKilledReinstallIsRestoredByTheNextReinstallAndSweptByDeintegrate() throws {
        let pbxproj = FileManager.default.contents(atPath: Self.fixtures + "/PbxprojFuzz/integrated.pbxproj") ?? Data()
        for next in ["failing reinstall", "reinstall", "deintegrate"] {
            let dir = TempDirectory("rel-reinstall-kill")
            let tools = TempDirectory("rel-tools")
            try dir.write("App.xcodeproj/project.pbxproj", Array(pbxproj))
            try dir.write("Podfile", "platform :ios, '12.0'\ntarget 'App' do\nend\n")
            try dir.write("Podfile.lock", "PODS: [old]\n")
            try dir.write("Pods/Manifest.lock", "PODS: [old]\n")
            try dir.write("Pods/Old/file.m", "int x;\n")
            // A pod install that has begun its Pods/ when it is killed.
            let marker = tools.sub("pod.started")
            let pod = try tools.write(
                "pod", "#!/bin/sh\nmkdir -p Pods/New\n: > Pods/New/half.m\necho $$ > \"\(marker)\"\nexec sleep 30\n")
            chmod(pod, 0o755)
            let env = ["PATH": tools.path + ":/usr/bin:/bin"]
            let run = try RunningPodmirror(bin, ["reinstall"], home: dir.path, cwd: dir.path, extra: env)
            waitFor(marker)
            run.signal(SIGKILL)
            // The stand-in holds the output pipes: it dies too, as in a reboot.
            let written = (try? String(contentsOfFile: marker, encoding: .utf8)) ?? ""
            if let standIn = Int32(written.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(standIn, SIGKILL)
            }
            _ = run.wait()
            let aside = TreeSnapshot(dir.path).leftovers.filter { $0.hasPrefix(".Pods.podmirror-") }
            XCTAssertEqual(aside, [".Pods.podmirror-\(run.process.processIdentifier)-reinstall"])
            switch next {
            case "failing reinstall":
                _ = try tools.write("pod", "#!/bin/sh\nexit 1\n")
                let r = try bin.run(["reinstall"], home: dir.path, cwd: dir.path, extraEnvironment: env)
                XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
                XCTAssertEqual(try String(contentsOfFile: dir.sub("Pods/Old/file.m"), encoding: .utf8), "int x;\n")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods/New")))
            case "reinstall":
                _ = try tools.write("pod", "#!/bin/sh\nmkdir -p Pods/New\ncp Podfile.lock Pods/Manifest.lock\n")
                let r = try bin.run(["reinstall"], home: dir.path, cwd: dir.path, extraEnvironment: env)
                XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods/Old")))
            default:
                let r = try bin.run(["deintegrate"], home: dir.path, cwd: dir.path)
                XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
            }
            XCTAssertEqual(TreeSnapshot(dir.path).leftovers, [], next)
        }
    }

    func testSignalWhileStandInGemInstallsCocoaPodsRollsSetupBack() throws {
        for sig in [SIGTERM, SIGINT] {
            let home = TempDirectory("rel-setup")
            let tools = TempDirectory("rel-tools")
            try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n:verbose: true\n")
            try home.write(".bundle/config", "---\nBUNDLE_JOBS: \"4\"\n")
            let marker = try standIn(tools, "gem")
            let before = TreeSnapshot(home.path)
            let run = try RunningPodmirror(
                bin, ["setup", "--gems", "tuna", "--bundler", "--install-cocoapods", "--no-verify"],
                home: home.path, extra: ["PATH": tools.path + ":/usr/bin:/bin"])
            waitFor(marker)
            XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "the stand-in gem was started")
            run.signal(sig)
            let (r, seconds) = run.wait(timeout: 40)
            XCTAssertLessThan(seconds, 20)
            // The gemrc and Bundler edits made before `gem install` are undone.
            assertFailedCleanly(r, status: 130, mentions: ["interrupted"], before: before)
        }
    }

    func testSignalAtRandomPointsOfDeintegrateIsAllOrNothing() throws {
        // deintegrate has no slow step to wait for: signal it after 0…60 ms, repeatedly. Each run either
        // finished (exit 0, result complete) or was interrupted (exit 130, project byte-identical), or died
        // before it began (143).
        let pbxproj = Array(
            FileManager.default.contents(atPath: Self.fixtures + "/PbxprojFuzz/integrated.pbxproj") ?? Data())
        var outcomes: [Int32: Int] = [:]
        for delay in stride(from: 0, through: 60, by: 6) {
            let dir = TempDirectory("rel-deintegrate")
            try dir.write("App.xcodeproj/project.pbxproj", pbxproj)
            try dir.write("Podfile", "target 'App' do\nend\n")
            for i in 0..<200 { try dir.write("Pods/Pod\(i)/file.m", "int x\(i);\n") }
            let before = TreeSnapshot(dir.path)
            let run = try RunningPodmirror(bin, ["deintegrate"], home: dir.path, cwd: dir.path)
            usleep(useconds_t(delay * 1000))
            run.signal(SIGTERM)
            let (r, _) = run.wait(timeout: 30)
            outcomes[r.status, default: 0] += 1
            // 143: killed before main() installed its handlers (the default action); nothing had started.
            if r.status == 130 || r.status == 128 + SIGTERM {
                assertUnchanged(before)
            } else {
                XCTAssertEqual(r.status, 0, r.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.sub("Pods")), "finished: Pods/ removed")
                XCTAssertFalse(
                    String(decoding: try dir.read("App.xcodeproj/project.pbxproj"), as: UTF8.self).contains("[CP]"))
                XCTAssertEqual(TreeSnapshot(dir.path).leftovers, [])
            }
        }
        XCTAssertEqual(outcomes.keys.filter { ![0, 130, 128 + SIGTERM].contains($0) }, [], "\(outcomes)")
    }
}
