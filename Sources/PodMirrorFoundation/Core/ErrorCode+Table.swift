import Foundation

extension ErrorCode {
    /// The Markdown table of every code (code, exit status, meaning), as docs/exit-codes.md holds it between
    /// its `error-codes` markers. `scripts/gen-docs.sh` writes it there; a test checks it is current.
    package static var markdownTable: String {
        var lines = ["| code | exit status | meaning |", "| --- | --- | --- |"]
        for code in allCases {
            let status = code.exitStatus
            lines.append("| `\(code.rawValue)` | \(status.rawValue) (\(status.documentedName)) | \(code.meaning) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ExitStatus {
    /// The status's name in docs/exit-codes.md.
    var documentedName: String {
        switch self {
        case .success: "success"
        case .failure: "failure"
        case .usage: "usage"
        case .drift: "drift"
        case .network: "network"
        case .lockHeld: "lock held"
        case .toolMissing: "tool missing"
        case .interrupted: "interrupted"
        }
    }
}
