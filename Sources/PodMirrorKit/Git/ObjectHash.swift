import CLibgit2
import Foundation

#if canImport(CommonCrypto)
    import CommonCrypto
#endif

/// Git object ids (SHA-1 of `"<type> <size>\0"` and the content) of worktree files and index trees, for
/// `statusScan`, which hashes a whole Specs copy (60k files, 84k trees) under `repo verify --deep`.
/// It uses the platform's hardware-accelerated SHA-1 (CommonCrypto on Apple platforms, OpenSSL's libcrypto
/// loaded with `dlopen` on Linux), as Apple's git does; libgit2's own SHA-1 (with collision detection,
/// about 3× slower here and a fifth of `--deep`'s time) when neither is there. Objects read from packs are
/// still checked by libgit2.
enum ObjectHash {
    /// The id of an object of `type` holding `count` bytes at `bytes`.
    static func id(_ type: git_object_t, _ bytes: UnsafeRawPointer?, _ count: Int) -> git_oid {
        var oid = git_oid()
        guard let sha1 = PlatformSHA1.shared else {
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

/// SHA-1 of a stream of bytes (a pack file written in pieces), from the same platform library as
/// `ObjectHash`; nil where there is none.
final class SHA1Stream {
    private let sha1: PlatformSHA1
    private let context = UnsafeMutableRawPointer.allocate(byteCount: PlatformSHA1.contextSize, alignment: 16)

    init?() {
        guard let sha1 = PlatformSHA1.shared else { return nil }
        self.sha1 = sha1
        sha1.start(context)
    }

    deinit { context.deallocate() }

    func add(_ bytes: UnsafeRawBufferPointer) {
        if bytes.count > 0 { sha1.add(context, bytes.baseAddress, bytes.count) }
    }

    /// The digest (20 bytes); the stream is finished.
    func finish() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 20)
        out.withUnsafeMutableBytes { sha1.finish(context, $0.baseAddress!) }
        return out
    }
}

/// SHA-1 from the platform's crypto library, on a context of `contextSize` bytes the caller holds.
private struct PlatformSHA1: @unchecked Sendable {
    /// Larger than OpenSSL's SHA_CTX (96 bytes) and CommonCrypto's CC_SHA1_CTX (92 bytes).
    static let contextSize = 128

    func digest(
        _ header: UnsafeRawBufferPointer, _ body: UnsafeRawPointer?, _ count: Int, into out: UnsafeMutableRawPointer
    ) {
        withUnsafeTemporaryAllocation(byteCount: Self.contextSize, alignment: 16) { ctx in
            start(ctx.baseAddress!)
            add(ctx.baseAddress!, header.baseAddress, header.count)
            if count > 0 { add(ctx.baseAddress!, body, count) }
            finish(ctx.baseAddress!, out)
        }
    }

    #if canImport(CommonCrypto)
        static let shared: PlatformSHA1? = PlatformSHA1()

        func start(_ ctx: UnsafeMutableRawPointer) {
            CC_SHA1_Init(ctx.assumingMemoryBound(to: CC_SHA1_CTX.self))
        }

        func add(_ ctx: UnsafeMutableRawPointer, _ bytes: UnsafeRawPointer?, _ count: Int) {
            CC_SHA1_Update(ctx.assumingMemoryBound(to: CC_SHA1_CTX.self), bytes, CC_LONG(count))
        }

        func finish(_ ctx: UnsafeMutableRawPointer, _ out: UnsafeMutableRawPointer) {
            CC_SHA1_Final(out.assumingMemoryBound(to: UInt8.self), ctx.assumingMemoryBound(to: CC_SHA1_CTX.self))
        }
    #else
        private typealias Initialise = @convention(c) (UnsafeMutableRawPointer) -> Int32
        private typealias Update = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer?, Int) -> Int32
        private typealias Final = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32
        private let initialise: Initialise
        private let update: Update
        private let final: Final

        static let shared: PlatformSHA1? = {
            for name in ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"] {
                guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
                if let i = dlsym(handle, "SHA1_Init"), let u = dlsym(handle, "SHA1_Update"),
                    let f = dlsym(handle, "SHA1_Final")
                {
                    return PlatformSHA1(
                        initialise: unsafeBitCast(i, to: Initialise.self), update: unsafeBitCast(u, to: Update.self),
                        final: unsafeBitCast(f, to: Final.self))
                }
                dlclose(handle)
            }
            return nil
        }()

        func start(_ ctx: UnsafeMutableRawPointer) { _ = initialise(ctx) }

        func add(_ ctx: UnsafeMutableRawPointer, _ bytes: UnsafeRawPointer?, _ count: Int) {
            _ = update(ctx, bytes, count)
        }

        func finish(_ ctx: UnsafeMutableRawPointer, _ out: UnsafeMutableRawPointer) { _ = final(out, ctx) }
    #endif
}
