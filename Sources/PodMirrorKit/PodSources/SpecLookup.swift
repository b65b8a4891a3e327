import Foundation
import Yams

/// A released pod's podspec as CocoaPods will load it from a local spec repo.
public struct FoundSpec: Sendable, Equatable {
    /// The repo folder's name in the repos dir.
    public var repoName: String
    public var path: String
    /// The file's exact bytes (the cache's spec file is a byte copy; its SHA1 is the slug's checksum).
    public var bytes: [UInt8]
    public var sha1: String
    public var isJSON: Bool
}

/// Finds a pod's podspec in the local spec repo that Podfile.lock's `SPEC REPOS` names, the way
/// CocoaPods does: the repo matched by URL, the `Specs` folder (or the repo root), the shard
/// prefixes from the repo's `CocoaPods-version.yml`, `<Name>.podspec.json` else `<Name>.podspec`.
public struct SpecLookup: Sendable {
    public var repos: ReposDirectory
    private let all: [SpecRepo]

    public init(repos: ReposDirectory) {
        self.repos = repos
        all = SpecRepo.all(in: repos)
    }

    /// A podspec a CDN repo does not hold locally: where CocoaPods would download it from and store it.
    public struct CDNSpec: Sendable, Equatable {
        public var repoName: String
        /// Where CocoaPods' CDN source keeps it: `<repo>/Specs/<shard>/<Name>/<version>/<Name>.podspec.json`.
        public var localPath: String
        /// The repo's base URL (its `.url`) followed by the same relative path. May hold credentials.
        public var url: String
    }

    /// The outcome of a lookup: the spec, one to download from a CDN, or a reason to leave the pod to CocoaPods.
    public enum Outcome: Sendable, Equatable {
        case found(FoundSpec)
        case remote(CDNSpec)
        case skipped(SkipReason)
    }

    /// Looks `name` `version` up in the repo `source` (a `SPEC REPOS` key) and checks it against
    /// `checksum` (SHA1 from `SPEC CHECKSUMS`) when given.
    public func find(name: String, version: String, source: String, checksum: String?) throws -> Outcome {
        guard let repo = repo(for: source) else {
            throw PodMirrorFailure(
                Message(
                    "pods.spec.no-repo",
                    [
                        "pod": name, "source": Redaction.redactURL(source),
                        "dir": repos.path,
                    ]),
                remedy: Message("pods.spec.no-repo.remedy"), code: .podsSpecNoRepo)
        }
        let prefixes = Self.prefixLengths(repoPath: repo.path, repos.fileSystem)
        // A CDN repo always keeps podspecs under `Specs/`, which exists only once one was downloaded.
        var specsDir = repo.path + "/Specs"
        if repo.kind != .cdn && !repos.fileSystem.fileExists(specsDir) { specsDir = repo.path }
        let relative = Self.shardPath(name: name, prefixLengths: prefixes) + "\(name)/\(version)"
        let folder = specsDir + "/" + relative
        let jsonPath = folder + "/\(name).podspec.json"
        let rubyPath = folder + "/\(name).podspec"
        let fs = repos.fileSystem
        let path: String
        if fs.fileExists(jsonPath) {
            path = jsonPath
        } else if fs.fileExists(rubyPath) {
            path = rubyPath
        } else {
            if repo.kind == .cdn {
                guard let base = RemotePodspec.cdnBase(repoPath: repo.path, fallback: repo.url) else {
                    return .skipped(.cdnSpecMissing(jsonPath))
                }
                let url = RemotePodspec.cdnURL(base: base, relativePath: "Specs/\(relative)/\(name).podspec.json")
                return .remote(CDNSpec(repoName: repo.name, localPath: jsonPath, url: url))
            }
            throw PodMirrorFailure(
                Message(
                    "pods.spec.missing",
                    [
                        "pod": name, "version": version, "repo": repo.name,
                        "path": jsonPath,
                    ]),
                remedy: Message("pods.spec.missing.remedy"), code: .podsSpecMissing)
        }
        guard let data = fs.contents(path) else {
            throw PodMirrorFailure(Message("pods.spec.unreadable", ["path": path]), code: .podsSpecUnreadable)
        }
        let bytes = Array(data)
        let sha1 = Digest.hex(.sha1, bytes)
        if let checksum, checksum.lowercased() != sha1 {
            throw PodMirrorFailure(
                Message(
                    "pods.spec.checksum",
                    [
                        "pod": name, "repo": repo.name, "path": path,
                        "lock": checksum, "local": sha1,
                    ]),
                remedy: Message("pods.spec.checksum.remedy"), code: .podsSpecChecksum)
        }
        return .found(
            FoundSpec(
                repoName: repo.name, path: path, bytes: bytes, sha1: sha1,
                isJSON: path.hasSuffix(".json")))
    }

    /// The local repo for a `SPEC REPOS` key: `trunk` by name, others by URL as CocoaPods compares them.
    func repo(for source: String) -> SpecRepo? {
        if source == "trunk" { return all.first { $0.name == "trunk" } }
        return all.first { $0.url.map { SpecRepoNaming.matches(local: $0, wanted: source) } ?? false }
    }

    /// `prefix_lengths` of `<repo>/CocoaPods-version.yml`; empty (unsharded) when absent.
    static func prefixLengths(repoPath: String, _ fs: any FileSystem) -> [Int] {
        guard let data = fs.contents(repoPath + "/CocoaPods-version.yml"),
            let node = try? Yams.compose(yaml: String(decoding: data, as: UTF8.self)),
            let seq = node.mapping?[Node("prefix_lengths")]?.sequence
        else { return [] }
        return seq.compactMap { $0.scalar.flatMap { Int($0.string) } }
    }

    /// `b/c/1/` for prefix lengths [1, 1, 1]: successive slices of the MD5 of the name.
    public static func shardPath(name: String, prefixLengths: [Int]) -> String {
        var hash = Substring(Digest.hex(.md5, Array(name.utf8)))
        var out = ""
        for n in prefixLengths where n > 0 {
            out += hash.prefix(n) + "/"
            hash = hash.dropFirst(n)
        }
        return out
    }
}
