import CLibgit2
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension GitPack {
    /// The path of the repository's only pack file when that pack alone must hold every object reachable
    /// from `tip`, as right after a clone or an import: one `objects/pack/*.pack` (with its `.idx`), no
    /// loose object, no alternates, not shallow, and `tip` present. nil otherwise.
    /// A pack in `objects/pack` was written by an indexer, which completes thin packs, so it is never thin;
    /// streamed as it is after a bundle header it is a valid bundle of `tip` (git accepts extra objects).
    public static func soleCompletePack(
        _ repo: GitRepository, tip: String, fileSystem fs: any FileSystem = LocalFileSystem()
    ) -> String? {
        let objects = repo.gitDirectory + "/objects"
        if fs.fileExists(objects + "/info/alternates") || fs.fileExists(repo.gitDirectory + "/shallow") {
            return nil
        }
        guard let names = try? fs.contentsOfDirectory(objects + "/pack") else { return nil }
        let packs = names.filter { $0.hasPrefix("pack-") && $0.hasSuffix(".pack") }
        guard packs.count == 1, names.contains(String(packs[0].dropLast(5)) + ".idx") else { return nil }
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
        return objects + "/pack/" + packs[0]
    }

    /// Streams the pack file at `path` into `sink` unchanged, with progress; returns its object count
    /// (read from the pack header). Throws when the file is not a pack.
    public static func copy(
        packFile path: String, options: TransferOptions, sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError.errno(path, .read) }
        defer { close(fd) }
        let session = Session(options)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var objects: Int?
        var total = 0
        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError.errno(path, .read)
            }
            if n == 0 { break }
            if objects == nil {
                // "PACK", version (2 or 3), object count: three big-endian 32-bit words.
                guard n >= 12, Array(buffer[0..<4]) == Array("PACK".utf8) else {
                    throw GitError(.repository, operation: "read the pack", subject: path, cause: "not a pack file")
                }
                objects = buffer[8..<12].reduce(0) { $0 << 8 | Int($1) }
            }
            try sink(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            total += n
            if session.report("bundle.progress.writing", total, nil, bytes: total) != 0 { throw InterruptedError() }
        }
        guard let objects else {
            throw GitError(.repository, operation: "read the pack", subject: path, cause: "the file is empty")
        }
        return objects
    }
}
