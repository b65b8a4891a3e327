import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// One entry of the repos dir, typed by CocoaPods' rules without walking its Specs tree.
package struct SpecRepo: Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case git
        case cdn
        /// CocoaPods' "file system" source: neither CDN nor a git repo with a HEAD.
        case dir
    }

    package var name: String
    package var path: String
    package var kind: Kind
    /// Raw origin URL (git), the `.url` content (CDN) or the hard-wired trunk URL. May hold credentials:
    /// show `displayURL`.
    package var url: String?
    /// Git: the checked-out branch; nil when HEAD is detached.
    package var branch: String?
    /// Git: HEAD's commit.
    package var head: String?
    /// Git: HEAD's committer date.
    package var headDate: Date?
    /// trunk made whole by podmirror: the git Specs mirror it was made from (raw; may hold credentials), and `head`
    /// is the mirror's commit its files are from.
    package var madeFrom: String?

    package var displayURL: String? { url.map(Redaction.redactURL) }

    /// Reads one folder of the repos dir.
    package static func read(name: String, in dir: ReposDirectory) -> SpecRepo {
        let path = dir.repoPath(name)
        if name == "trunk" {
            let made = TrunkState.read(dir)
            return SpecRepo(
                name: name, path: path, kind: .cdn, url: SpecRepoNaming.trunkURL,
                head: made.origin == .podmirror ? made.commit : nil, madeFrom: made.url)
        }
        let fs = dir.fileSystem
        if let data = fs.contents(path + "/.url") {
            var url = String(decoding: data, as: UTF8.self)
            if url.hasSuffix("\n") { url.removeLast() }
            if url.hasSuffix("/") { url.removeLast() }
            return SpecRepo(name: name, path: path, kind: .cdn, url: url + "/")
        }
        guard fs.fileExists(path + "/.git"), let repo = try? GitRepository.open(path), let head = repo.headOID
        else {
            return SpecRepo(name: name, path: path, kind: .dir)
        }
        return SpecRepo(
            name: name, path: path, kind: .git,
            url: repo.remoteURL() ?? "file://\(path)/.git",
            branch: repo.headBranch, head: head, headDate: repo.commitDate(head))
    }

    /// Every source in the repos dir, sorted case-insensitively like CocoaPods; podmirror's own
    /// temporary folders are left out.
    package static func all(in dir: ReposDirectory) -> [SpecRepo] {
        guard let names = try? dir.fileSystem.contentsOfDirectory(dir.path) else { return [] }
        return names.filter { name in
            !name.hasPrefix(ReposDirectory.stagingPrefix) && dir.fileSystem.isDirectory(dir.repoPath(name))
        }
        .sorted { $0.lowercased() < $1.lowercased() }
        .map { read(name: $0, in: dir) }
    }
}
