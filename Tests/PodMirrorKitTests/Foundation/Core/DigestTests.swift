import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest
@testable @_spi(Benchmark) import PodMirrorFoundation

final class DigestTests: XCTestCase {
    /// Both implementations: the platform's library (where there is one) and the Swift fallback.
    private let paths: [(name: String, platform: Bool)] = [("platform", true), ("swift", false)]
    private let tools: [(DigestAlgorithm, String)] = [(.md5, "md5sum"), (.sha1, "sha1sum"), (.sha256, "sha256sum")]

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

    /// The published vectors (RFC 1321, FIPS 180-2: empty, "abc", 56 bytes, a million "a"), and a 64-byte
    /// message (one whole block, then a block of padding alone; values from Python's hashlib), through
    /// both implementations, fed in random pieces.
    func testKnownAnswersThroughBothImplementationsInRandomPieces() {
        let vectors: [(String, [UInt8], [DigestAlgorithm: String])] = [
            (
                "empty", [],
                [
                    .md5: "d41d8cd98f00b204e9800998ecf8427e", .sha1: "da39a3ee5e6b4b0d3255bfef95601890afd80709",
                    .sha256: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                ]
            ),
            (
                "abc", Array("abc".utf8),
                [
                    .md5: "900150983cd24fb0d6963f7d28e17f72", .sha1: "a9993e364706816aba3e25717850c26c9cd0d89d",
                    .sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                ]
            ),
            (
                "56 bytes", Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
                [
                    .md5: "8215ef0796a20bcaaae116d3876c664a", .sha1: "84983e441c3bd26ebaae4aa1f95129e5e54670f1",
                    .sha256: "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                ]
            ),
            (
                "64 bytes", Array(String(repeating: "0123456789abcdef", count: 4).utf8),
                [
                    .md5: "fe3a1ff59f3b89b2ad3d33f08984874b", .sha1: "ce4303f6b22257d9c9cf314ef1dee4707c6e1c13",
                    .sha256: "a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e",
                ]
            ),
            (
                "a million a", [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000),
                [
                    .md5: "7707d6ae4e027c70eea2a935c2296f21", .sha1: "34aa973cd4c4daa4f61eeb2bdbad27316534016f",
                    .sha256: "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
                ]
            ),
        ]
        var random = SeededRandom()
        for (name, message, expected) in vectors {
            for (algorithm, hex) in expected {
                for path in paths {
                    var digest = Digest(algorithm, platform: path.platform)
                    let pieces = random.pieces(message.count, largest: message.count > 1000 ? 70_000 : 70)
                    feed(&digest, message, pieces)
                    XCTAssertEqual(digest.finalizeHex(), hex, "\(algorithm) of \(name), \(path.name), \(pieces)")
                    XCTAssertEqual(digest.finalize().count, hex.count / 2)
                }
            }
        }
    }

    /// On Linux with libcrypto (every CI image) the platform's implementation is the one `Digest` takes, so
    /// the test above compares two implementations, not the fallback with itself.
    func testUsesThePlatformLibraryWhereItIsInstalled() throws {
        #if canImport(CommonCrypto)
            let installed = true
        #else
            let installed = ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"].contains {
                guard let handle = dlopen($0, RTLD_NOW | RTLD_LOCAL) else { return false }
                dlclose(handle)
                return true
            }
        #endif
        try XCTSkipUnless(installed, "no libcrypto on this machine")
        for (algorithm, _) in tools {
            XCTAssertTrue(Digest(algorithm).usesPlatform, "\(algorithm)")
            XCTAssertTrue(Digest.hasPlatformImplementation(algorithm), "\(algorithm)")
            XCTAssertFalse(Digest(algorithm, platform: false).usesPlatform, "\(algorithm)")
        }
    }

