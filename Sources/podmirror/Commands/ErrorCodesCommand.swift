import ArgumentParser
import PodMirrorKit

/// Prints the table of error codes that docs/exit-codes.md holds (hidden: `scripts/gen-docs.sh` runs it).
struct ErrorCodesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "error-codes", abstract: "Print every error code with its exit status and meaning (Markdown).",
        shouldDisplay: false)

    func run() throws { Console.shared.out(ErrorCode.markdownTable) }
}
