import Foundation
import PodMirrorFoundation
import Yams

/// A spec repo's `CocoaPods-version.yml` as CocoaPods reads it (Core's `Source::Metadata`): where a pod's folder is.
struct SpecRepoMetadata: Sendable, Equatable {
    /// `prefix_lengths`: the successive slices of the MD5 of a pod's name that make its shard folders.
    var prefixLengths: [Int]

    init(prefixLengths: [Int]) { self.prefixLengths = prefixLengths }

    /// The metadata in `yaml`'s bytes (the file at `path`); no `prefix_lengths` (or unreadable YAML): unsharded.
    /// YAML nested deeper than `YAMLNesting` allows is refused before it is parsed.
    init(yaml bytes: [UInt8], path: String) throws {
        try YAMLNesting.check(bytes, path: path, code: .podsSpecUnreadable)
        guard bytes.count <= 1 << 20,
            let node = try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)),
            let seq = node.mapping?[Node("prefix_lengths")]?.sequence
        else {
            prefixLengths = []
            return
        }
        prefixLengths = seq.compactMap { $0.scalar.flatMap { Int($0.string) } }.filter { (1...32).contains($0) }
    }

    /// `<repo>/CocoaPods-version.yml`'s metadata; unsharded when absent.
    static func read(repoPath: String, _ fs: any FileSystem) throws -> SpecRepoMetadata {
        let path = repoPath + "/CocoaPods-version.yml"
        guard let data = fs.contents(path) else { return .init(prefixLengths: []) }
        return try SpecRepoMetadata(yaml: Array(data), path: path)
    }

    /// The shard folders of a pod, e.g. `["b", "c", "1"]` for prefix lengths [1, 1, 1].
    func shard(of name: String) -> [String] {
        var hash = Substring(Digest.hex(.md5, Array(name.utf8)))
        var out: [String] = []
        for n in prefixLengths where n > 0 {
            out.append(String(hash.prefix(n)))
            hash = hash.dropFirst(n)
        }
        return out
    }

    /// `b/c/1/` for prefix lengths [1, 1, 1] (empty when unsharded).
    func shardPath(of name: String) -> String { shard(of: name).map { $0 + "/" }.joined() }
}
