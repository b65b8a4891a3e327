import Foundation
import PodMirrorTestSupport
import XCTest

/// Project files a hostile repository can commit: a Podfile, Podfile.lock or project.pbxproj that is a FIFO
/// (open(2) waited for a writer forever) or a symlink to `/dev/zero` (read until a 4 GB allocation aborted), a
/// Podfile.lock or CocoaPods `config.yaml` nested 10,000 levels deep (the YAML parser's recursion overflowed
/// the stack: SIGSEGV). Each is a clear error naming the file, and nothing changes.
final class HostileProjectFileTests: ReliabilityTestCase {
    /// A project as `pod install` leaves it: Podfile, Podfile.lock, App.xcodeproj.
    func project() throws -> TempDirectory {
        let dir = TempDirectory("hostile-project")
        try dir.write("Podfile", "platform :ios, '12.0'\ntarget 'App' do\n  pod 'PMFoo', '1.0.0'\nend\n")
        try dir.write(
            "Podfile.lock",
            "PODS:\n  - PMFoo (1.0.0)\n\nDEPENDENCIES:\n  - PMFoo (= 1.0.0)\n\nSPEC CHECKSUMS:\n"
                + "  PMFoo: 0123456789abcdef0123456789abcdef01234567\n\nCOCOAPODS: 1.16.2\n")
        try dir.write("App.xcodeproj/project.pbxproj", ProjectInputTests.integrated)
        return dir
    }

    /// Runs the binary killed after 60 s: a run that hangs fails the test (status 137) instead of the suite.
    func run(_ args: [String], home: TempDirectory, cwd: String) throws -> ProcessResult {
        try ProcessRunner.run(
            "/usr/bin/timeout", ["-s", "KILL", "60", bin.path] + args, cwd: cwd,
            environment: bin.environment(home: home.path))
    }

    /// The file `relative` of a fresh project replaced by a FIFO and by a link to `/dev/zero`: `args` fails with
    /// exit 1 naming it, within the time limit, and nothing changes.
    func assertRefused(_ relative: String, by args: [String], file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        for kind in ["FIFO", "character device"] {
            let dir = try project()
            let path = dir.sub(relative)
            try FileManager.default.removeItem(atPath: path)
            if kind == "FIFO" {
                XCTAssertEqual(mkfifo(path, 0o644), 0, file: file, line: line)
            } else {
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            }
            let home = TempDirectory("hostile-home")
            let before = TreeSnapshot(dir.path)
            let r = try run(args, home: home, cwd: dir.path)
            assertFailedCleanly(
                r, status: 1, mentions: [relative, "it is a \(kind), not a regular file"], before: before, file: file,
                line: line)
        }
    }

    func testAPodfileThatIsAFIFOOrALinkToADeviceIsRefused() throws {
        try assertRefused("Podfile", by: ["podfile", "platform", "ios", "13.0"])
        try assertRefused("Podfile", by: ["podfile", "show"])
    }

    func testAPodfileLockThatIsAFIFOOrALinkToADeviceIsRefused() throws {
        try assertRefused("Podfile.lock", by: ["pods", "fetch", "--project", "."])
    }

    func testAProjectFileThatIsAFIFOOrALinkToADeviceIsRefused() throws {
        try assertRefused("App.xcodeproj/project.pbxproj", by: ["deintegrate"])
    }

    /// Config files in HOME: podmirror's own read, and libgit2's open of a git config file (which waited on a
    /// FIFO forever), refuse them first.
    func testConfigFilesThatAreFIFOsOrLinksToDevicesAreRefused() throws {
        for (relative, args) in [
            (".gitconfig", ["gitconfig", "insteadof", "list"]),
            (".gitconfig", ["gitconfig", "insteadof", "use", "tuna"]),
            (".gemrc", ["gems", "source", "use", "tuna"]),
            (".bundle/config", ["gems", "source", "use", "tuna", "--bundler"]),
        ] {
            for kind in ["FIFO", "character device"] {
                let home = TempDirectory("hostile-home")
                let path = home.sub(relative)
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if kind == "FIFO" {
                    XCTAssertEqual(mkfifo(path, 0o644), 0)
                } else {
                    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
                }
                let before = TreeSnapshot(home.path)
                let r = try run(args, home: home, cwd: home.path)
                assertFailedCleanly(
                    r, status: 1, mentions: [path, "it is a \(kind), not a regular file"], before: before)
            }
        }
    }

    func testAPodfileLockNested10000LevelsDeepIsRefusedNotACrash() throws {
        for deep in [
            "PODS:\n  - " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n",
            "PODS:\n  " + String(repeating: "- ", count: 10_000) + "PMFoo (1.0.0)\n",
        ] {
            let dir = try project()
            let lock = try dir.write("Podfile.lock", deep)
            let home = TempDirectory("hostile-home")
            let before = TreeSnapshot(dir.path)
            let r = try run(["pods", "fetch", "--project", "."], home: home, cwd: dir.path)
            assertFailedCleanly(r, status: 2, mentions: [lock, "more than 512 levels deep"], before: before)
        }
    }

    func testACocoaPodsConfigNested10000LevelsDeepIsRefusedNotACrash() throws {
        let dir = try project()
        let home = TempDirectory("hostile-home")
        let config = try home.write(
            ".cocoapods/config.yaml", "cache_root: " + String(repeating: "{a: ", count: 10_000) + "\n")
        let before = TreeSnapshot(home.path)
        let r = try run(["pods", "fetch", "--project", dir.path], home: home, cwd: dir.path)
        assertFailedCleanly(r, status: 1, mentions: [config, "more than 512 levels deep"], before: before)
    }
}
