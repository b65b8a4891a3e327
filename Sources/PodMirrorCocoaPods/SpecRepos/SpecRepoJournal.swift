import Foundation
import PodMirrorFoundation
import PodMirrorTransport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spec repo change of several steps (`repo use`'s re-point, `repo update`'s checkout, `repo import`'s
/// checkout and rename into place), written to `.git/podmirror-journal.json` before its first step and removed
/// after its last (an import's lives in its staging folder until the rename). A kill in between
/// leaves it, and the next run that takes `Spec_Lock` finishes the change (or drops it when it had not
/// got far enough to finish); `--check`, `--dry-run` and `doctor` report it. Holds no credential: the URL
/// is stored redacted, only to tell whether the re-point got to writing it.
package struct SpecRepoJournal: Codable, Sendable, Equatable {
    package enum Operation: String, Codable, Sendable {
        case repoint, update
        case `import`
    }

    package var operation: Operation
    var branch: String
    var oldHead: String
    package var newHead: String
    /// `repoint`: origin's new URL, redacted.
    var url: String?
    /// `repoint`: origin's refs once re-pointed (name → id).
    var refs: [String: String]?
    /// `repoint`, `import`: the repo's folder name once the change is done.
    var finalName: String?
    /// The process making the change.
    var pid: Int32 = getpid()

    static let fileName = "podmirror-journal.json"

    /// The repo's name for reports: an import's staging `folder` stands for the repo it becomes.
    package func repoName(folder: String) -> String { operation == .import ? finalName ?? folder : folder }

    static func path(gitDir: String) -> String { gitDir + "/" + fileName }

    /// Written atomically: a kill leaves the old journal or the new one, never half of one.
    func write(gitDir: String, fileSystem fs: any FileSystem) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try fs.writeAtomically(Array(try encoder.encode(self)), to: Self.path(gitDir: gitDir), defaultMode: 0o644)
    }

    /// The journal of the repo at `gitDir`, or nil when there is none (or it is unreadable: nothing to finish).
    package static func read(gitDir: String, fileSystem fs: any FileSystem) -> SpecRepoJournal? {
        guard let data = fs.contents(path(gitDir: gitDir)) else { return nil }
        return try? JSONDecoder().decode(SpecRepoJournal.self, from: data)
    }

    static func remove(gitDir: String, fileSystem fs: any FileSystem) throws {
        let p = path(gitDir: gitDir)
        if fs.fileExists(p) { try fs.removeItem(p) }
        for stale in TempName.stale(beside: p, fileSystem: fs) { try? fs.removeItem(stale) }
    }

    /// True when the change got far enough to be finished: a re-point that wrote origin's new URL (its refs
    /// and work tree come after it), or an update (its fetch was complete before the journal was written).
    func canFinish(_ repo: GitRepository) -> Bool {
        guard repo.hasCommit(newHead) else { return false }
        switch operation {
        case .update: return true
        case .import: return repo.headOID == newHead && repo.remoteURL() != nil
        case .repoint: return repo.remoteURL().map(Redaction.redactURL) == url
        }
    }
}

extension ReposDirectory {
    /// The git repos a killed podmirror left in the middle of a change, with their journals; an import killed
    /// before its rename is its staging folder (`info.name` is the folder's, the journal's `finalName` the repo's).
    package func unfinishedChanges() -> [(repo: SpecRepo, journal: SpecRepoJournal)] {
        let imports = staging.journaledImports().map { SpecRepo.read(name: $0, in: self) }
        return (SpecRepo.all(in: self) + imports).filter { $0.kind == .git }.compactMap { info in
            SpecRepoJournal.read(gitDir: info.path + "/.git", fileSystem: fileSystem).map { (info, $0) }
        }
    }

