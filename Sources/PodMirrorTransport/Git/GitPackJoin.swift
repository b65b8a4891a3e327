import Foundation
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pack file, or the entries of it to keep, that `GitPack.copy` streams into one joined pack.
package struct PackPart {
    let path: String
    /// Byte ranges of the entries to stream; nil: all of the pack's entries.
    let ranges: [Range<Int>]?
    /// The number of entries in `ranges`; nil: the pack header's count.
    let objects: Int?

    /// The packs at `paths` as parts of one pack naming each object once: the largest whole, from each
    /// other one the entries whose object no part before holds. nil when such a repeated entry is the base
    /// a delta of its own pack names by offset (it cannot be left out).
    static func joining(_ paths: [String]) throws -> [PackPart]? {
        let sized = try paths.map { path -> (String, Int) in
            var st = stat()
            guard stat(path, &st) == 0 else { throw FileError.errno(path, .read) }
            return (path, Int(st.st_size))
        }
        .sorted { $0.1 > $1.1 }
        var held: [PackIndex] = []
        var keptElsewhere = Set<Data>()
        var parts: [PackPart] = []
        for (k, (path, size)) in sized.enumerated() {
            let index = try PackIndex(String(path.dropLast(5)) + ".idx")
            defer { held.append(index) }
            if k == 0 {
                parts.append(PackPart(path: path, ranges: nil, objects: nil))
                continue
            }
            let pack = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            guard pack.count == size, size >= 32 else { return nil }
            let entries = (0..<index.count).sorted { index.offsets[$0] < index.offsets[$1] }
            var dropped = Set<Int>()
            var bases = Set<Int>()
            for i in entries {
                let id = index.id(i)
                if held.contains(where: { $0.contains(id) }) || keptElsewhere.contains(id) {
                    dropped.insert(index.offsets[i])
                }
                if let base = Self.offsetBase(pack, at: index.offsets[i]) { bases.insert(base) }
            }
            guard dropped.isDisjoint(with: bases) else { return nil }
            var ranges: [Range<Int>] = []
            for (n, i) in entries.enumerated() {
                let start = index.offsets[i]
                guard !dropped.contains(start) else { continue }
                keptElsewhere.insert(index.id(i))
                let end = n + 1 < entries.count ? index.offsets[entries[n + 1]] : size - 20
                if let last = ranges.last, last.upperBound == start {
                    ranges[ranges.count - 1] = last.lowerBound..<end
                } else {
                    ranges.append(start..<end)
                }
            }
            parts.append(PackPart(path: path, ranges: ranges, objects: index.count - dropped.count))
        }
        return parts
    }

    /// For an offset delta (type 6) at `offset`: the offset of its base in the same pack.
    private static func offsetBase(_ pack: Data, at offset: Int) -> Int? {
        var at = pack.startIndex + offset
        guard at < pack.endIndex else { return nil }
        var byte = pack[at]
        guard (byte >> 4) & 7 == 6 else { return nil }
        // The type-and-size header: 7 more size bits per byte while the top bit is set.
        while byte & 0x80 != 0, at + 1 < pack.endIndex {
            at += 1
            byte = pack[at]
        }
        // The distance back: big-endian groups of 7 bits, each continuation adding one (git's encoding).
        at += 1
        guard at < pack.endIndex else { return nil }
        byte = pack[at]
        var distance = Int(byte & 0x7F)
        while byte & 0x80 != 0, at + 1 < pack.endIndex {
            at += 1
            byte = pack[at]
            distance = ((distance + 1) << 7) | Int(byte & 0x7F)
        }
        return offset - distance
    }
}

/// A version 2 pack index (`.idx`): the sorted object ids and each one's offset in the pack.
struct PackIndex {
    let count: Int
    let offsets: [Int]
    private let ids: Data

    init(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        func word(_ at: Int) -> Int { Int(data.bigEndianUInt32(at: at)) }
        // "\377tOc", version 2, then 256 big-endian fan-out counts; the last is the object count.
        guard data.count >= 8 + 1024, data.prefix(8) == Data([0xFF, 0x74, 0x4F, 0x63, 0, 0, 0, 2]) else {
            throw GitError(
                .repository, operation: "read the pack index", subject: path, cause: Message("git.cause.not-index-v2"))
        }
        count = word(8 + 1020)
        let idsAt = 8 + 1024
        let offsetsAt = idsAt + count * 24  // ids (20 bytes each), then CRC-32s (4 bytes each)
        guard data.count >= offsetsAt + count * 4 else {
            throw GitError(
                .repository, operation: "read the pack index", subject: path, cause: Message("git.cause.truncated"))
        }
        ids = data.subdata(in: idsAt..<(idsAt + count * 20))
        let largeAt = offsetsAt + count * 4
        offsets = try (0..<count).map { i in
            let small = word(offsetsAt + i * 4)
            guard small & 0x8000_0000 != 0 else { return small }
            // Packs past 2 GiB: an index into the table of 8-byte offsets that follows.
            let at = largeAt + (small & 0x7FFF_FFFF) * 8
            guard data.count >= at + 8 else {
                throw GitError(
                    .repository, operation: "read the pack index", subject: path, cause: Message("git.cause.truncated"))
            }
            return word(at) << 32 | word(at + 4)
        }
    }

    func id(_ i: Int) -> Data { ids.subdata(in: (i * 20)..<(i * 20 + 20)) }

    /// Whether the pack holds the object `id` (binary search over the sorted ids).
    func contains(_ id: Data) -> Bool {
        var low = 0
        var high = count
        return ids.withUnsafeBytes { all in
            id.withUnsafeBytes { want in
                while low < high {
                    let mid = (low + high) / 2
                    let c = memcmp(all.baseAddress! + mid * 20, want.baseAddress!, 20)
                    if c == 0 { return true }
                    if c < 0 { low = mid + 1 } else { high = mid }
                }
                return false
            }
        }
    }
}
