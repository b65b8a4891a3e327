import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// podmirror's temporary folders inside the repos dir: a clone is built in one and renamed into
/// place when complete; a replaced repo waits in one until its successor is in place.
enum SpecRepoStaging {
    /// A new, not yet existing path `<repos dir>/.podmirror-<purpose>-<name>-<random>`.
    static func path(_ dir: ReposDirectory, purpose: String, name: String) -> String {
        let random = UUID().uuidString.prefix(8).lowercased()
        return dir.path + "/" + ReposDirectory.stagingPrefix + "\(purpose)-\(name)-\(random)"
    }

    /// Removes temporary folders a killed podmirror left behind. Call only while holding Spec_Lock.
    static func removeStale(_ dir: ReposDirectory) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for n in names
        where n.hasPrefix(ReposDirectory.stagingPrefix + "tmp-") || n.hasPrefix(ReposDirectory.stagingPrefix + "trash-")
        {
            removeTree(dir.path + "/" + n)
        }
    }

    /// `rm -rf`, ignoring errors (used for podmirror's own temporary folders only).
    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `rename(2)`: atomic within the repos dir. Fails when `to` exists and is not an empty folder.
    static func rename(_ from: String, _ to: String) throws {
        if FileManager.default.fileExists(atPath: to) {
            throw PodMirrorFailure(Message("repo.error.move-exists", ["from": from, "to": to]), code: .repoExists)
        }
        guard Glibc_rename(from, to) == 0 else {
            throw PodMirrorFailure(
                Message("repo.error.move", ["from": from, "to": to, "reason": String(cString: strerror(errno))]),
                code: .repoRename)
        }
    }

    /// Renames a repo aside (a hidden temporary folder in the repos dir, which the next locked run
    /// removes if this one dies) and returns where it went.
    static func moveAside(_ path: String, dir: ReposDirectory, name: String) throws -> String {
        let trash = Self.path(dir, purpose: "trash", name: name)
        try rename(path, trash)
        return trash
    }

    /// Deletes a repo: renamed aside first (so the name is free at once, and a crash leaves only a
    /// hidden temporary folder), then removed.
    static func delete(_ path: String, dir: ReposDirectory, name: String) throws {
        let trash = Self.path(dir, purpose: "trash", name: name)
        try rename(path, trash)
        removeTree(trash)
    }

    /// What a fetch may write (new packs, remote-tracking refs and their logs, `packed-refs`,
    /// `FETCH_HEAD`), kept so a failed fetch can be undone byte for byte.
    struct FetchSnapshot: Sendable {
        var gitDir: String
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

        init(gitDir: String, folders: [String] = fetchFolders, files trackedFiles: [String] = fetchFiles) {
            self.gitDir = gitDir
            self.trackedFolders = folders
            self.trackedFiles = trackedFiles
            let fm = FileManager.default
            packs = Set((try? fm.contentsOfDirectory(atPath: gitDir + "/objects/pack")) ?? [])
            for f in trackedFiles { if let d = fm.contents(atPath: gitDir + "/" + f) { files[f] = d } }
            for folder in trackedFolders {
                for rel in Self.walk(gitDir + "/" + folder) {
                    files[folder + "/" + rel] = fm.contents(atPath: gitDir + "/" + folder + "/" + rel)
                }
            }
        }

        static func walk(_ dir: String) -> [String] {
            var out: [String] = []
            let e = FileManager.default.enumerator(atPath: dir)
            while let rel = e?.nextObject() as? String {
                var isDir: ObjCBool = false
                if FileManager.default.fileExists(atPath: dir + "/" + rel, isDirectory: &isDir), !isDir.boolValue {
                    out.append(rel)
                }
            }
            return out
        }

        /// Removes what appeared since the snapshot and puts back what changed.
        func restore() {
            let fm = FileManager.default
            let now = Set((try? fm.contentsOfDirectory(atPath: gitDir + "/objects/pack")) ?? [])
            for f in now.subtracting(packs) { try? fm.removeItem(atPath: gitDir + "/objects/pack/" + f) }
            var current = trackedFiles.filter { fm.fileExists(atPath: gitDir + "/" + $0) }
            for folder in trackedFolders { current += Self.walk(gitDir + "/" + folder).map { folder + "/" + $0 } }
            for rel in current where files[rel] == nil {
                try? fm.removeItem(atPath: gitDir + "/" + rel)
                // Remove folders the fetch created, up to the tracked folder.
                var parent = (rel as NSString).deletingLastPathComponent
                while !parent.isEmpty, !trackedFolders.contains(parent),
                    (try? fm.contentsOfDirectory(atPath: gitDir + "/" + parent))?.isEmpty == true
                {
                    try? fm.removeItem(atPath: gitDir + "/" + parent)
                    parent = (parent as NSString).deletingLastPathComponent
                }
            }
            for (rel, data) in files where fm.contents(atPath: gitDir + "/" + rel) != data {
                try? data.write(to: URL(fileURLWithPath: gitDir + "/" + rel))
            }
        }
    }
}

@inline(__always) private func Glibc_rename(_ a: String, _ b: String) -> Int32 { rename(a, b) }
