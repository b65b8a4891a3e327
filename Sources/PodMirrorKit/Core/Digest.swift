import Crypto
import Foundation

/// The hashes CocoaPods' cache relies on: SHA1 (spec checksums), MD5 (external slugs) and SHA256/SHA1
/// (`:http` source verification); SHA-1 is also git's (pack and index file checksums).
public enum DigestAlgorithm: Sendable {
    case md5, sha1, sha256
}

/// A streaming hash, so an archive or a pack is hashed without holding it in memory: swift-crypto's on every
/// platform (CryptoKit on macOS, BoringSSL elsewhere). A value: a copy goes on from the same state
/// independently of the original, and `finalize` leaves the digest as it was.
/// @unchecked Sendable: swift-crypto's hash values do not declare it, but they are copy-on-write (a context
/// object written only after `isKnownUniquelyReferenced`, only read when shared), like Swift's collections.
public struct Digest: @unchecked Sendable {
    public let algorithm: DigestAlgorithm
    // Exactly one is set. Optionals rather than an enum with payloads: `md5?.update` changes the stored
    // value in place, so swift-crypto's copy-on-write context is not copied on every update.
    private var md5: Insecure.MD5?
    private var sha1: Insecure.SHA1?
    private var sha256: SHA256?

    public init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        switch algorithm {
        case .md5: md5 = Insecure.MD5()
        case .sha1: sha1 = Insecure.SHA1()
        case .sha256: sha256 = SHA256()
        }
    }

    /// Lower-case hex digest of `bytes`.
    public static func hex(_ algorithm: DigestAlgorithm, _ bytes: some Sequence<UInt8>) -> String {
        var d = Digest(algorithm)
        d.update(Array(bytes))
        return d.finalizeHex()
    }

    /// Lower-case hex digest of a file's bytes, read in chunks.
    public static func hex(_ algorithm: DigestAlgorithm, fileAt path: String) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError(path: path, operation: .read, reason: "it cannot be opened")
        }
        defer { try? handle.close() }
        var d = Digest(algorithm)
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { d.update($0) }
        }
        return d.finalizeHex()
    }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        md5?.update(bufferPointer: bytes)
        sha1?.update(bufferPointer: bytes)
        sha256?.update(bufferPointer: bytes)
    }

    /// The digest of the bytes so far: 16 bytes (MD5), 20 (SHA-1) or 32 (SHA-256). More bytes may follow.
    public func finalize() -> [UInt8] {
        if let md5 { return Array(md5.finalize()) }
        if let sha1 { return Array(sha1.finalize()) }
        return Array(sha256!.finalize())
    }

    /// Lower-case hex of `finalize()`.
    public func finalizeHex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
