import Foundation
import PodMirrorFoundation

/// The index files the trunk CDN serves beside the podspecs, derived as its indexer derives them from the Specs repo
/// (CocoaPods/cdn.cocoapods.org `Scripts/create_pods_and_versions_index.rb`): one `all_pods_versions_A_B_C.txt` per
/// shard that holds a pod (`Name/v1/v2` lines, names and versions each in byte order), `all_pods.txt` (every name,
/// in byte order) and `deprecated_podspecs.txt` (the `Specs/…podspec.json` paths of deprecated podspecs, in order).
struct TrunkIndex: Sendable, Equatable {
    var metadata: SpecRepoMetadata
    /// Pod name → its versions.
    var pods: [String: Set<String>]
    /// `Specs/…/Name.podspec.json` paths whose podspec is deprecated.
    var deprecated: Set<String>

    init(metadata: SpecRepoMetadata, pods: [String: Set<String>] = [:], deprecated: Set<String> = []) {
        self.metadata = metadata
        self.pods = pods
        self.deprecated = deprecated
    }

    static let allPods = "all_pods.txt"
    static let deprecatedPodspecs = "deprecated_podspecs.txt"

    /// `all_pods_versions_b_c_1.txt` for the shard `["b", "c", "1"]`.
    static func shardFile(_ shard: [String]) -> String {
        "all_pods_versions_\(shard.joined(separator: "_")).txt"
    }

    /// True for the names of the files this index writes.
    static func isIndexFile(_ name: String) -> Bool {
        name == allPods || name == deprecatedPodspecs
            || (name.hasPrefix("all_pods_versions_") && name.hasSuffix(".txt"))
    }

    /// The shard file's bytes for the pods of `shard` (nil when it holds none: the CDN has no such file).
    func shardBytes(_ shard: [String]) -> [UInt8]? {
        let names = pods.keys.filter { metadata.shard(of: $0) == shard }
        guard !names.isEmpty else { return nil }
        return Self.lines(Self.sorted(names).map { ([$0] + Self.sorted(pods[$0] ?? [])).joined(separator: "/") })
    }

    /// Every shard holding a pod, with its file's bytes.
    func shardFiles() -> [String: [UInt8]] {
        var byShard: [[String]: [String]] = [:]
        for name in pods.keys { byShard[metadata.shard(of: name), default: []].append(name) }
        var out: [String: [UInt8]] = [:]
        for (shard, names) in byShard {
            out[Self.shardFile(shard)] = Self.lines(
                Self.sorted(names).map { ([$0] + Self.sorted(pods[$0] ?? [])).joined(separator: "/") })
        }
        return out
    }

    var allPodsBytes: [UInt8] { Self.lines(Self.sorted(pods.keys)) }
    var deprecatedBytes: [UInt8] { Self.lines(Self.sorted(deprecated)) }

    /// Every index file with its bytes.
    func files() -> [String: [UInt8]] {
        var out = shardFiles()
        out[Self.allPods] = allPodsBytes
        out[Self.deprecatedPodspecs] = deprecatedBytes
        return out
    }

    var podspecCount: Int { pods.values.reduce(0) { $0 + $1.count } }

    /// Ruby's `sort` on strings: byte order.
    static func sorted<S: Sequence>(_ strings: S) -> [String] where S.Element == String {
        strings.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `puts` of each line.
    static func lines(_ lines: [String]) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    /// True when a podspec's JSON is deprecated as `Specification#deprecated?` says: `deprecated` neither absent,
    /// null nor false, or `deprecated_in_favor_of` present and not null. Only a file that mentions "deprecated" is
    /// parsed.
    static func isDeprecated(json bytes: UnsafeRawBufferPointer) -> Bool {
        guard mentionsDeprecated(bytes),
            case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        else { return false }
        switch object["deprecated"] {
        case nil, .null?, .bool(false)?: break
        default: return true
        }
        if let value = object["deprecated_in_favor_of"], value != .null { return true }
        return false
    }

    /// True when the bytes hold `"deprecated`: `memchr` for each quote, then the word (most podspecs have none).
    static func mentionsDeprecated(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let word = Array("deprecated".utf8)
        var at = 0
        while at < bytes.count, let quote = memchr(base + at, Int32(UInt8(ascii: "\"")), bytes.count - at) {
            let next = base.distance(to: UnsafeRawPointer(quote)) + 1
            if next + word.count <= bytes.count, memcmp(base + next, word, word.count) == 0 { return true }
            at = next
        }
        return false
    }
}
