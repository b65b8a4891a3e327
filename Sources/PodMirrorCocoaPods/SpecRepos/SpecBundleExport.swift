import Foundation
import PodMirrorFoundation
import PodMirrorTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `repo export` wrote.
package struct SpecBundleExport: Sendable {
    package var name: String
    package var file: String
    package var branch: String
    package var tip: String
    package var bytes: Int
    package var objects: Int
    /// The repo's pack files were copied as they are (true), or a pack was built with the packbuilder.
    package var packReused: Bool
    package var seconds: Double

    package var json: [String: JSONValue] {
        [
            "name": .string(name), "file": .string(file), "branch": .string(branch), "tip": .string(tip),
            "bytes": .int(bytes), "objects": .int(objects), "packReused": .bool(packReused),
            "seconds": .double((seconds * 1000).rounded() / 1000),
        ]
    }
}

extension RepoExportPlanner {
    /// `repo export NAME FILE`: the repo's branch as a git bundle (v2 header, then a pack). When the repo
    /// keeps all its objects in complete packs (after a clone or an import, and the updates since), those
    /// are copied as they are (joined into one); otherwise libgit2's packbuilder builds one for the branch.
    /// Written to a temporary file beside FILE, synced, then renamed over it, so FILE is either the old one
    /// or the complete new one.
    package func export(name: String, to file: String, context: ApplyContext) throws -> SpecBundleExport {
        let started = Date()
        let (repo, branch, tip) = try exportSource(name, to: file)
        let out = try AtomicOutputFile(file)
        do {
            try out.write(SpecBundleHeader.v2(tip: tip, branch: branch))
            let objects: Int
            let packs = GitPack.reusablePacks(repo, tip: tip, fileSystem: shared.repos.fileSystem)
            if let packs {
                objects = try GitPack.copy(packs, options: shared.transfer(context)) { try out.write($0) }
            } else {
                objects = try GitPack.build(repo, tips: [tip], options: shared.transfer(context)) { chunk in
                    try out.write(chunk)
                }
            }
            try context.checkCancelled()
            let bytes = out.written
            try out.commit()
            return SpecBundleExport(
                name: name, file: file, branch: branch, tip: tip, bytes: bytes, objects: objects,
                packReused: packs != nil, seconds: Date().timeIntervalSince(started))
        } catch {
            out.discard()
            throw error
        }
    }
}

/// A file written in full to `.<name>.podmirror-<pid>-XXXXXX` (`TempName`) beside its destination, then synced
/// and renamed into place; `discard()` removes the temporary file. A write error (full disk, `ulimit -f`) names
/// the file.
final class AtomicOutputFile {
    let destination: String
    let temporary: String
    private var fd: Int32
    private(set) var written = 0

    init(_ destination: String) throws {
        self.destination = destination
        var template = Array(TempName.beside(URL(fileURLWithPath: destination).path, tag: "XXXXXX").utf8CString)
        fd = mkstemp(&template)
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fd >= 0 else {
            throw PodMirrorFailure(
                Message("bundle.error.write", ["file": destination, "reason": String(cString: strerror(errno))]),
                code: .bundleWrite)
        }
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)
    }

    func write(_ data: Data) throws {
        try data.withUnsafeBytes { try write($0) }
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc_write(fd, p, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            p += n
            left -= n
            written += n
        }
    }

    func commit() throws {
        if fsync(fd) != 0 { throw failure(errno) }
        close(fd)
        fd = -1
        guard rename(temporary, destination) == 0 else { throw failure(errno) }
    }

    func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        unlink(temporary)
    }

    private func failure(_ code: Int32) -> PodMirrorFailure {
        PodMirrorFailure(
            Message("bundle.error.write", ["file": destination, "reason": String(cString: strerror(code))]),
            code: .bundleWrite)
    }

    deinit { if fd >= 0 { close(fd) } }
}

@inline(__always) private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
