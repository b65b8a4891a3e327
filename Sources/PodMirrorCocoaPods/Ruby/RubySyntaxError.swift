import Foundation
import PodMirrorFoundation

/// Ruby text the lexer or the statement builder cannot place, at `file:line:column`. Each reader says it in its own
/// terms: a Podfile as `PodfileError` (`podfile.syntax`), a podspec as a reason to leave the file to CocoaPods.
struct RubySyntaxError: Error, Sendable {
    var message: Message
    var file: String
    var line: Int
    var column: Int
    var remedy: Message

    init(_ message: Message, file: String, line: Int, column: Int, remedy: Message) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.remedy = remedy
    }
}
