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
        for n in names where n.hasPrefix(ReposDirectory.stagingPrefix + "tmp-") || n.hasPrefix(ReposDirectory.stagingPrefix + "trash-") {
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
            throw SpecRepoError("cannot move \(from) to \(to): \(to) already exists", code: "repo.exists")
        }
        guard Glibc_rename(from, to) == 0 else {
            throw SpecRepoError("cannot move \(from) to \(to): \(String(cString: strerror(errno)))", code: "repo.rename")
        }
    }

    /// Deletes a repo: renamed aside first (so the name is free at once, and a crash leaves only a
    /// hidden temporary folder), then removed.
    static func delete(_ path: String, dir: ReposDirectory, name: String) throws {
        let trash = Self.path(dir, purpose: "trash", name: name)
        try rename(path, trash)
        removeTree(trash)
    }

    /// Files in `.git/objects/pack` plus `FETCH_HEAD`, to undo what a failed fetch left behind.
    struct FetchSnapshot {
        var gitDir: String
        var packs: Set<String>
        var fetchHead: Data?

        init(gitDir: String) {
            self.gitDir = gitDir
            packs = Set((try? FileManager.default.contentsOfDirectory(atPath: gitDir + "/objects/pack")) ?? [])
            fetchHead = FileManager.default.contents(atPath: gitDir + "/FETCH_HEAD")
        }

        /// Removes pack files that appeared since the snapshot and puts FETCH_HEAD back.
        func restore() {
            let now = Set((try? FileManager.default.contentsOfDirectory(atPath: gitDir + "/objects/pack")) ?? [])
            for f in now.subtracting(packs) { try? FileManager.default.removeItem(atPath: gitDir + "/objects/pack/" + f) }
            let fh = gitDir + "/FETCH_HEAD"
            if let fetchHead { try? fetchHead.write(to: URL(fileURLWithPath: fh)) } else { try? FileManager.default.removeItem(atPath: fh) }
        }
    }
}

@inline(__always) private func Glibc_rename(_ a: String, _ b: String) -> Int32 { rename(a, b) }
