import Foundation

extension Collection where Element == UInt8, Index == Int {
    /// The big-endian unsigned 32-bit number `offset` bytes from the start (git's index, pack and pack
    /// index files write theirs so).
    package func bigEndianUInt32(at offset: Int) -> UInt32 {
        let at = startIndex + offset
        return (at..<(at + 4)).reduce(0) { $0 << 8 | UInt32(self[$1]) }
    }
}
