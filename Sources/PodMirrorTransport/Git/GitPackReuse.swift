internal import CLibgit2
import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GitPack {
    /// The repository's pack files, as byte ranges to stream, when together they hold every object reachable
    /// from `tip`, as after a clone or an import and the updates since: only packs (each with its `.idx`),
    /// no loose object, no alternates, not shallow, and `tip` present. nil otherwise. A pack in
    /// `objects/pack` was written by an indexer, which completes thin packs, so it is never thin; streamed
    /// after a bundle header, the packs joined are a valid bundle of `tip` (git accepts extra objects).
    /// A pack names each object once: the largest pack goes whole, and an entry of another pack whose
    /// object an earlier one holds (an update's pack repeats the bases of its deltas) is left out, unless
    /// a delta of its own pack points at it by offset (then nil). Joining needs the platform's SHA-1.
    package static func reusablePacks(
        _ repo: GitRepository, tip: String, fileSystem fs: any FileSystem
    ) -> [PackPart]? {
        let objects = repo.gitDirectory + "/objects"
        if fs.fileExists(objects + "/info/alternates") || fs.fileExists(repo.gitDirectory + "/shallow") {
            return nil
        }
        guard let names = try? fs.contentsOfDirectory(objects + "/pack") else { return nil }
        let packs = names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }
        guard !packs.isEmpty, packs.allSatisfy({ names.contains(String($0.dropLast(5)) + ".idx") }) else { return nil }
        guard let folders = try? fs.contentsOfDirectory(objects) else { return nil }
        for folder in folders where folder.count == 2 && folder.allSatisfy(\.isHexDigit) {
            // Any entry at all (an object or a temporary file) sends the export to the packbuilder.
            guard let loose = try? fs.contentsOfDirectory(objects + "/" + folder), loose.isEmpty else { return nil }
        }
        guard var oid = GitOID.parse(tip) else { return nil }
        var odb: OpaquePointer?
        guard git_repository_odb(&odb, repo.pointer) == 0 else { return nil }
        defer { git_odb_free(odb) }
        // Objects already read through this repository may predate a pack written by another process.
        _ = git_odb_refresh(odb)
        guard git_odb_exists(odb, &oid) == 1 else { return nil }
        let paths = packs.map { objects + "/pack/" + $0 }
        if paths.count == 1 { return [PackPart(path: paths[0], ranges: nil, objects: nil)] }
        // Joining hashes the whole pack: the packbuilder is faster than the Swift SHA-1.
        guard Digest.hasPlatformImplementation(.sha1) else { return nil }
        return try? PackPart.joining(paths)
    }

    /// Streams `parts` into `sink` as one pack, with progress; returns its object count. One whole pack goes
    /// unchanged; several are joined: one header with the sum of their counts, each one's entries as they
    /// are (a delta names its base by id or by a distance back within its own pack, which joining keeps),
    /// and the SHA-1 of it all. Throws when a file is not a pack.
    package static func copy(
        _ parts: [PackPart], options: TransferOptions, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        let session = Session(options)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        let joined = parts.count > 1
        var sum = joined ? Digest(.sha1) : nil
        var files: [(fd: Int32, size: Int, objects: Int)] = []
        defer { files.forEach { close($0.fd) } }
        for part in parts {
            let fd = open(part.path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileError.errno(part.path, .read) }
            var st = stat()
            _ = fstat(fd, &st)
            files.append((fd, Int(st.st_size), 0))
            // "PACK", version (2 or 3), object count: three big-endian 32-bit words.
            guard pread(fd, buffer.baseAddress, 12, 0) == 12, Array(buffer[0..<4]) == Array("PACK".utf8),
                Int(st.st_size) >= 32
            else {
                throw GitError(
                    .repository, operation: "read the pack", subject: part.path, cause: Message("git.cause.not-a-pack"))
            }
            files[files.count - 1].objects = part.objects ?? Int(UnsafeRawBufferPointer(buffer).bigEndianUInt32(at: 8))
        }
        let objects = files.reduce(0) { $0 + $1.objects }
        var total = 0
        func emit(_ bytes: UnsafeRawBufferPointer) throws {
            sum?.update(bytes)
            try sink(bytes)
            total += bytes.count
            if session.report("bundle.progress.writing", total, nil, bytes: total) != 0 { throw InterruptedError() }
        }
        if joined {
            var header = Array("PACK".utf8) + [0, 0, 0, 2]
            header += (0..<4).map { UInt8(truncatingIfNeeded: objects >> (8 * (3 - $0))) }
            try header.withUnsafeBytes { try emit($0) }
        }
        for (part, file) in zip(parts, files) {
            // Joined: the entries only, between the header and the trailing SHA-1.
            for range in part.ranges ?? [(joined ? 12 : 0)..<(joined ? file.size - 20 : file.size)] {
                var at = range.lowerBound
                while at < range.upperBound {
                    let n = pread(file.fd, buffer.baseAddress, min(buffer.count, range.upperBound - at), off_t(at))
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { throw FileError.errno(part.path, .read) }
                    try emit(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                    at += n
                }
            }
        }
        if let sum { try sum.finalize().withUnsafeBytes { try sink($0) } }
        return objects
    }
}
