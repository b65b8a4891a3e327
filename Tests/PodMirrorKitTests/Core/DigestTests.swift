import Foundation
import PodMirrorKit
import PodMirrorTestSupport
import XCTest

final class DigestTests: XCTestCase {
    func testKnownVectors() {
        XCTAssertEqual(Digest.hex(.md5, Array("".utf8)), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(Digest.hex(.sha1, Array("abc".utf8)), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(
            Digest.hex(.sha256, Array("abc".utf8)),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // The slug key CocoaPods computed for an external :git pod with a tag.
        XCTAssertEqual(
            Digest.hex(.md5, Array("git=http://127.0.0.1:57183/podsrc/PMGitA.git-tag=1.0.0".utf8)),
            "3230c2ce85859fc573fb8edbb1997179")
    }

    /// Every length around the 64-byte block and padding edges, checked against coreutils.
    func testAgreesWithCoreutilsAcrossBlockEdges() throws {
        let dir = TempDirectory()
        var bytes: [UInt8] = []
        var seed: UInt32 = 12345
        for _ in 0..<300 { seed = seed &* 1_103_515_245 &+ 12345; bytes.append(UInt8(truncatingIfNeeded: seed >> 16)) }
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 300] {
            let path = try dir.write("f\(length)", Array(bytes.prefix(length)))
            for (algorithm, tool) in [(DigestAlgorithm.md5, "md5sum"), (.sha1, "sha1sum"), (.sha256, "sha256sum")] {
                let expected = try ProcessRunner.run("/usr/bin/\(tool)", [path]).stdout.prefix { $0 != " " }
                XCTAssertEqual(try Digest.hex(algorithm, fileAt: path), String(expected), "\(tool) of \(length) bytes")
                var streaming = Digest(algorithm)
                for chunk in stride(from: 0, to: length, by: 7) {
                    streaming.update(Array(bytes[chunk..<min(length, chunk + 7)]))
                }
                XCTAssertEqual(streaming.finalizeHex(), String(expected), "\(tool) streamed, \(length) bytes")
            }
        }
    }
}
