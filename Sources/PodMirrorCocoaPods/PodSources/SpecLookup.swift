import Foundation
import PodMirrorFoundation

/// A released pod's podspec as CocoaPods will load it from a local spec repo.
package struct FoundSpec: Sendable, Equatable {
    /// The repo folder's name in the repos dir.
    package var repoName: String
    package var path: String
    /// The file's exact bytes (the cache's spec file is a byte copy; its SHA1 is the slug's checksum).
    package var bytes: [UInt8]
    package var sha1: String
    var isJSON: Bool
    /// The lock's `SPEC CHECKSUMS` value when this podspec does not hash to it: `pod install` installs this podspec
    /// all the same and writes its checksum (`sha1`) into the lock.
    var lockChecksum: String?
}

/// Finds a released pod's podspec where CocoaPods would load it now: the Podfile's sources in order (trunk
/// when it names none), each matched to a local repo by URL; then any other local repo holding that name and
/// version. In a repo: the `Specs` folder (or the repo root), the shard prefixes from the repo's
/// `CocoaPods-version.yml`, `<Name>.podspec.json` else `<Name>.podspec`.
package struct SpecLookup: Sendable {
    package var repos: ReposDirectory
    private let all: [SpecRepo]

    package init(repos: ReposDirectory) {
        self.repos = repos
        all = SpecRepo.all(in: repos)
    }

    /// A podspec a CDN repo does not hold locally: where CocoaPods would download it from and store it.
    package struct CDNSpec: Sendable, Equatable {
        package var repoName: String
        /// Where CocoaPods' CDN source keeps it: `<repo>/Specs/<shard>/<Name>/<version>/<Name>.podspec.json`.
        var localPath: String
        /// The repo's base URL (its `.url`) followed by the same relative path. May hold credentials.
        package var url: String
    }

    /// The outcome of a lookup: the spec, one to download from a CDN, or a reason to leave the pod to CocoaPods.
    package enum Outcome: Sendable, Equatable {
        case found(FoundSpec)
        case remote(CDNSpec)
        case skipped(SkipReason)
    }

    /// Looks `name` `version` up in the repo `source` (a `SPEC REPOS` key), then in any other local repo, and
    /// checks it against `checksum` (SHA1 from `SPEC CHECKSUMS`) when given.
    package func find(name: String, version: String, source: String, checksum: String?) throws -> Outcome {
        try resolve(name: name, version: version, sources: nil, lockSource: source, checksum: checksum, strict: true)
    }

    /// Finds the podspec CocoaPods would load for `name` `version` and checks it against `checksum`.
    ///
    /// `sources` are the Podfile's `source` URLs in order (empty: the Podfile names none, so trunk); nil when
    /// there is no Podfile, and then the repo of `lockSource` (the `SPEC REPOS` key) is asked first. The first
    /// of these that holds the version serves it, as CocoaPods' resolver takes it; a CDN repo without the file
    /// serves it unless its local version index leaves the version out. Otherwise any other local repo holding
    /// the file serves it, one whose file has the lock's checksum first (the same bytes give the same entry).
    /// A podspec that does not hash to `checksum` is an error when `strict`; otherwise it is found with
    /// `lockChecksum` set, as `pod install` installs it.
    package func resolve(
        name: String, version: String, sources: [String]?, lockSource: String?, checksum: String?, strict: Bool
    ) throws -> Outcome {
        let wanted = sources.map { $0.isEmpty ? ["trunk"] : $0 } ?? (lockSource.map { [$0] } ?? [])
        var ordered: [SpecRepo] = []
        var unmatched: [String] = []
        for url in wanted {
            guard let r = repo(for: url) else { unmatched.append(url); continue }
            if !ordered.contains(where: { $0.name == r.name }) { ordered.append(r) }
        }
        var firstAbsent: String?
        for repo in ordered {
            switch try place(name: name, version: version, in: repo) {
            case .file(let path):
                return try found(name: name, path: path, repo: repo, checksum: checksum, strict: strict)
            case .remote(let cdn): return .remote(cdn)
            case .absent(let path): firstAbsent = firstAbsent ?? path
            }
        }
        var held: [(repo: SpecRepo, path: String)] = []
        for repo in all where !ordered.contains(where: { $0.name == repo.name }) {
            if case .file(let path) = try place(name: name, version: version, in: repo) { held.append((repo, path)) }
        }
        let same = checksum.flatMap { sum in held.first { sha1(of: $0.path) == sum.lowercased() } }
        if let pick = same ?? held.first {
            return try found(name: name, path: pick.path, repo: pick.repo, checksum: checksum, strict: strict)
        }
        if ordered.isEmpty {
            let key = sources == nil ? "pods.spec.no-repo" : "pods.spec.no-source-repo"
            throw PodMirrorFailure(
                Message(
                    key,
                    [
                        "pod": name, "version": version, "dir": repos.path,
                        "source": unmatched.map(Redaction.redactURL).joined(separator: ", "),
                    ]),
                remedy: Message("pods.spec.no-repo.remedy"), code: .podsSpecNoRepo)
        }
        let names = ordered.map(\.name)
        throw SpecRepoLookupError(
            repos: names,
            failure: PodMirrorFailure(
                Message(
                    "pods.spec.missing",
                    [
                        "pod": name, "version": version, "repo": names.joined(separator: ", "),
                        "path": firstAbsent ?? "",
                    ]),
                remedy: Message("pods.spec.missing.remedy", ["command": Self.updateCommand(names)]),
                code: .podsSpecMissing))
    }

    /// `podmirror repo update A B`: the command that brings the named local repos up to date.
    package static func updateCommand(_ repos: [String]) -> String {
        (["podmirror", "repo", "update"] + repos).joined(separator: " ")
    }

    /// Where a repo keeps (or would keep) a podspec.
    enum Place {
        case file(String)
        /// A CDN repo that may serve it: not stored locally, and not ruled out by its version index.
        case remote(CDNSpec)
        /// Not there; the JSON path it would have.
        case absent(String)
    }

    func place(name: String, version: String, in repo: SpecRepo) throws -> Place {
        let fs = repos.fileSystem
        let prefixes = try Self.prefixLengths(repoPath: repo.path, fs)
        // A CDN repo always keeps podspecs under `Specs/`, which exists only once one was downloaded.
        var specsDir = repo.path + "/Specs"
        if repo.kind != .cdn && !fs.fileExists(specsDir) { specsDir = repo.path }
        let relative = Self.shardPath(name: name, prefixLengths: prefixes) + "\(name)/\(version)"
        let jsonPath = specsDir + "/" + relative + "/\(name).podspec.json"
        let rubyPath = specsDir + "/" + relative + "/\(name).podspec"
        if fs.fileExists(jsonPath) { return .file(jsonPath) }
        if fs.fileExists(rubyPath) { return .file(rubyPath) }
        guard repo.kind == .cdn,
            Self.cdnIndexMayList(name: name, version: version, repoPath: repo.path, prefixLengths: prefixes, fs),
            let base = RemotePodspec.cdnBase(repoPath: repo.path, fallback: repo.url, fileSystem: fs)
        else { return .absent(jsonPath) }
        let url = RemotePodspec.cdnURL(base: base, relativePath: "Specs/\(relative)/\(name).podspec.json")
        return .remote(CDNSpec(repoName: repo.name, localPath: jsonPath, url: url))
    }

    /// False only when the CDN repo's downloaded version index (`all_pods_versions_<shard>.txt`, lines
    /// `Name/1.0/1.1`) exists and does not list `name` `version`.
    static func cdnIndexMayList(
        name: String, version: String, repoPath: String, prefixLengths: [Int], _ fs: any FileSystem
    ) -> Bool {
        let shard = shardPath(name: name, prefixLengths: prefixLengths).split(separator: "/").joined(separator: "_")
        guard let data = fs.contents(repoPath + "/all_pods_versions_\(shard).txt") else { return true }
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: "/", omittingEmptySubsequences: false)
            if parts.first.map(String.init) == name { return parts.dropFirst().contains { String($0) == version } }
        }
        return false
    }

    private func sha1(of path: String) -> String? {
        repos.fileSystem.contents(path).map { Digest.hex(.sha1, Array($0)) }
    }

    /// The file at `path` of `repo`, checked against `checksum`.
    private func found(name: String, path: String, repo: SpecRepo, checksum: String?, strict: Bool) throws -> Outcome {
        guard let data = repos.fileSystem.contents(path) else {
            throw PodMirrorFailure(Message("pods.spec.unreadable", ["path": path]), code: .podsSpecUnreadable)
        }
        let bytes = Array(data)
        let sha1 = Digest.hex(.sha1, bytes)
        let differs = checksum.map { $0.lowercased() != sha1 } ?? false
        if let checksum, differs, strict {
            throw SpecRepoLookupError(
                repos: [repo.name],
                failure: PodMirrorFailure(
                    Message(
                        "pods.spec.checksum",
                        [
                            "pod": name, "repo": repo.name, "path": path,
                            "lock": checksum, "local": sha1,
                        ]),
                    remedy: Message("pods.spec.checksum.remedy", ["command": Self.updateCommand([repo.name])]),
                    code: .podsSpecChecksum))
        }
        return .found(
            FoundSpec(
                repoName: repo.name, path: path, bytes: bytes, sha1: sha1,
                isJSON: path.hasSuffix(".json"), lockChecksum: differs ? checksum?.lowercased() : nil))
    }

    /// The local repo for a source: `trunk` by name, others by URL as CocoaPods compares them.
    func repo(for source: String) -> SpecRepo? {
        if source == "trunk" { return all.first { $0.name == "trunk" } }
        return all.first { $0.url.map { SpecRepoNaming.matches(local: $0, wanted: source) } ?? false }
    }

    /// `prefix_lengths` of `<repo>/CocoaPods-version.yml`; empty (unsharded) when absent.
    static func prefixLengths(repoPath: String, _ fs: any FileSystem) throws -> [Int] {
        try SpecRepoMetadata.read(repoPath: repoPath, fs).prefixLengths
    }

    /// `b/c/1/` for prefix lengths [1, 1, 1]: successive slices of the MD5 of the name.
    static func shardPath(name: String, prefixLengths: [Int]) -> String {
        SpecRepoMetadata(prefixLengths: prefixLengths).shardPath(of: name)
    }
}

/// A released pod's lookup that failed in named local spec repos (the version is not there, or its podspec is not
/// the one Podfile.lock records): updating those repos is what helps, and the remedy says how.
struct SpecRepoLookupError: PodMirrorError {
    /// The local repos (folder names in the repos dir) the podspec was looked up in, in the order asked.
    var repos: [String]
    var failure: PodMirrorFailure

    var code: ErrorCode { failure.code }
    var message: String { failure.message }
    var remedy: String? { failure.remedy }
    var text: Message? { failure.text }
    var remedyText: Message? { failure.remedyText }
}
