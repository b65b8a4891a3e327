import Foundation

/// The error of any area that carries nothing beyond its code and text. `message` and `remedy` are English
/// (JSON); `text` and `remedyText` are the catalog forms a person reads. The code decides the exit status.
/// Errors that carry structured context have their own types: `PodfileError` (file, line, column),
/// `GitError` (operation, URL), `FileError` (path, operation), `HTTPSourceError` (kind, HTTP status).
package struct PodMirrorFailure: PodMirrorError {
    package var code: ErrorCode
    package var message: String
    package var remedy: String?
    package var text: Message?
    package var remedyText: Message?
    package var exitStatus: ExitStatus { code.exitStatus }

    /// An error written in the catalog. Credentials in URLs among the arguments are redacted.
    package init(_ message: Message, remedy: Message? = nil, code: ErrorCode) {
        let text = message.mapArguments(Redaction.redactText)
        self.code = code
        self.text = text
        self.remedyText = remedy
        self.message = text.english
        self.remedy = remedy?.english
    }

    /// An error whose argument `name` is itself a catalog sentence (a reason): a person reads it in their
    /// language, JSON in English.
    package init(
        _ key: String, _ arguments: [String: String], sentence name: String, _ sentence: Message,
        remedy: Message? = nil, code: ErrorCode
    ) {
        self.init(Message(key, arguments, parts: [name: sentence]), remedy: remedy, code: code)
    }

    /// An error that is not a `PodMirrorError` (should be rare), keeping its text.
    package init(wrapping error: any Error) {
        self.init(Message("error.unexpected", ["error": String(describing: error)]), code: .error)
    }
}

extension PodMirrorFailure {
    /// The same error with `old` (e.g. a scratch copy's path) replaced by `new` in every text.
    package func replacing(_ old: String, with new: String) -> PodMirrorFailure {
        func swap(_ m: Message?) -> Message? {
            m.map { $0.mapArguments { $0.replacingOccurrences(of: old, with: new) } }
        }
        var copy = self
        copy.message = message.replacingOccurrences(of: old, with: new)
        copy.remedy = remedy?.replacingOccurrences(of: old, with: new)
        copy.text = swap(text)
        copy.remedyText = swap(remedyText)
        return copy
    }
}
