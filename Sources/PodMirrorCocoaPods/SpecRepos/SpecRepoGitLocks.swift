import Foundation
import PodMirrorFoundation

extension SpecRepoService {
    /// Lock files git and libgit2 leave when killed mid-write: `index.lock`, `HEAD.lock`, `config.lock`,
    /// `packed-refs.lock`, `shallow.lock` and any `refs/**.lock`.
    package static func gitLocks(_ gitDir: String, _ fs: any FileSystem) -> [String] {
        var out = [
            "index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "shallow.lock", "ORIG_HEAD.lock",
            "FETCH_HEAD.lock",
        ]
        .map { gitDir + "/" + $0 }.filter { fs.fileExists($0) }
        for rel in fs.subpaths(gitDir + "/refs") where rel.hasSuffix(".lock") { out.append(gitDir + "/refs/" + rel) }
        return out
    }

    /// Refuses to touch a repo while a git lock file is in it (a running `git`/`pod repo update`, or a
    /// stale one from a crash): libgit2 would stop half-way at it. Called while planning, before anything
    /// changes; the remedy names the file.
    func refuseGitLocks(_ info: SpecRepo) throws {
        guard info.kind == .git, let lock = Self.gitLocks(info.path + "/.git", repos.fileSystem).first else { return }
        throw PodMirrorFailure(
            Message("repo.error.git-lock", ["name": info.name, "path": lock]),
            remedy: Message("repo.error.git-lock.remedy", ["path": lock]), code: .repoGitLock)
    }
}
