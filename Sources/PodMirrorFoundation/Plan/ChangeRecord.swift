import Foundation

/// One change as reported: `changed` means "was changed" (apply) or "would change" (dry run, check).
package struct ChangeRecord: Codable, Sendable {
    package var id: String
    package var kind: ChangeKind
    package var subject: String
    package var summary: String
    package var changed: Bool
    package var applied: Bool
    /// A later failure can undo it; when false and `applied`, it stays changed whatever happens after.
    package var reversible: Bool
    package var diff: String?
    package var details: JSONValue
    package var error: String?
    /// `summary` in the user's language (text output only).
    package var localizedSummary: String?
    /// `error` in the user's language (text output only).
    package var localizedError: String?
    /// The code, exit status and remedy of a dry run's or check's `error` (`Change.unknown`; not in JSON here,
    /// the command's `error` object carries them).
    package var unknownCode: ErrorCode?
    package var unknownStatus: ExitStatus?
    package var unknownRemedy: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, subject, summary, changed, applied, reversible, diff, details, error
    }
}
