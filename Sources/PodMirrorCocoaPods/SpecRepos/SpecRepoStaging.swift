import Foundation
import PodMirrorFoundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// podmirror's temporary folders inside the repos dir: a clone is built in one and renamed into
/// place when complete; a replaced repo waits in one until its successor is in place.
struct SpecRepoStaging {
    var dir: ReposDirectory
    var fs: any FileSystem { dir.fileSystem }

    /// A new, not yet existing path `<repos dir>/.podmirror-<purpose>-<name>-<random>`.
    func path(purpose: String, name: String) -> String {
        let random = UUID().uuidString.prefix(8).lowercased()
        return dir.path + "/" + ReposDirectory.stagingPrefix + "\(purpose)-\(name)-\(random)"
    }

    /// Removes temporary folders a killed podmirror left behind, except imports with a journal (finished or
    /// undone by `finishUnfinishedChanges`). Call only while holding Spec_Lock.
    func removeStale() {
        guard let names = try? fs.contentsOfDirectory(dir.path) else { return }
        let journaled = Set(journaledImports())
        for n in names
        where n.hasPrefix(ReposDirectory.stagingPrefix + "tmp-") || n.hasPrefix(ReposDirectory.stagingPrefix + "trash-")
        {
            if !journaled.contains(n) { removeTree(dir.path + "/" + n) }
        }
    }

    /// The staging folders (names) of imports killed after their journal was written.
    func journaledImports() -> [String] {
        guard let names = try? fs.contentsOfDirectory(dir.path) else { return [] }
        return names.filter { n in
            n.hasPrefix(ReposDirectory.stagingPrefix + "tmp-")
                && SpecRepoJournal.read(gitDir: dir.path + "/" + n + "/.git", fileSystem: fs)?.operation == .import
        }.sorted()
    }

    /// `rm -rf`, ignoring errors (used for podmirror's own temporary folders only).
    func removeTree(_ path: String) {
        try? fs.removeItem(path)
    }

    /// `rename(2)`: atomic within the repos dir. Fails when `to` exists and is not an empty folder.
    func rename(_ from: String, _ to: String) throws {
        if fs.fileExists(to) {
            throw PodMirrorFailure(Message("repo.error.move-exists", ["from": from, "to": to]), code: .repoExists)
        }
        do { try fs.moveItem(from, to: to) } catch {
            let reason = (error as? FileError)?.reason ?? "\(error)"
            throw PodMirrorFailure(
                Message("repo.error.move", ["from": from, "to": to, "reason": reason]), code: .repoRename)
        }
    }

    /// Renames a repo aside (a hidden temporary folder in the repos dir, which the next locked run
    /// removes if this one dies) and returns where it went.
    func moveAside(_ path: String, name: String) throws -> String {
        let trash = self.path(purpose: "trash", name: name)
        try rename(path, trash)
        return trash
    }

    /// Deletes a repo: renamed aside first (so the name is free at once, and a crash leaves only a
    /// hidden temporary folder), then removed.
    func delete(_ path: String, name: String) throws {
        let trash = self.path(purpose: "trash", name: name)
        try rename(path, trash)
        removeTree(trash)
    }

    /// What a fetch may write (new packs, remote-tracking refs and their logs, `packed-refs`,
    /// `FETCH_HEAD`), kept so a failed fetch can be undone byte for byte.
    struct FetchSnapshot: Sendable {
        var gitDir: String
        var fs: any FileSystem
        var packs: Set<String>
        /// Relative path → bytes, for the ref files and folders a fetch touches.
        var files: [String: Data] = [:]
        var trackedFolders: [String]
        var trackedFiles: [String]
        static let fetchFolders = ["refs/remotes", "logs/refs/remotes"]
        static let fetchFiles = ["packed-refs", "FETCH_HEAD"]
        /// What a re-point also changes: origin's URL, the branch, HEAD's log, the index.
        static let repointFolders = ["refs/remotes", "refs/heads", "logs"]
        static let repointFiles = ["packed-refs", "FETCH_HEAD", "ORIG_HEAD", "HEAD", "config", "index"]

        init(
            gitDir: String, fileSystem: any FileSystem, folders: [String] = fetchFolders,
            files trackedFiles: [String] = fetchFiles
        ) {
            self.gitDir = gitDir
            self.fs = fileSystem
            self.trackedFolders = folders
            self.trackedFiles = trackedFiles
            packs = Set((try? fs.contentsOfDirectory(gitDir + "/objects/pack")) ?? [])
            for f in trackedFiles { if let d = fs.contents(gitDir + "/" + f) { files[f] = d } }
            for folder in trackedFolders {
                for rel in Self.walk(gitDir + "/" + folder, fs) {
                    files[folder + "/" + rel] = fs.contents(gitDir + "/" + folder + "/" + rel)
                }
            }
        }

        static func walk(_ dir: String, _ fs: any FileSystem) -> [String] {
            fs.subpaths(dir).filter { fs.fileExists(dir + "/" + $0) && !fs.isDirectory(dir + "/" + $0) }
        }

        /// Removes what appeared since the snapshot and puts back what changed.
        func restore() {
            let now = Set((try? fs.contentsOfDirectory(gitDir + "/objects/pack")) ?? [])
            for f in now.subtracting(packs) { try? fs.removeItem(gitDir + "/objects/pack/" + f) }
            var current = trackedFiles.filter { fs.fileExists(gitDir + "/" + $0) }
            for folder in trackedFolders { current += Self.walk(gitDir + "/" + folder, fs).map { folder + "/" + $0 } }
            for rel in current where files[rel] == nil {
                try? fs.removeItem(gitDir + "/" + rel)
                // Remove folders the fetch created, up to the tracked folder.
                var parent = (rel as NSString).deletingLastPathComponent
                while !parent.isEmpty, !trackedFolders.contains(parent),
                    (try? fs.contentsOfDirectory(gitDir + "/" + parent))?.isEmpty == true
                {
                    try? fs.removeItem(gitDir + "/" + parent)
                    parent = (parent as NSString).deletingLastPathComponent
                }
            }
            for (rel, data) in files where fs.contents(gitDir + "/" + rel) != data {
                try? fs.writeAtomically([UInt8](data), to: gitDir + "/" + rel, defaultMode: 0o644)
            }
        }
    }
}

extension ReposDirectory {
    /// podmirror's temporary folders in this repos dir.
    var staging: SpecRepoStaging { SpecRepoStaging(dir: self) }
}
