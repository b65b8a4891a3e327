internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Git object ids (SHA-1 of `"<type> <size>\0"` and the content) of worktree files and index trees, for
/// `statusScan`, which hashes a whole Specs copy (60k files, 84k trees) under `repo verify --deep`.
/// It uses the platform's hardware-accelerated SHA-1 (`PlatformHash`: CommonCrypto on Apple platforms,
/// OpenSSL's libcrypto on Linux), as Apple's git does; libgit2's own SHA-1 (with collision detection,
/// about 3× slower here and a fifth of `--deep`'s time) when neither is there. Objects read from packs are
/// still checked by libgit2.
enum ObjectHash {
    /// The id of an object of `type` holding `count` bytes at `bytes`.
    static func id(_ type: git_object_t, _ bytes: UnsafeRawPointer?, _ count: Int) -> git_oid {
        var oid = git_oid()
        guard let sha1 = PlatformHash.of(.sha1) else {
            _ = git_odb_hash(&oid, bytes, count, type)
            return oid
        }
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
            withUnsafeMutableBytes(of: &oid.id) { digest in
                let used = UnsafeRawBufferPointer(start: header.baseAddress, count: n + digits + 1)
                sha1.digest(used, bytes, count, into: digest.baseAddress!)
            }
        }
        return oid
    }
}
