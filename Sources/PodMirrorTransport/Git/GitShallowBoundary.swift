internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// A shallow repository's boundary (`.git/shallow`: the commits whose parents it does not have, one id a line)
/// kept across a fetch on the libgit2 versions that drop it (1.7 and 1.8, `pm_fetch_drops_shallow_roots`): they
/// rewrite the file at the end of a fetch with only the roots the server sent. A fetch without a depth never
/// deepens, so every old root is still a root afterwards: the file gets back the union of both.
struct GitShallowBoundary {
    let gitDirectory: String
    let fileSystem: any FileSystem

    var file: String { gitDirectory + "/shallow" }
    /// The roots saved before the fetch; a run killed before it put them back leaves them for the next fetch.
    var saved: String { gitDirectory + "/podmirror-shallow" }

    /// Runs `fetch` (a fetch without a depth into the repository it is given) so that `repo`'s boundary
    /// survives it. Where libgit2 drops the boundary, `fetch` gets a handle of its own: the one that fetched keeps
    /// the emptied boundary in memory even once the file has it back (its merge bases then walk past it).
    static func keeping<R>(in repo: GitRepository, _ fetch: (GitRepository) throws -> R) throws -> R {
        let boundary = GitShallowBoundary(gitDirectory: repo.gitDirectory, fileSystem: LocalFileSystem())
        // First what a run killed mid-fetch left (with any libgit2: this one may be newer than that run's).
        try boundary.restore()
        guard pm_fetch_drops_shallow_roots() != 0 else { return try fetch(repo) }
        let roots = boundary.roots(boundary.file)
        guard !roots.isEmpty else { return try fetch(repo) }
        try boundary.write(roots, to: boundary.saved)
        let result: R
        do { result = try fetch(GitRepository.open(repo.path)) } catch {
            try? boundary.restore()
            throw error
        }
        try boundary.restore()
        return result
    }

    /// Adds the saved roots back to `.git/shallow`, then drops the saved copy.
    func restore() throws {
        guard fileSystem.fileExists(saved) else { return }
        let now = roots(file)
        let all = now.union(roots(saved))
        if all != now { try write(all, to: file) }
        try fileSystem.removeItem(saved)
    }

    func roots(_ path: String) -> Set<String> {
        guard let data = fileSystem.contents(path) else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    func write(_ roots: Set<String>, to path: String) throws {
        let text = roots.sorted().map { $0 + "\n" }.joined()
        try fileSystem.writeAtomically(Array(text.utf8), to: path, defaultMode: 0o644)
    }
}
