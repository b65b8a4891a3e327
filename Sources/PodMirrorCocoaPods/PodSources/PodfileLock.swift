import Foundation
import PodMirrorFoundation
import Yams

/// A `Podfile.lock` as CocoaPods writes it, read with a YAML parser. Scalars keep the text as written
/// (`1.0` stays `1.0`), which is what CocoaPods' slugs and checksums are computed from.
package struct PodfileLock: Sendable, Equatable {
    /// A root pod of the `PODS` section.
    package struct Pod: Sendable, Equatable {
        package var name: String
        package var version: String

        /// The folder of this version's podspec below a spec repo's `Specs/` sharded by `prefixLengths`
        /// (`b/c/1/Name/1.0` for [1, 1, 1]), or nil when CocoaPods refuses the name or the version (`PodNaming`):
        /// the only form in which a lock's words become a path, so it never leaves the repo's folder.
        package func specFolder(prefixLengths: [Int]) -> String? {
            guard PodNaming.isValidName(name), PodNaming.isValidVersion(version) else { return nil }
            return SpecRepoMetadata(prefixLengths: prefixLengths).shardPath(of: name) + name + "/" + version
        }
    }

    /// `Podfile.lock` in `folder`: where `pod install` writes it, beside the Podfile.
    package static func path(inFolder folder: String) -> String {
        (folder as NSString).appendingPathComponent("Podfile.lock")
    }

    package var path: String
    /// Root pods, each once, in the file's order.
    package var pods: [Pod]
    /// `SPEC REPOS`: source URL (or `trunk`) → pod names.
    var specRepos: [String: [String]]
    /// `EXTERNAL SOURCES`: pod → declaration (`git`, `tag`, `path`, `podspec`, … without the colon).
    var externalSources: [String: [String: String]]
    /// `CHECKOUT OPTIONS`: pod → the resolved params (`git`, `commit`, `tag`, `submodules`, `http`, …).
    package var checkoutOptions: [String: [String: String]]
    /// `SPEC CHECKSUMS`: root pod → SHA1.
    package var specChecksums: [String: String]
    /// `COCOAPODS`: the version that wrote the file.
    var cocoapodsVersion: String?

    /// Reads and parses the file at `path`. A file that is there but cannot be read (a FIFO, a device, no
    /// permission) throws the `FileError` that says why.
    package static func read(path: String, fileSystem: any FileSystem) throws -> PodfileLock {
        guard fileSystem.fileExists(path), !fileSystem.isDirectory(path) else {
            throw PodMirrorFailure(
                Message("pods.lock.unreadable", ["path": path]), code: .podsLockUnreadable)
        }
        return try parse(String(decoding: try fileSystem.readFile(path), as: UTF8.self), path: path)
    }

    /// Parses Podfile.lock text; `path` names the file in errors.
    package static func parse(_ text: String, path: String) throws -> PodfileLock {
        try YAMLNesting.check(Array(text.utf8), path: path, code: .podsLockYAML)
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw PodMirrorFailure(
                Message("pods.lock.yaml", ["path": path, "reason": "\(error)"]),
                code: .podsLockYAML)
        }
        guard let map = root?.mapping else {
            throw PodMirrorFailure(
                Message("pods.lock.not-mapping", ["path": path]),
                code: .podsLockShape)
        }
        func section(_ name: String) -> Node? { map[Node(name)] }
        func bad(_ name: String, _ line: Int? = nil) -> PodMirrorFailure {
            let where_ = line.map { "\(path):\($0)" } ?? path
            return PodMirrorFailure(
                Message("pods.lock.shape", ["path": where_, "section": name]),
                code: .podsLockShape)
        }
        var lock = PodfileLock(
            path: path, pods: [], specRepos: [:], externalSources: [:], checkoutOptions: [:],
            specChecksums: [:], cocoapodsVersion: nil)
        if let pods = section("PODS") {
            guard let items = pods.sequence else { throw bad("PODS", pods.mark?.line) }
            var seen = Set<String>()
            for item in items {
                let entry: String?
                if let s = item.scalar?.string { entry = s } else { entry = item.mapping?.keys.first?.scalar?.string }
                guard let entry, let pod = parsePodEntry(entry) else { throw bad("PODS", item.mark?.line) }
                if seen.insert(pod.name).inserted { lock.pods.append(pod) }
            }
        }
        if let repos = section("SPEC REPOS") {
            guard let m = repos.mapping else { throw bad("SPEC REPOS", repos.mark?.line) }
            for (k, v) in m {
                guard let url = k.scalar?.string, let names = v.sequence else { throw bad("SPEC REPOS", k.mark?.line) }
                lock.specRepos[url] = names.compactMap { $0.scalar?.string }
            }
        }
        for (name, keyPath) in [
            ("EXTERNAL SOURCES", \PodfileLock.externalSources),
            ("CHECKOUT OPTIONS", \PodfileLock.checkoutOptions),
        ] {
            guard let node = section(name) else { continue }
            guard let m = node.mapping else { throw bad(name, node.mark?.line) }
            for (k, v) in m {
                guard let pod = k.scalar?.string, let opts = v.mapping else { throw bad(name, k.mark?.line) }
                var params: [String: String] = [:]
                for (ok, ov) in opts {
                    guard var key = ok.scalar?.string, let value = ov.scalar?.string else {
                        throw bad(name, ok.mark?.line)
                    }
                    if key.hasPrefix(":") { key.removeFirst() }
                    params[key] = value
                }
                lock[keyPath: keyPath][pod] = params
            }
        }
        if let sums = section("SPEC CHECKSUMS") {
            guard let m = sums.mapping else { throw bad("SPEC CHECKSUMS", sums.mark?.line) }
            for (k, v) in m {
                guard let pod = k.scalar?.string, let sum = v.scalar?.string else {
                    throw bad("SPEC CHECKSUMS", k.mark?.line)
                }
                lock.specChecksums[pod] = sum
            }
        }
        lock.cocoapodsVersion = section("COCOAPODS")?.scalar?.string
        return lock
    }

    /// `Name/Sub (1.0.0)` → root `Name`, version `1.0.0`.
    static func parsePodEntry(_ entry: String) -> Pod? {
        guard let open = entry.lastIndex(of: "("), entry.hasSuffix(")") else { return nil }
        let full = entry[..<open].trimmingCharacters(in: .whitespaces)
        let version = entry[entry.index(after: open)..<entry.index(before: entry.endIndex)]
            .trimmingCharacters(in: .whitespaces)
        guard !full.isEmpty, !version.isEmpty else { return nil }
        let root = full.split(separator: "/", maxSplits: 1).first.map(String.init) ?? full
        return Pod(name: root, version: version)
    }

    /// The `SPEC REPOS` key that lists `pod`, if any.
    package func specRepo(of pod: String) -> String? {
        specRepos.first { $0.value.contains(pod) }?.key
    }
}
