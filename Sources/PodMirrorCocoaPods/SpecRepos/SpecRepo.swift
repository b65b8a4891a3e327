import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// One entry of the repos dir, typed by CocoaPods' rules without walking its Specs tree.
public struct SpecRepo: Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case git
        case cdn
        /// CocoaPods' "file system" source: neither CDN nor a git repo with a HEAD.
        case dir
    }

    public var name: String
    public var path: String
    public var kind: Kind
    /// Raw origin URL (git), the `.url` content (CDN) or the hard-wired trunk URL. May hold credentials:
    /// show `displayURL`.
    public var url: String?
    /// Git: the checked-out branch; nil when HEAD is detached.
    public var branch: String?
    /// Git: HEAD's commit.
    public var head: String?
    /// Git: HEAD's committer date.
    public var headDate: Date?

    public var displayURL: String? { url.map(Redaction.redactURL) }

    /// Reads one folder of the repos dir.
    public static func read(name: String, in dir: ReposDirectory) -> SpecRepo {
        let path = dir.repoPath(name)
        if name == "trunk" { return SpecRepo(name: name, path: path, kind: .cdn, url: SpecRepoNaming.trunkURL) }
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
    public static func all(in dir: ReposDirectory) -> [SpecRepo] {
        guard let names = try? dir.fileSystem.contentsOfDirectory(dir.path) else { return [] }
        return names.filter { name in
            !name.hasPrefix(ReposDirectory.stagingPrefix) && dir.fileSystem.isDirectory(dir.repoPath(name))
        }
        .sorted { $0.lowercased() < $1.lowercased() }
        .map { read(name: $0, in: dir) }
    }

    /// JSON for `repo list` (URL redacted).
    public var json: JSONValue {
        var o: [String: JSONValue] = [
            "name": .string(name), "type": .string(kind.rawValue), "path": .string(path),
            "url": .string(displayURL), "branch": .string(branch), "head": .string(head),
        ]
        if let headDate { o["headDate"] = .string(ISO8601DateFormatter().string(from: headDate)) }
        return .object(o)
    }
}
