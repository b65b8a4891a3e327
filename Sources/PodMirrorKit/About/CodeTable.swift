import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// The tables of code-like JSON values that `scripts/gen-docs.sh` writes into docs/json.md (between
/// `<!-- codes:NAME:begin -->` and `<!-- codes:NAME:end -->`) and whose values it writes as the `enum` of the
/// matching field in docs/podmirror.schema.json (after `"$comment": "values: code-table NAME"`).
package enum CodeTable: String, CaseIterable, Sendable {
    /// `warnings[].code`.
    case diagnostic = "diagnostic"
    /// Plans: `changes[].kind`.
    case changeKind = "change-kind"
    /// `mirror list`, `mirror test`: a mirror's `kind`.
    case mirrorKind = "mirror-kind"
    /// `repo verify`: `repos[].problems[].code`.
    case verifyProblem = "verify-problem"
    /// `podfile show`: `problems[].code`.
    case podfileProblem = "podfile-problem"
    /// `doctor`: `findings[].id`.
    case doctorFinding = "doctor-finding"
    /// `pods fetch`: `pods[].status`.
    case podStatus = "pod-status"
    /// `pods fetch`: `pods[].kind`.
    case podKind = "pod-kind"
    /// `pods fetch`: `pods[].origin`.
    case podOrigin = "pod-origin"
    /// `pods fetch`: `pods[].errorCode` (every `ErrorCode`; its table is in docs/exit-codes.md).
    case error = "error"

    /// The values, in the order of the enum.
    package var values: [String] {
        switch self {
        case .diagnostic: DiagnosticCode.allCases.map(\.rawValue)
        case .changeKind: ChangeKind.allCases.map(\.rawValue)
        case .mirrorKind: Mirror.Kind.allCases.map(\.rawValue)
        case .verifyProblem: VerifyProblemCode.allCases.map(\.rawValue)
        case .podfileProblem: PodfileProblemCode.allCases.map(\.rawValue)
        case .doctorFinding: DoctorFindingID.allCases.map(\.rawValue)
        case .podStatus: PodFetchResult.Status.allCases.map(\.rawValue)
        case .podKind: PodFetchResult.Kind.allCases.map(\.rawValue)
        case .podOrigin: PodFetchResult.Origin.allCases.map(\.rawValue)
        case .error: ErrorCode.allCases.map(\.rawValue)
        }
    }

    /// The Markdown table of the values and their meanings (warnings also name their fixed severity).
    package var markdown: String {
        var lines: [String]
        switch self {
        case .diagnostic:
            lines = ["| code | severity | meaning |", "| --- | --- | --- |"]
            for code in DiagnosticCode.allCases {
                let severity = code.severity.map { "`\($0.rawValue)`" } ?? "varies"
                lines.append("| `\(code.rawValue)` | \(severity) | \(code.meaning) |")
            }
        case .changeKind: lines = Self.rows("kind", ChangeKind.self)
        case .mirrorKind: lines = Self.rows("kind", Mirror.Kind.self)
        case .verifyProblem: lines = Self.rows("code", VerifyProblemCode.self)
        case .podfileProblem: lines = Self.rows("code", PodfileProblemCode.self)
        case .podStatus: lines = Self.rows("status", PodFetchResult.Status.self)
        case .podKind: lines = Self.rows("kind", PodFetchResult.Kind.self)
        case .podOrigin: lines = Self.rows("origin", PodFetchResult.Origin.self)
        case .doctorFinding:
            lines = ["| id | severity | meaning |", "| --- | --- | --- |"]
            for id in DoctorFindingID.allCases {
                let severity = id.severity.map { "`\($0.rawValue)`" } ?? "varies"
                lines.append("| `\(id.rawValue)` | \(severity) | \(id.meaning) |")
            }
        case .error: return ErrorCode.markdownTable
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The values as the lines of a JSON array's items, each indented by `indent` (schema `enum`).
    package func schemaItems(indent: String) -> String {
        values.map { indent + "\"\($0)\"" }.joined(separator: ",\n") + "\n"
    }

    private static func rows<Code: DocumentedCode>(_ header: String, _: Code.Type) -> [String] {
        ["| \(header) | meaning |", "| --- | --- |"] + Code.allCases.map { "| `\($0.rawValue)` | \($0.meaning) |" }
    }
}
