import Foundation

/// A sentence for a person: a key of the message catalog and the values of its `{placeholders}`.
/// `english` is what JSON and logs carry; the CLI says it in the run's language when it renders it (the Kit keeps
/// Messages and never picks the language itself).
package struct Message: Sendable, Hashable, CustomStringConvertible {
    package var key: String
    package var arguments: [String: String]
    /// Placeholders filled by sentences of their own (a system's or a library's reason), said in the language
    /// of the whole.
    package var parts: [String: Message]

    package init(_ key: String, _ arguments: [String: String] = [:], parts: [String: Message] = [:]) {
        self.key = key
        self.arguments = arguments
        self.parts = parts
    }

    /// The text in English (JSON output, error `message` fields).
    package var english: String { text(in: .english) }

    package func text(in language: Language) -> String {
        guard !parts.isEmpty else { return MessageCatalog.shared(language).format(key, arguments) }
        var filled = arguments
        for (name, part) in parts { filled[name] = part.text(in: language) }
        return MessageCatalog.shared(language).format(key, filled)
    }

    /// This sentence with the placeholder `name` filled by `part`, said in the language of the whole, or by
    /// `plain` when there is no such sentence (a reason worded outside the catalog).
    package func filling(_ name: String, with part: Message?, or plain: String) -> Message {
        var copy = self
        if let part { copy.parts[name] = part } else { copy.arguments[name] = plain }
        return copy
    }

    /// The same sentence with `transform` applied to every argument, its parts' included (redaction).
    package func mapArguments(_ transform: (String) -> String) -> Message {
        Message(key, arguments.mapValues(transform), parts: parts.mapValues { $0.mapArguments(transform) })
    }

    package var description: String { english }
}