    /// Every length around the 64-byte block and padding edges, checked against coreutils.
    func testAgreesWithCoreutilsAcrossBlockEdges() throws {
        let dir = TempDirectory()
        var bytes: [UInt8] = []
        var seed: UInt32 = 12345
        for _ in 0..<300 { seed = seed &* 1_103_515_245 &+ 12345; bytes.append(UInt8(truncatingIfNeeded: seed >> 16)) }
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 300] {
            let path = try dir.write("f\(length)", Array(bytes.prefix(length)))
            for (algorithm, tool) in tools {
                let expected = try ProcessRunner.run("/usr/bin/\(tool)", [path]).stdout.prefix { $0 != " " }
                XCTAssertEqual(try Digest.hex(algorithm, fileAt: path), String(expected), "\(tool) of \(length) bytes")
                for path in paths {
                    var streaming = Digest(algorithm, platform: path.platform)
                    for chunk in stride(from: 0, to: length, by: 7) {
                        streaming.update(Array(bytes[chunk..<min(length, chunk + 7)]))
                    }
                    XCTAssertEqual(
                        streaming.finalizeHex(), String(expected), "\(tool) streamed, \(length) bytes, \(path.name)")
                }
            }
        }
    }

    /// A random 5 MB file: the file reader and both implementations fed in random pieces, against coreutils.
    func testAgreesWithCoreutilsOnARandomFiveMegabyteFile() throws {
        let dir = TempDirectory()
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(5 << 20) / 8).flatMap { _ in withUnsafeBytes(of: generator.next() as UInt64, Array.init) }
        let path = try dir.write("random", bytes)
        var random = SeededRandom()
        for (algorithm, tool) in tools {
            let expected = String(try ProcessRunner.run("/usr/bin/\(tool)", [path]).stdout.prefix { $0 != " " })
            XCTAssertEqual(expected.count, Digest(algorithm).finalize().count * 2, tool)
            XCTAssertEqual(try Digest.hex(algorithm, fileAt: path), expected, tool)
            for path in paths {
                var digest = Digest(algorithm, platform: path.platform)
                let pieces = random.pieces(bytes.count, largest: 300_000)
                feed(&digest, bytes, pieces)
                XCTAssertEqual(digest.finalizeHex(), expected, "\(tool), \(path.name), seed \(random.seed)")
            }
        }
    }

    /// A copy of a half-fed digest goes on independently of the original, and finalizing changes nothing.
    func testCopiesAreIndependentValues() {
        let head = Array("The quick brown fox ".utf8)
        let left = Array("jumps over the lazy dog".utf8)
        let right = Array("sleeps under the tree, for a long while".utf8)
        for (algorithm, _) in tools {
            for path in paths {
                var a = Digest(algorithm, platform: path.platform)
                a.update(head)
                let atHead = a.finalizeHex()
                var b = a
                b.update(right)
                a.update(left)
                let c = a
                XCTAssertEqual(a.finalizeHex(), Digest.hex(algorithm, head + left), "\(algorithm) \(path.name)")
                XCTAssertEqual(b.finalizeHex(), Digest.hex(algorithm, head + right), "\(algorithm) \(path.name)")
                XCTAssertEqual(c.finalizeHex(), a.finalizeHex(), "\(algorithm) \(path.name)")
                // Finalizing leaves the digest as it was: more bytes may follow.
                a.update(right)
                XCTAssertEqual(
                    a.finalizeHex(), Digest.hex(algorithm, head + left + right), "\(algorithm) \(path.name)")
                XCTAssertEqual(atHead, Digest.hex(algorithm, head), "\(algorithm) \(path.name)")
            }
        }
    }

    /// Copies of one digest fed on many threads at once (each copy is its own value).
    func testCopiesFedOnManyThreads() {
        let head = [UInt8](repeating: 7, count: 1000)
        for (algorithm, _) in tools {
            var base = Digest(algorithm)
            base.update(head)
            let shared = base
            let results = Results(count: 64)
            DispatchQueue.concurrentPerform(iterations: 64) { i in
                var copy = shared
                for _ in 0..<50 { copy.update([UInt8(i)]) }
                results.set(i, copy.finalizeHex())
            }
            for i in 0..<64 {
                let expected = Digest.hex(algorithm, head + [UInt8](repeating: UInt8(i), count: 50))
                XCTAssertEqual(results.get(i), expected, "\(algorithm), thread \(i)")
            }
            XCTAssertEqual(shared.finalizeHex(), Digest.hex(algorithm, head))
        }
    }

    private func feed(_ digest: inout Digest, _ bytes: [UInt8], _ pieces: [Int]) {
        var at = 0
        for (i, n) in pieces.enumerated() {
            // Both entry points: arrays and raw buffers.
            if i % 2 == 0 {
                digest.update(Array(bytes[at..<at + n]))
            } else {
                bytes.withUnsafeBytes { digest.update(UnsafeRawBufferPointer(rebasing: $0[at..<at + n])) }
            }
            at += n
        }
    }
}

/// A reproducible generator (the seed is in failure messages): splitmix64.
private struct SeededRandom {
    let seed: UInt64
    private var state: UInt64

    init(seed: UInt64 = UInt64.random(in: 0...UInt64.max)) {
        self.seed = seed
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Sizes from 0 to `largest` adding up to `total`.
    mutating func pieces(_ total: Int, largest: Int) -> [Int] {
        var sizes: [Int] = []
        var left = total
        while left > 0 {
            let n = min(left, Int(next() % UInt64(largest + 1)))
            sizes.append(n)
            left -= n
        }
        return sizes
    }
}

private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: String) { lock.withLock { values[i] = value } }

    func get(_ i: Int) -> String? { lock.withLock { values[i] } }
}
