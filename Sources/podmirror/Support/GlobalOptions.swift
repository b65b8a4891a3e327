import ArgumentParser
import Foundation
import PodMirrorKit

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Print one JSON document on stdout instead of text.")
    var json = false

    @Flag(name: .long, help: "Print the plan (with diffs) and change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Change nothing; exit 3 when something would change, 0 when all is as asked.")
    var check = false

    @Flag(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Also print on stderr each git transfer (URL, proxy, stages), HTTP request (status, bytes, time) and "
                + "command run, every warning, and --version details."))
    var verbose = false

    @Option(name: .long, help: "Language of messages: en or zh-Hans (default: PODMIRROR_LANG, then the locale).")
    var lang: String?

    var mode: RunMode { check ? .check : (dryRun ? .dryRun : .apply) }

    func validate() throws {
        if dryRun && check { throw ValidationError(Message("cli.dry-run-with-check").localized) }
        if verbose {
            Console.shared.enableVerbose()
            Trace.install(ConsoleTrace())
        }
        do {
            Messages.language = try Language.resolve(flag: lang, environment: ProcessInfo.processInfo.environment)
        } catch let error as PodMirrorFailure {
            throw ValidationError(error.localizedMessage)
        }
    }
}
