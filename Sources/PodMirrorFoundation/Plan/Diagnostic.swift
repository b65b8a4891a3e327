import Foundation

/// A finding or message attached to a plan or report.
package struct Diagnostic: Codable, Equatable, Sendable {
    package enum Severity: String, Codable, Sendable { case note, warning, error }
    package var severity: Severity
    /// The stable code scripts match (`code` in JSON; docs/json.md lists every one).
    package var code: DiagnosticCode
    package var message: String
    package var file: String?
    package var line: Int?
    /// The catalog form of `message`, for text output in the user's language (not part of JSON).
    package var text: Message?

    enum CodingKeys: String, CodingKey { case severity, code, message, file, line }

    package init(_ severity: Severity, code: DiagnosticCode, _ message: String, file: String? = nil, line: Int? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.line = line
    }
}

extension Diagnostic {
    /// A diagnostic whose text comes from the catalog: `message` in English, `text` for people.
    package init(_ severity: Severity, code: DiagnosticCode, _ message: Message, file: String? = nil, line: Int? = nil)
    {
        self.init(severity, code: code, message.english, file: file, line: line)
        self.text = message
    }
}