    /// Finishes (or drops) every unfinished change. Call only while holding `Spec_Lock`. The git lock files
    /// the killed change left (created after its journal, its process gone) are removed first; a repo with
    /// any other git lock file is left alone: the plan then refuses it, naming the lock.
    func finishUnfinishedChanges() throws {
        for (info, journal) in unfinishedChanges() where !TempName.isRunning(journal.pid) {
            let gitDir = info.path + "/.git"
            let written = Self.modified(SpecRepoJournal.path(gitDir: gitDir)) ?? .distantFuture
            for lock in SpecRepoGitLocks.find(gitDir, fileSystem)
            where (Self.modified(lock) ?? .distantPast) >= written {
                try fileSystem.removeItem(lock)
            }
            if SpecRepoGitLocks.find(gitDir, fileSystem).isEmpty { try finish(info, journal) }
        }
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// Finishes one change: origin's refs (re-point), the branch and work tree at the new commit, the final
    /// folder name; or, when it cannot be finished, drops the journal (nothing the user sees had changed).
    func finish(_ info: SpecRepo, _ journal: SpecRepoJournal) throws {
        let repo = try GitRepository.open(info.path)
        if journal.operation == .import { return try finishImport(info, journal, repo) }
        guard journal.canFinish(repo) else {
            return try SpecRepoJournal.remove(gitDir: repo.gitDirectory, fileSystem: fileSystem)
        }
        if journal.operation == .repoint, let refs = journal.refs {
            for r in repo.references(matching: "refs/remotes/origin/*") where refs[r] == nil { repo.deleteReference(r) }
            for (r, oid) in refs.sorted(by: { $0.key < $1.key }) where repo.resolve(r) != oid {
                try repo.setReference(r, to: oid, message: "podmirror: finish an interrupted re-point")
            }
        }
        // Only the paths that differ between HEAD and the new commit: the killed checkout wrote some of them.
        try GitCheckout.resetHard(
            repo, branch: journal.branch, to: journal.newHead, options: .local(),
            message: "podmirror: finish an interrupted \(journal.operation.rawValue)")
        var path = info.path
        if let name = journal.finalName, name != info.name, !fileSystem.fileExists(repoPath(name)) {
            try staging.rename(info.path, repoPath(name))
            path = repoPath(name)
        }
        try SpecRepoJournal.remove(gitDir: path + "/.git", fileSystem: fileSystem)
    }
}

extension ReposDirectory {
    /// Finishes an import: in its staging folder, the work tree is checked out again from the indexed pack and
    /// the folder renamed into place; one killed after the rename only loses its journal. An import that cannot be
    /// finished (pack incomplete, or its name taken meanwhile) is undone: the staging folder is removed.
    private func finishImport(_ info: SpecRepo, _ journal: SpecRepoJournal, _ repo: GitRepository) throws {
        let name = journal.finalName ?? info.name
        guard info.name != name else {
            return try SpecRepoJournal.remove(gitDir: repo.gitDirectory, fileSystem: fileSystem)
        }
        guard journal.canFinish(repo), !fileSystem.fileExists(repoPath(name)) else {
            return staging.removeTree(info.path)
        }
        for entry in try fileSystem.contentsOfDirectory(info.path) where entry != ".git" {
            try fileSystem.removeItem(info.path + "/" + entry)
        }
        try? fileSystem.removeItem(repo.gitDirectory + "/index")
        try GitCheckout.checkoutFresh(repo, commit: journal.newHead, options: .local())
        try staging.rename(info.path, repoPath(name))
        try SpecRepoJournal.remove(gitDir: repoPath(name) + "/.git", fileSystem: fileSystem)
    }
}

extension ReposDirectory {
    /// The change a dry run or check reports for an unfinished one (applying finishes it under the lock).
    func finishChange(_ info: SpecRepo, _ journal: SpecRepoJournal) -> Change {
        let name = journal.repoName(folder: info.name)
        let message = Message(
            "repo.recover.summary",
            ["name": name, "operation": journal.operation.rawValue, "head": String(journal.newHead.prefix(12))])
        let dir = self
        return Change(
            id: "repo.recover:\(name)", kind: .specRepoRecover, subject: name, summary: message.english,
            details: SpecRepoRecoverFacts(
                name: name, operation: journal.operation.rawValue, oldHead: journal.oldHead, newHead: journal.newHead),
            isNeeded: true,
            apply: { _ in
                try dir.finish(info, journal)
                return nil
            }
        ).said(message)
    }
}
