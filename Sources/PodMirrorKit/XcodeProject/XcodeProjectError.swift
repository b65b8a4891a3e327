import Foundation

/// Errors of the Xcode project area: reading project.pbxproj, finding the project, deintegrate,
/// reinstall and init.
public struct XcodeProjectError: PodMirrorError {
    public var message: String
    public var remedy: String?
    public var code: String
    public var exitStatus: ExitStatus

    public init(_ message: String, remedy: String? = nil, code: String, exitStatus: ExitStatus = .failure) {
        self.message = message
        self.remedy = remedy
        self.code = code
        self.exitStatus = exitStatus
    }

    /// A syntax error at a byte offset of a file, reported with 1-based line and column.
    static func syntax(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ what: String)
        -> XcodeProjectError
    {
        let (line, column) = lineAndColumn(bytes, offset)
        return XcodeProjectError(
            "\(path):\(line):\(column): \(what)",
            remedy: "the project file is damaged; restore it from version control or re-save it in Xcode",
            code: "xcodeproj.syntax")
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
