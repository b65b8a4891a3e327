import Foundation
import PodMirrorFoundation

/// Turns "delete these items" into byte edits that delete whole lines where the item has its lines
/// to itself (Xcode's layout), and only the item's own bytes otherwise (one-line lists). Nothing is
/// ever inserted or rewritten.
enum LineDeletion {
    /// Edits removing `ranges` (objects, entries, list items) from `bytes`; overlapping and nested
    /// ranges are merged.
    static func edits(deleting ranges: [Range<Int>], in bytes: [UInt8]) -> [TextEdit] {
        let widened = ranges.map { widen($0, in: bytes) }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [Range<Int>] = []
        for r in widened {
            if let last = merged.last, r.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        return merged.map { TextEdit.delete($0) }
    }

    /// The whole lines of `range` when the rest of those lines is blank (spaces, tabs, comments),
    /// else the range plus the spaces after it.
    static func widen(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        // Already whole lines (section markers).
        if range.upperBound > range.lowerBound, bytes[range.upperBound - 1] == 0x0A { return range }
        var start = range.lowerBound
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        let atLineStart = start == 0 || bytes[start - 1] == 0x0A
        var end = range.upperBound
        var k = end
        while k < bytes.count {
            let b = bytes[k]
            if b == 0x20 || b == 0x09 || b == 0x0D { k += 1; continue }
            if b == 0x2F, k + 1 < bytes.count, bytes[k + 1] == 0x2A,
                let close = find([0x2A, 0x2F], in: bytes, from: k + 2, stopAtNewline: true)
            {
                k = close + 2
                continue
            }
            break
        }
        let atLineEnd = k == bytes.count || bytes[k] == 0x0A
        if atLineStart && atLineEnd {
            return start..<min(k + 1, bytes.count)
        }
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 { end += 1 }
        return range.lowerBound..<end
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, stopAtNewline: Bool) -> Int? {
        var k = from
        while k + needle.count <= bytes.count {
            if stopAtNewline && bytes[k] == 0x0A { return nil }
            if bytes[k] == needle[0] && Array(bytes[k..<k + needle.count]) == needle { return k }
            k += 1
        }
        return nil
    }

    /// The lines of an emptied `/* Begin ISA section */` … `/* End ISA section */` pair, plus the
    /// blank line before `Begin`. `comments` are the comments the reader found; a marker counts only
    /// when it is one of them, exactly, alone on its line. Nil when there is no such pair.
    static func sectionMarkers(isa: String, in bytes: [UInt8], comments: [Range<Int>]) -> [Range<Int>]? {
        let beginText = Array("/* Begin \(isa) section */".utf8)
        let endText = Array("/* End \(isa) section */".utf8)
        func line(_ r: Range<Int>) -> Range<Int>? {
            var s = r.lowerBound
            while s > 0, bytes[s - 1] != 0x0A { s -= 1 }
            var e = r.upperBound
            while e < bytes.count, bytes[e] != 0x0A { e += 1 }
            let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard bytes[s..<r.lowerBound].allSatisfy(blank), bytes[r.upperBound..<e].allSatisfy(blank) else {
                return nil
            }
            return s..<min(e + 1, bytes.count)
        }
        guard let begin = comments.first(where: { bytes[$0].elementsEqual(beginText) }),
            let end = comments.first(where: { $0.lowerBound > begin.upperBound && bytes[$0].elementsEqual(endText) }),
            var beginLine = line(begin), let endLine = line(end)
        else { return nil }
        if beginLine.lowerBound >= 2, bytes[beginLine.lowerBound - 1] == 0x0A, bytes[beginLine.lowerBound - 2] == 0x0A {
            beginLine = (beginLine.lowerBound - 1)..<beginLine.upperBound
        }
        return [beginLine, endLine]
    }
}
