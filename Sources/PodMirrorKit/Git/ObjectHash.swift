import CLibgit2
import Crypto
import Foundation

/// Git object ids (SHA-1 of `"<type> <size>\0"` and the content) of worktree files and index trees, for
/// `statusScan`, which hashes a whole Specs copy (60k files, 84k trees) under `repo verify --deep`.
/// It uses swift-crypto's SHA-1 (with the CPU's SHA instructions where there are), as Apple's git does
/// CommonCrypto's: libgit2's own SHA-1 (with collision detection) is about 3× slower here and would be a
/// fifth of `--deep`'s time. Objects read from packs are still checked by libgit2.
enum ObjectHash {
    /// The id of an object of `type` holding `count` bytes at `bytes`.
    static func id(_ type: git_object_t, _ bytes: UnsafeRawPointer?, _ count: Int) -> git_oid {
        var sha1 = Insecure.SHA1()
        // "blob 1234\0": the type, a space, the size in decimal and a NUL, built on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { header in
            var n = 0
            for byte in (type == GIT_OBJECT_TREE ? "tree " : "blob ").utf8 {
                header[n] = byte
                n += 1
            }
            var digits = 0
            var rest = count
            repeat {
                header[31 - digits] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                digits += 1
            } while rest > 0
            for d in 0..<digits { header[n + d] = header[32 - digits + d] }
            header[n + digits] = 0
            sha1.update(bufferPointer: UnsafeRawBufferPointer(start: header.baseAddress, count: n + digits + 1))
        }
        if let bytes, count > 0 { sha1.update(bufferPointer: UnsafeRawBufferPointer(start: bytes, count: count)) }
        var oid = git_oid()
        withUnsafeMutableBytes(of: &oid.id) { out in
            sha1.finalize().withUnsafeBytes { out.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(20))) }
        }
        return oid
    }
}
