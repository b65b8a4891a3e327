import Foundation

#if canImport(CommonCrypto)
    import CommonCrypto
#endif

/// MD5, SHA-1 or SHA-256 from the platform's crypto library (hardware-accelerated where the CPU has it):
/// CommonCrypto on Apple platforms, OpenSSL's libcrypto loaded with `dlopen` on Linux (not linked, so the
/// binary runs where it is missing). It works on a context of `contextSize` bytes the caller holds; the
/// contexts of both libraries are plain structs, so copying those bytes copies the hash's state.
package struct PlatformHash: Sendable {
    /// Larger than OpenSSL's MD5_CTX (92 bytes), SHA_CTX (96) and SHA256_CTX (112), and CommonCrypto's
    /// CC_MD5_CTX (92), CC_SHA1_CTX (92) and CC_SHA256_CTX (104).
    static let contextSize = 128
    static let contextAlignment = 16

    /// The library's implementation of `algorithm`; nil where there is none.
    package static func of(_ algorithm: DigestAlgorithm) -> PlatformHash? {
        switch algorithm {
        case .md5: loaded.md5
        case .sha1: loaded.sha1
        case .sha256: loaded.sha256
        }
    }

    /// The digest size in bytes.
    let size: Int
    private let initialise: @Sendable (UnsafeMutableRawPointer) -> Void
    private let update: @Sendable (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Void
    private let final: @Sendable (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Void

    func start(_ context: UnsafeMutableRawPointer) { initialise(context) }

    func add(_ context: UnsafeMutableRawPointer, _ bytes: UnsafeRawPointer?, _ count: Int) {
        guard let bytes, count > 0 else { return }
        // CommonCrypto takes a 32-bit length.
        var at = 0
        while at < count {
            let n = min(count - at, 1 << 30)
            update(context, bytes + at, n)
            at += n
        }
    }

    /// Writes the digest (`size` bytes) to `out`; the context is used up.
    func finish(_ context: UnsafeMutableRawPointer, _ out: UnsafeMutableRawPointer) { final(context, out) }

    /// The digest of `header` followed by `count` bytes at `body`, on a context on the stack.
    package func digest(
        _ header: UnsafeRawBufferPointer, _ body: UnsafeRawPointer?, _ count: Int, into out: UnsafeMutableRawPointer
    ) {
        withUnsafeTemporaryAllocation(byteCount: Self.contextSize, alignment: Self.contextAlignment) { context in
            start(context.baseAddress!)
            add(context.baseAddress!, header.baseAddress, header.count)
            add(context.baseAddress!, body, count)
            finish(context.baseAddress!, out)
        }
    }

    private static let loaded: (md5: PlatformHash?, sha1: PlatformHash?, sha256: PlatformHash?) = load()

    #if canImport(CommonCrypto)
        private static func load() -> (md5: PlatformHash?, sha1: PlatformHash?, sha256: PlatformHash?) {
            precondition(
                [MemoryLayout<CC_MD5_CTX>.size, MemoryLayout<CC_SHA1_CTX>.size, MemoryLayout<CC_SHA256_CTX>.size]
                    .allSatisfy { $0 <= contextSize })
            let md5 = PlatformHash(
                size: Int(CC_MD5_DIGEST_LENGTH),
                initialise: { _ = CC_MD5_Init($0.assumingMemoryBound(to: CC_MD5_CTX.self)) },
                update: { _ = CC_MD5_Update($0.assumingMemoryBound(to: CC_MD5_CTX.self), $1, CC_LONG($2)) },
                final: {
                    _ = CC_MD5_Final(
                        $1.assumingMemoryBound(to: UInt8.self), $0.assumingMemoryBound(to: CC_MD5_CTX.self))
                })
            let sha1 = PlatformHash(
                size: Int(CC_SHA1_DIGEST_LENGTH),
                initialise: { _ = CC_SHA1_Init($0.assumingMemoryBound(to: CC_SHA1_CTX.self)) },
                update: { _ = CC_SHA1_Update($0.assumingMemoryBound(to: CC_SHA1_CTX.self), $1, CC_LONG($2)) },
                final: {
                    _ = CC_SHA1_Final(
                        $1.assumingMemoryBound(to: UInt8.self), $0.assumingMemoryBound(to: CC_SHA1_CTX.self))
                })
            let sha256 = PlatformHash(
                size: Int(CC_SHA256_DIGEST_LENGTH),
                initialise: { _ = CC_SHA256_Init($0.assumingMemoryBound(to: CC_SHA256_CTX.self)) },
                update: { _ = CC_SHA256_Update($0.assumingMemoryBound(to: CC_SHA256_CTX.self), $1, CC_LONG($2)) },
                final: {
                    _ = CC_SHA256_Final(
                        $1.assumingMemoryBound(to: UInt8.self), $0.assumingMemoryBound(to: CC_SHA256_CTX.self))
                })
            return (md5, sha1, sha256)
        }
    #else
        private typealias Initialise = @convention(c) (UnsafeMutableRawPointer) -> Int32
        private typealias Update = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer, Int) -> Int32
        private typealias Final = @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32

        /// libcrypto's `<prefix>_Init`, `_Update` and `_Final` (deprecated in OpenSSL 3 but exported by every
        /// version, and without the EVP layer's per-call allocations and provider look-ups).
        private static func resolve(_ handle: UnsafeMutableRawPointer, _ prefix: String, size: Int) -> PlatformHash? {
            guard let i = dlsym(handle, prefix + "_Init"), let u = dlsym(handle, prefix + "_Update"),
                let f = dlsym(handle, prefix + "_Final")
            else { return nil }
            let initialise = unsafeBitCast(i, to: Initialise.self)
            let update = unsafeBitCast(u, to: Update.self)
            let final = unsafeBitCast(f, to: Final.self)
            return PlatformHash(
                size: size, initialise: { _ = initialise($0) }, update: { _ = update($0, $1, $2) },
                final: { _ = final($1, $0) })
        }

        private static func load() -> (md5: PlatformHash?, sha1: PlatformHash?, sha256: PlatformHash?) {
            for name in ["libcrypto.so.3", "libcrypto.so.1.1", "libcrypto.so"] {
                guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else { continue }
                let found = (
                    md5: resolve(handle, "MD5", size: 16), sha1: resolve(handle, "SHA1", size: 20),
                    sha256: resolve(handle, "SHA256", size: 32)
                )
                // The library stays loaded for the life of the process when it has any of them.
                if found.md5 != nil || found.sha1 != nil || found.sha256 != nil { return found }
                dlclose(handle)
            }
            return (nil, nil, nil)
        }
    #endif
}
