import ArgumentParser
import Foundation
import PodMirrorFoundation
import PodMirrorKit

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: Message("help.global.flag.json").help)
    var json = false

    @Flag(name: .long, help: Message("help.global.flag.dry-run").help)
    var dryRun = false

    @Flag(name: .long, help: Message("help.global.flag.check").help)
    var check = false

    /// Replace read-only files (and, for `podfile platform`, a platform written as an expression).
    @Flag(name: .long, help: Message("help.global.flag.force").help)
    var force = false

    @Flag(
        name: .shortAndLong,
        help: Message("help.global.flag.verbose").help)
    var verbose = false

    @Option(name: .long, help: Message("help.global.option.lang").help, completion: Completions.languages)
    var lang: String?

    var mode: RunMode { check ? .check : (dryRun ? .dryRun : .apply) }

    /// The environment of the run being parsed (`PODMIRROR_LANG`, the locale), bound by `PodmirrorMain.run` around
    /// its parse: ArgumentParser's `validate()` takes no argument, so it cannot be passed.
    @TaskLocal static var parsingEnvironment: [String: String] = [:]

    /// The arguments with global options written before the subcommand (`podmirror --json repo list`) moved
    /// after it, where every command declares them.
    static func hoisted(_ arguments: [String]) -> [String] {
        let flags: Set<String> = ["--json", "--dry-run", "--check", "--force", "--verbose", "-v"]
        var leading: [String] = []
        var i = 0
        while i < arguments.count {
            let word = arguments[i]
            if flags.contains(word) || word.hasPrefix("--lang=") {
                leading.append(word)
                i += 1
            } else if word == "--lang", i + 1 < arguments.count {
                leading += [word, arguments[i + 1]]
                i += 2
            } else {
                break
            }
        }
        var rest = Array(arguments[i...])
        // `help` is ArgumentParser's own command, which takes no options: the language was read at start-up.
        if rest.first == "help" { return rest.filter { !$0.hasPrefix("--lang=") }.droppingLang() }
        guard !leading.isEmpty, !rest.isEmpty else { return arguments }
        rest.insert(contentsOf: leading, at: rest.firstIndex(of: "--") ?? rest.count)
        return rest
    }

    func validate() throws {
        if dryRun && check { throw ValidationError(Message("cli.dry-run-with-check").localized) }
        // Only checked here: the run's language, the same value, was chosen before parsing (`startupLanguage`).
        do {
            _ = try Language.resolve(flag: lang, environment: Self.parsingEnvironment)
        } catch let error as PodMirrorFailure {
            throw ValidationError(error.localizedMessage)
        }
    }
}

extension Array where Element == String {
    /// Without `--lang VALUE` pairs.
    fileprivate func droppingLang() -> [String] {
        var out: [String] = []
        var i = 0
        while i < count {
            if self[i] == "--lang", i + 1 < count { i += 2; continue }
            out.append(self[i])
            i += 1
        }
        return out
    }
}
