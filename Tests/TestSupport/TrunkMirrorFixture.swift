import Foundation
@testable import PodMirrorFoundation

/// A git Specs mirror sharded exactly as CocoaPods/Specs is (MD5 prefixes 1/1/1), built with the git CLI (reference
/// tool): `Specs/<a>/<b>/<c>/<Pod>/<version>/<Pod>.podspec.json`, `CocoaPods-version.yml` and a README at the root. A
/// working clone commits; `bare` (`<root>/<name>.git`) is what a `GitHTTPServer` over `root` serves.
package final class TrunkMirrorFixture: @unchecked Sendable {
    package let root: String
    package let name: String
    package let work: String
    package var bare: String { "\(root)/\(name).git" }

    /// Random text in each podspec written, to make the pack larger.
    package var padding: Int

    /// A mirror with `pods` pods of `versions` versions each (`PodN`, versions `1.N.0`, `1.N.1`, …), each podspec
    /// with `padding` bytes of random text.
    package init(root: String, name: String = "specs", pods: Int = 12, versions: Int = 2, padding: Int = 0) throws {
        self.root = root
        self.name = name
        self.padding = padding
        work = "\(root)/.work-\(name)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "master", work])
        try git(["-C", work, "config", "user.email", "t@example.com"])
        try git(["-C", work, "config", "user.name", "t"])
        try write("CocoaPods-version.yml", "---\nmin: 1.0.0\nlast: 1.17.0\nprefix_lengths:\n- 1\n- 1\n- 1\n")
        try write("README.md", "Specs mirror for tests\n")
        for p in 0..<pods {
            for v in 0..<versions { try setPod("Pod\(p)", "1.\(p).\(v)") }
        }
        try commit("specs")
        try git(["clone", "-q", "--bare", work, bare])
    }

    /// `Specs/a/b/c/` of a pod: the MD5 prefixes of its name.
    package static func shard(_ pod: String) -> String {
        let hex = Digest.hex(.md5, Array(pod.utf8))
        let c = Array(hex)
        return "Specs/\(c[0])/\(c[1])/\(c[2])"
    }

    package static func podspecPath(_ pod: String, _ version: String, ruby: Bool = false) -> String {
        "\(shard(pod))/\(pod)/\(version)/\(pod).podspec\(ruby ? "" : ".json")"
    }

    /// Writes a pod's podspec (JSON; `extra` members added inside the object).
    package func setPod(_ pod: String, _ version: String, extra: String = "", ruby: Bool = false) throws {
        var g = SystemRandomNumberGenerator()
        let pad = String((0..<padding).map { _ in "0123456789abcdef".randomElement(using: &g)! })
        let text =
            ruby
            ? "Pod::Spec.new do |s|\n  s.name = '\(pod)'\n  s.version = '\(version)'\nend\n"
            : """
            {
              "name": "\(pod)",
              "version": "\(version)",\(extra)
              "summary": "A pod for trunk tests.",
              "source": {"git": "https://example.com/\(pod).git", "tag": "\(version)"},
              "platforms": {"ios": "12.0"},
              "description": "\(pad)"
            }

            """
        try write(Self.podspecPath(pod, version, ruby: ruby), text)
    }

    package func removePod(_ pod: String, _ version: String) throws {
        try FileManager.default.removeItem(atPath: work + "/" + (Self.shard(pod) + "/\(pod)/\(version)"))
    }

    /// Writes any file of the mirror's tree.
    package func write(_ rel: String, _ text: String) throws {
        let p = work + "/" + rel
        try FileManager.default.createDirectory(
            atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: p, atomically: false, encoding: .utf8)
    }

    /// Commits everything in the working clone and pushes it to `bare` (when it exists); returns the new head.
    @discardableResult
    package func commit(_ message: String) throws -> String {
        try git(["-C", work, "add", "-A"])
        try git(["-C", work, "commit", "-q", "-m", message])
        if FileManager.default.fileExists(atPath: bare) { try git(["-C", work, "push", "-q", bare, "master"]) }
        return head
    }

    package var head: String {
        (try? git(["-C", work, "rev-parse", "HEAD"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? ""
    }

    /// Every file of the mirror's tree at its head (path → bytes), listed by git (the reference) and read from the
    /// working clone, which holds exactly what was committed.
    package func files(under prefix: String = "") throws -> [String: [UInt8]] {
        let listing = try git(["-C", work, "ls-tree", "-r", "-z", "--name-only", "--full-tree", "HEAD"]).stdout
        var out: [String: [UInt8]] = [:]
        for path in listing.split(separator: "\0").map(String.init) where path.hasPrefix(prefix) {
            out[path] = Array(try Data(contentsOf: URL(fileURLWithPath: work + "/" + path)))
        }
        return out
    }

    @discardableResult
    package func git(_ args: [String]) throws -> ProcessResult {
        let r = try ProcessRunner.git(args)
        if r.status != 0 {
            throw NSError(
                domain: "TrunkMirrorFixture", code: Int(r.status),
                userInfo: [NSLocalizedDescriptionKey: "git \(args.joined(separator: " ")): \(r.stderr)"])
        }
        return r
    }

    /// What the CDN serves for the mirror's head: its podspecs where CocoaPods looks, and the index files derived
    /// from them as cdn.cocoapods.org's indexer does (names and versions sorted by bytes, one shard file per shard).
    package func cdnFiles() throws -> [String: [UInt8]] {
        var expected: [String: [UInt8]] = [:]
        var pods: [String: Set<String>] = [:]
        var deprecated: [String] = []
        for (path, bytes) in try files(under: "Specs/") {
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count == 7, TrunkMirrorFixture.shard(parts[4]) == parts[0..<4].joined(separator: "/"),
                parts[5].range(of: Self.version, options: .regularExpression) != nil
            else { continue }
            expected[path] = bytes
            pods[parts[4], default: []].insert(parts[5])
            let text = String(decoding: bytes, as: UTF8.self)
            if path.hasSuffix(".json"), text.contains("\"deprecated\": true") || text.contains("deprecated_in_favor_of")
            {
                deprecated.append(path)
            }
        }
        let byBytes: (String, String) -> Bool = { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var shards: [String: [String]] = [:]
        for name in pods.keys.sorted(by: byBytes) {
            let shard = TrunkMirrorFixture.shard(name).dropFirst("Specs/".count).replacingOccurrences(
                of: "/", with: "_")
            shards["all_pods_versions_\(shard).txt", default: []].append(
                ([name] + pods[name]!.sorted(by: byBytes)).joined(separator: "/"))
        }
        for (file, lines) in shards { expected[file] = Array(lines.map { $0 + "\n" }.joined().utf8) }
        expected["all_pods.txt"] = Array(pods.keys.sorted(by: byBytes).map { $0 + "\n" }.joined().utf8)
        expected["deprecated_podspecs.txt"] = Array(deprecated.sorted(by: byBytes).map { $0 + "\n" }.joined().utf8)
        expected["CocoaPods-version.yml"] = try files(under: "CocoaPods-version.yml")["CocoaPods-version.yml"]
        expected[".url"] = Array("https://cdn.cocoapods.org/".utf8)
        return expected
    }

    /// What `Pod::Version` parses.
    package static let version = #"^[0-9]+(\.[0-9A-Za-z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$"#

    /// Every file of a trunk folder but the mirror's objects (and, with `etags: false`, CocoaPods' `.etag` files).
    package static func files(ofTrunk trunk: String, etags: Bool = true) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        let e = FileManager.default.enumerator(atPath: trunk)
        while let rel = e?.nextObject() as? String {
            if rel == ".git" { e?.skipDescendants(); continue }
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: trunk + "/" + rel, isDirectory: &isDir), !isDir.boolValue
            else { continue }
            if !etags && rel.hasSuffix(".etag") { continue }
            out[rel] = FileManager.default.contents(atPath: trunk + "/" + rel).map(Array.init)
        }
        return out
    }
}
