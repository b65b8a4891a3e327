import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// `PodArchive`, Download/'s front door (what the fuzz harness and the benchmark call), on real folders: it writes
/// and extracts as `pods fetch` does, and a refusal is a `pods.http.*` error that leaves the destination empty.
final class PodArchiveTests: XCTestCase {
    var temp: TempDirectory!
    var stage: String { temp.sub("stage") }

    override func setUpWithError() throws {
        temp = TempDirectory("pod-archive")
        try FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
        try temp.write("outside/victim", "keep\n")
    }

    override func tearDown() { temp = nil }

    func code(_ error: any Error) -> ErrorCode? { (error as? any PodMirrorError)?.code }

    func testWriteLeavesTheMembersWithTheirContentsAndExecutableBit() throws {
        let members: [(entry: ArchiveEntry, mode: UInt32, contents: [UInt8])] = [
            (ArchiveEntry(path: "Pod/", kind: .directory), 0o755, []),
            (ArchiveEntry(path: "Pod/run.sh", kind: .file), 0o755, Array("#!/bin/sh\n".utf8)),
            (ArchiveEntry(path: "Pod/LICENSE", kind: .file), 0o644, Array("MIT\n".utf8)),
            (ArchiveEntry(path: "Pod/License", kind: .symlink, linkTarget: "LICENSE"), 0o777, []),
        ]
        try PodArchive.write(members, into: stage, source: "https://example.invalid/pod.zip", archiveBytes: 100)
        XCTAssertEqual(try String(contentsOfFile: stage + "/Pod/License", encoding: .utf8), "MIT\n")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: stage + "/Pod/run.sh"))
        XCTAssertFalse(FileManager.default.isExecutableFile(atPath: stage + "/Pod/LICENSE"))
    }

    func testWriteRefusesAMemberThatClimbsOutAndLeavesTheFolderEmpty() throws {
        let members: [(entry: ArchiveEntry, mode: UInt32, contents: [UInt8])] = [
            (ArchiveEntry(path: "Pod/a", kind: .file), 0o644, Array("a".utf8)),
            (ArchiveEntry(path: "../outside/victim", kind: .file), 0o644, Array("pwned".utf8)),
        ]
        XCTAssertThrowsError(try PodArchive.write(members, into: stage, source: "pod.zip", archiveBytes: 100)) {
            XCTAssertEqual(self.code($0), .podsHTTPUnsafeArchive)
            XCTAssertTrue(($0 as? any PodMirrorError)?.message.contains("../outside/victim") ?? false, "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stage), [])
        XCTAssertEqual(try String(contentsOfFile: temp.sub("outside/victim"), encoding: .utf8), "keep\n")
    }

    func testWriteRefusesMoreMembersThanTheLimitAllows() throws {
        let limits = ArchiveLimits(maxArchiveBytes: 1 << 20, maxEntries: 2, maxExpandedBytes: 1 << 20, maxRatio: 200)
        let members = (1...3).map {
            (entry: ArchiveEntry(path: "f\($0)", kind: .file), mode: UInt32(0o644), contents: [UInt8]())
        }
        XCTAssertThrowsError(
            try PodArchive.write(members, into: stage, source: "pod.zip", limits: limits, archiveBytes: 10)
        ) { XCTAssertEqual(self.code($0), .podsHTTPTooManyEntries) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stage), [])
    }

    func testExtractUnpacksATarAndRefusesBytesThatAreNoArchive() throws {
        let tar = temp.sub("pod.tar")
        let script = """
            import io, sys, tarfile
            with tarfile.open(sys.argv[1], 'w') as t:
                data = b'hello\\n'
                i = tarfile.TarInfo('Pod-1.0/README'); i.size = len(data); t.addfile(i, io.BytesIO(data))
            """
        let r = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, tar])
        XCTAssertEqual(r.status, 0, r.stderr)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        try PodArchive.extract(tar, type: .tar, into: stage, source: "pod.tar", environment: ["PATH": path])
        XCTAssertEqual(try String(contentsOfFile: stage + "/Pod-1.0/README", encoding: .utf8), "hello\n")

        let junk = temp.sub("junk.tar")
        try temp.write("junk.tar", "not an archive")
        let empty = temp.sub("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        XCTAssertThrowsError(
            try PodArchive.extract(junk, type: .tar, into: empty, source: "junk.tar", environment: ["PATH": path])
        ) { XCTAssertEqual(self.code($0), .podsHTTPExtraction) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty), [])
    }
}
