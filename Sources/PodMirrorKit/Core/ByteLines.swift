import Foundation

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The 1-based line of a byte offset (lines end at LF), for messages that name a line.
    func lineNumber(at offset: Int) -> Int {
        self[startIndex..<Swift.min(Swift.max(offset, startIndex), endIndex)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}
