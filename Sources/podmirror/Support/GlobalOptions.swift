import ArgumentParser
import Foundation
import PodMirrorKit

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: Message("help.global.flag.json").help)
    var json = false

    @Flag(name: .long, help: Message("help.global.flag.dry-run").help)
    var dryRun = false

    @Flag(name: .long, help: Message("help.global.flag.check").help)
    var check = false

    @Flag(
        name: .shortAndLong,
        help: Message("help.global.flag.verbose").help)
    var verbose = false

    @Option(name: .long, help: Message("help.global.option.lang").help)
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
