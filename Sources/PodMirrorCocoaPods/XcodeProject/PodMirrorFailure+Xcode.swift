import Foundation
import PodMirrorFoundation

/// Errors of the Xcode project area that need more than a message: a syntax error's position.
extension PodMirrorFailure {
    /// A syntax error at a byte offset of a file, reported with 1-based line and column. `what` is the
    /// parser's English detail.
    static func xcodeprojSyntax(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ what: String)
        -> PodMirrorFailure
    {
        let (line, column) = lineAndColumn(bytes, offset)
        return PodMirrorFailure(
            Message("xcodeproj.error.syntax", ["where": "\(path):\(line):\(column)", "detail": what]),
            remedy: Message("xcodeproj.error.syntax.remedy"), code: .xcodeprojSyntax)
    }

    /// 1-based line and column (in characters, counting a UTF-8 sequence as one) of a byte offset.
    static func lineAndColumn(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> (Int, Int) {
        var line = 1
        var column = 1
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let b = bytes[i]
            if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (line, column)
    }
}
