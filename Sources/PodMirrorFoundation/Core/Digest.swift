import Foundation

/// The hashes CocoaPods' cache relies on: SHA1 (spec checksums), MD5 (external slugs) and SHA256/SHA1
/// (`:http` source verification); SHA-1 is also git's (pack and index file checksums).
package enum DigestAlgorithm: Sendable {
    case md5, sha1, sha256
}

/// A streaming hash, so an archive or a pack is hashed without holding it in memory. It uses the platform's
/// crypto library (`PlatformHash`) where there is one and `SwiftDigest` otherwise. A value: a copy goes on
/// from the same state independently of the original, and `finalize` leaves the digest as it was.
package struct Digest: Sendable {
    let algorithm: DigestAlgorithm
    /// Exactly one of these is set.
    private var context: PlatformContext?
    private var fallback: SwiftDigest?

    package init(_ algorithm: DigestAlgorithm) {
        self.init(algorithm, platform: true)
    }

    /// `platform: false` takes the Swift implementation even where the platform has one (tests and
    /// bench/digest.sh compare them).
    @_spi(Benchmark) public init(_ algorithm: DigestAlgorithm, platform: Bool) {
        self.algorithm = algorithm
        if platform, let hash = PlatformHash.of(algorithm) {
            context = PlatformContext(hash)
        } else {
            fallback = SwiftDigest(algorithm)
        }
    }

    /// Whether the platform's library computes this digest.
    var usesPlatform: Bool { context != nil }

    /// Whether `Digest(algorithm)` uses the platform's library: callers hashing large files (packs) take
    /// another way where it does not.
    package static func hasPlatformImplementation(_ algorithm: DigestAlgorithm) -> Bool {
        PlatformHash.of(algorithm) != nil
    }

    /// Lower-case hex digest of `bytes`.
    package static func hex(_ algorithm: DigestAlgorithm, _ bytes: some Sequence<UInt8>) -> String {
        var d = Digest(algorithm)
        d.update(Array(bytes))
        return d.finalizeHex()
    }

    /// Lower-case hex digest of a file's bytes, read in chunks.
    package static func hex(_ algorithm: DigestAlgorithm, fileAt path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError(path: path, operation: .read, reason: Message("file.reason.cannot-open"))
        }
        defer { try? handle.close() }
        var d = Digest(algorithm)
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { d.update($0) }
        }
        return d.finalizeHex()
    }

    package mutating func update(_ bytes: [UInt8]) {
        if context != nil {
            bytes.withUnsafeBytes { update($0) }
        } else {
            fallback!.update(bytes)
        }
    }

    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard context != nil else {
            fallback!.update(Array(bytes))
            return
        }
        // Another Digest (a copy of this one) shares the context: this one goes on with its own copy.
        if !isKnownUniquelyReferenced(&context) { context = PlatformContext(copying: context!) }
        context!.hash.add(context!.bytes, bytes.baseAddress, bytes.count)
    }

    /// The digest of the bytes so far: 16 bytes (MD5), 20 (SHA-1) or 32 (SHA-256). More bytes may follow.
    package func finalize() -> [UInt8] {
        guard let context else { return fallback!.finalize() }
        // The library's final step overwrites the context: it runs on a copy.
        return withUnsafeTemporaryAllocation(
            byteCount: PlatformHash.contextSize, alignment: PlatformHash.contextAlignment
        ) { copy in
            copy.baseAddress!.copyMemory(from: context.bytes, byteCount: PlatformHash.contextSize)
            return [UInt8](unsafeUninitializedCapacity: context.hash.size) { out, count in
                context.hash.finish(copy.baseAddress!, out.baseAddress!)
                count = context.hash.size
            }
        }
    }

    /// Lower-case hex of `finalize()`.
    package func finalizeHex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}

/// A platform hash context on the heap, shared by copies of a `Digest` until one of them changes it.
/// @unchecked Sendable: `bytes` is written only by `Digest.update`, after `isKnownUniquelyReferenced` showed
/// that no other `Digest` (on this thread or another) holds this object; shared ones are only read (copied),
/// the rule Swift's own copy-on-write collections follow.
private final class PlatformContext: @unchecked Sendable {
    let hash: PlatformHash
    let bytes = UnsafeMutableRawPointer.allocate(
        byteCount: PlatformHash.contextSize, alignment: PlatformHash.contextAlignment)

    init(_ hash: PlatformHash) {
        self.hash = hash
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: PlatformHash.contextSize)
        hash.start(bytes)
    }

    init(copying other: PlatformContext) {
        hash = other.hash
        bytes.copyMemory(from: other.bytes, byteCount: PlatformHash.contextSize)
    }

    deinit { bytes.deallocate() }
}
