import Foundation
import PodMirrorFoundation

/// Errors of the Podfile area: syntax the lexer cannot place, or what CocoaPods would reject.
struct PodfileError: PodMirrorError {
    var message: String
    var remedy: String?
    var code: ErrorCode
    var file: String?
    var line: Int?
    var column: Int?
    var text: Message?
    var remedyText: Message?

    init(
        _ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        remedy: String? = nil, code: ErrorCode = .podfileSyntax
    ) {
        self.file = file
        self.line = line
        self.column = column
        var where_ = file ?? "Podfile"
        if let line { where_ += ":\(line)" }
        if let column { where_ += ":\(column)" }
        self.message = "\(where_): \(message)"
        self.remedy = remedy
        self.code = code
    }

    /// An error written in the catalog; the text output keeps the `file:line:` prefix.
    init(
        _ message: Message, file: String? = nil, line: Int? = nil, column: Int? = nil, remedy: Message? = nil,
        code: ErrorCode = .podfileSyntax
    ) {
        self.init(message.english, file: file, line: line, column: column, remedy: remedy?.english, code: code)
        let location = self.message.dropLast(message.english.count + 2)
        text = Message("podfile.at", ["where": String(location)], parts: ["message": message])
        remedyText = remedy
    }

    /// A Podfile the Ruby lexer or statement builder cannot place (`podfile.syntax`).
    init(_ error: RubySyntaxError) {
        self.init(error.message, file: error.file, line: error.line, column: error.column, remedy: error.remedy)
    }
}
