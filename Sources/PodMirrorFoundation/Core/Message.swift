import Foundation

/// A sentence for a person: a key of the message catalog and the values of its `{placeholders}`.
/// `english` is what JSON and logs carry; `localized` is what a person reads in their language.
public struct Message: Sendable, Hashable, CustomStringConvertible {
    public var key: String
    public var arguments: [String: String]

    public init(_ key: String, _ arguments: [String: String] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// The text in English (JSON output, error `message` fields).
    public var english: String { text(in: .english) }

    /// The text in the language chosen for this run (`Messages.language`).
    public var localized: String { text(in: Messages.language) }

    public func text(in language: Language) -> String {
        MessageCatalog.shared(language).format(key, arguments)
    }

    public var description: String { english }
}

/// The language chosen for this run; the executable sets it once at start-up.
public enum Messages {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var current: Language = .english

    public static var language: Language {
        get { lock.lock(); defer { lock.unlock() }; return current }
        set { lock.lock(); current = newValue; lock.unlock() }
    }
}
