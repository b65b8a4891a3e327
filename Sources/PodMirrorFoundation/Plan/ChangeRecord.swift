import Foundation

/// One change as reported: `changed` means "was changed" (apply) or "would change" (dry run, check).
public struct ChangeRecord: Codable, Sendable {
    public var id: String
    public var kind: ChangeKind
    public var subject: String
    public var summary: String
    public var changed: Bool
    public var applied: Bool
    /// A later failure can undo it; when false and `applied`, it stays changed whatever happens after.
    public var reversible: Bool
    public var diff: String?
    public var details: JSONValue
    public var error: String?
    /// `summary` in the user's language (text output only).
    public var localizedSummary: String?
    /// `error` in the user's language (text output only).
    public var localizedError: String?

    enum CodingKeys: String, CodingKey {
        case id, kind, subject, summary, changed, applied, reversible, diff, details, error
    }
}
