import Foundation
import PodMirrorFoundation

/// The lock files git and libgit2 leave in a repo when killed mid-write.
package enum SpecRepoGitLocks {
    /// `index.lock`, `HEAD.lock`, `config.lock`, `packed-refs.lock`, `shallow.lock` and any `refs/**.lock`.
    package static func find(_ gitDir: String, _ fs: any FileSystem) -> [String] {
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
    static func refuse(_ info: SpecRepo, _ fs: any FileSystem) throws {
        guard info.kind == .git, let lock = find(info.path + "/.git", fs).first else { return }
        throw PodMirrorFailure(
            Message("repo.error.git-lock", ["name": info.name, "path": lock]),
            remedy: Message("repo.error.git-lock.remedy", ["path": lock]), code: .repoGitLock)
    }
}
