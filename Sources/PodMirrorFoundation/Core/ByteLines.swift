import Foundation

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The 1-based line of a byte offset (lines end at LF), for messages that name a line.
    package func lineNumber(at offset: Int) -> Int {
        self[startIndex..<Swift.min(Swift.max(offset, startIndex), endIndex)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    }
}

/// A file's bytes split into lines, for the line-oriented config formats (gemrc, Bundler, git config).
package enum ByteLines {
    /// Line ranges including their newline.
    package static func ranges(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A { out.append(start..<(i + 1)); start = i + 1 }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }

    /// A line's text without its newline (and `\r`).
    package static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        var end = range.upperBound
        if end > range.lowerBound, bytes[end - 1] == 0x0A { end -= 1 }
        if end > range.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
    }
}
