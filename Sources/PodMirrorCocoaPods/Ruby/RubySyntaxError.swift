import Foundation
import PodMirrorFoundation

/// Ruby text the lexer or the statement builder cannot place, at `file:line:column`. Each reader says it in its own
/// terms: a Podfile as `PodfileError` (`podfile.syntax`), a podspec as a reason to leave the file to CocoaPods.
package struct RubySyntaxError: Error, Sendable {
    package var message: Message
    package var file: String
    package var line: Int
    package var column: Int
    package var remedy: Message

    package init(_ message: Message, file: String, line: Int, column: Int, remedy: Message) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.remedy = remedy
    }
}
