import Foundation
import PodMirrorFoundation
import PodMirrorTransport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `repo export` wrote.
package struct SpecBundleExport: ChangeFacts {
    package var name: String
    package var file: String
    package var branch: String
    package var tip: String
    package var bytes: Int
    package var objects: Int
    /// The repo's pack files were copied as they are (true), or a pack was built with the packbuilder.
    var packReused: Bool
    /// How long it took, to the millisecond.
    package var seconds: Double
}

extension RepoExportPlanner {
    /// `repo export NAME FILE`: the repo's branch as a git bundle (v2 header, then a pack). When the repo
    /// keeps all its objects in complete packs (after a clone or an import, and the updates since), those
    /// are copied as they are (joined into one); otherwise libgit2's packbuilder builds one for the branch.
    /// Written to a temporary file beside FILE, synced, then renamed over it, so FILE is either the old one
    /// or the complete new one.
    func export(name: String, to file: String, context: ApplyContext) throws -> SpecBundleExport {
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
                packReused: packs != nil, seconds: (Date().timeIntervalSince(started) * 1000).rounded() / 1000)
        } catch {
            out.discard()
            throw error
        }
    }
}

/// The bundle's file: podmirror's one atomic write (`AtomicFile`), beside FILE, readable as the umask allows; a
/// write error (full disk, `ulimit -f`) is `bundle.error.write`, naming FILE.
struct AtomicOutputFile {
    let file: AtomicFile

    init(_ destination: String) throws {
        let mask = umask(0)
        umask(mask)
        file = try Self.bundleWrite { try AtomicFile(destination, mode: 0o666 & ~mask) }
    }

    var written: Int { file.written }

    func write(_ data: Data) throws { try Self.bundleWrite { try file.write(data) } }

    func write(_ bytes: UnsafeRawBufferPointer) throws { try Self.bundleWrite { try file.write(bytes) } }

    func commit() throws { try Self.bundleWrite { try file.commit() } }

    func discard() { file.discard() }

    private static func bundleWrite<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as FileError {
            throw PodMirrorFailure(
                Message("bundle.error.write", ["file": error.path, "reason": error.reason]), code: .bundleWrite)
        }
    }
}
