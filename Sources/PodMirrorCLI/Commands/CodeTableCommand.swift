import ArgumentParser
import PodMirrorKit

/// Prints one table of code-like JSON values that docs/json.md holds, or its values as the items of the schema's
/// `enum` (hidden: `scripts/gen-docs.sh` runs it).
struct CodeTableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "code-table",
            abstract: "Print a table of JSON codes (Markdown), or its values as JSON schema enum items.",
            shouldDisplay: false)
    }

    @Argument(help: "The table: \(CodeTable.allCases.map(\.rawValue).joined(separator: ", ")).")
    var table: String

    @Option(help: "Print the values as JSON array items, each line indented by this many spaces.")
    var schemaIndent: Int?

    func run() throws {
        guard let table = CodeTable(rawValue: table) else {
            throw ValidationError("unknown table '\(table)'")
        }
        // A hidden command for scripts/gen-docs.sh, run through ArgumentParser's own `run()`: plain stdout.
        let console = Console(environment: [:])
        if let schemaIndent {
            console.out(table.schemaItems(indent: String(repeating: " ", count: max(0, schemaIndent))))
        } else {
            console.out(table.markdown)
        }
    }
}
