import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// What podmirror records of a trunk it made, beside the mirror's objects (`trunk/.git/podmirror-trunk.json`).
package struct TrunkStats: Codable, Sendable, Equatable {
    package var pods: Int
    package var podspecs: Int
    /// Entries under the mirror's `Specs/` that are not where CocoaPods looks, left out.
    var leftOut: Int
    var leftOutExample: String?

    package init(pods: Int, podspecs: Int, leftOut: Int = 0, leftOutExample: String? = nil) {
        self.pods = pods
        self.podspecs = podspecs
        self.leftOut = leftOut
        self.leftOutExample = leftOutExample
    }
}

/// CocoaPods' `trunk` folder as podmirror finds it: absent, made by CocoaPods (a CDN source filled lazily), or made
/// whole by podmirror from a git Specs mirror, whose objects it keeps in `trunk/.git` (CocoaPods types a folder named
/// `trunk` by its name alone and never looks there; `pod repo remove trunk` removes them with it).
package struct TrunkState: Sendable, Equatable {
    package enum Origin: String, Sendable {
        case absent
        case cocoaPods = "cocoapods"
        case podmirror
    }

    package var path: String
    package var origin: Origin
    /// The mirror's URL (origin of `trunk/.git`), raw: may hold credentials; show `displayURL`.
    package var url: String?
    /// The commit every file of trunk is from.
    package var commit: String?
    /// A commit an update was bringing trunk to when it stopped (a kill): the next run finishes it.
    package var pending: String?
    /// The mirror's branch trunk follows, and its tip as last fetched.
    package var branch: String?
    package var fetched: String?
    package var stats: TrunkStats?

    package var displayURL: String? { url.map(Redaction.redactURL) }

    static let builtRef = "refs/podmirror/trunk"
    static let pendingRef = "refs/podmirror/trunk-pending"
    static let statsFile = "podmirror-trunk.json"
    /// The URL CocoaPods hard-wires for the folder named `trunk` (its `.url` is written with it).
    static let cdnURL = "https://cdn.cocoapods.org/"

    package static func read(_ repos: ReposDirectory) -> TrunkState {
        let path = repos.repoPath("trunk")
        let fs = repos.fileSystem
        guard fs.isDirectory(path) else { return TrunkState(path: path, origin: .absent) }
        guard fs.fileExists(path + "/.git"), let repo = try? GitRepository.open(path),
            let commit = repo.resolve(builtRef)
        else { return TrunkState(path: path, origin: .cocoaPods) }
        let branch = repo.headBranch
        let stats = fs.contents(repo.gitDirectory + "/" + statsFile).flatMap {
            try? JSONDecoder().decode(TrunkStats.self, from: $0)
        }
        return TrunkState(
            path: path, origin: .podmirror, url: repo.remoteURL(), commit: commit, pending: repo.resolve(pendingRef),
            branch: branch, fetched: branch.flatMap { repo.resolve("refs/remotes/origin/\($0)") }, stats: stats)
    }

}

/// Setup's details (`TrunkPlanFacts`): where trunk is, who made it, from which mirror (URL redacted) and commit, an
/// unfinished update's commit, and the counts of a trunk podmirror made.
extension TrunkState: Encodable {
    private enum CodingKeys: String, CodingKey {
        case path, origin, url, commit, branch, pending, pods, podspecs, leftOut
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(path, forKey: .path)
        try c.encode(origin.rawValue, forKey: .origin)
        try c.encode(displayURL, forKey: .url)
        try c.encode(commit, forKey: .commit)
        try c.encode(branch, forKey: .branch)
        try c.encodeIfPresent(pending, forKey: .pending)
        if let stats {
            try c.encode(stats.pods, forKey: .pods)
            try c.encode(stats.podspecs, forKey: .podspecs)
            try c.encode(stats.leftOut, forKey: .leftOut)
        }
    }
}
