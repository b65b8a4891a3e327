import Foundation

/// A replacement of a byte range of a file's original bytes. Editors decide edits on a parsed tree
/// and apply them as patches, so every byte outside the edits stays as it was.
package struct TextEdit: Equatable, Sendable {
    /// Byte offsets into the original bytes.
    package var range: Range<Int>
    package var replacement: [UInt8]

    package init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    package init(range: Range<Int>, replacement: String) {
        self.init(range: range, replacement: Array(replacement.utf8))
    }

    package static func insert(_ text: String, at offset: Int) -> TextEdit {
        TextEdit(range: offset..<offset, replacement: text)
    }

    package static func delete(_ range: Range<Int>) -> TextEdit {
        TextEdit(range: range, replacement: [])
    }
}

extension Array where Element == UInt8 {
    /// Applies non-overlapping edits (in any order) to these bytes. Insertions at the same offset keep
    /// their given order.
    package func applying(_ edits: [TextEdit]) throws -> [UInt8] {
        let sorted = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(count)
        var cursor = 0
        for edit in sorted {
            guard edit.range.lowerBound >= cursor, edit.range.upperBound <= count else {
                throw PodMirrorFailure(
                    Message("internal.error.overlapping-edits", ["offset": String(edit.range.lowerBound)]),
                    code: .internalOverlappingEdits)
            }
            out.append(contentsOf: self[cursor..<edit.range.lowerBound])
            out.append(contentsOf: edit.replacement)
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: self[cursor...])
        return out
    }
}
