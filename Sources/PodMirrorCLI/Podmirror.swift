import ArgumentParser
import Foundation
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct Podmirror: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "podmirror",
        abstract:
            Message("help.root.abstract").abstractText,
        discussion: Message("help.root.discussion").discussionText,
        version: PodMirrorVersion.string,
        subcommands: [
            SetupCommand.self, DoctorCommand.self, MirrorCommand.self, RepoCommand.self, PodfileCommand.self,
            InitCommand.self, DeintegrateCommand.self, ReinstallCommand.self, GemsCommand.self, GitconfigCommand.self,
            PodsCommand.self, SwiftPMCommand.self, CodeTableCommand.self,
        ]
    )
}

/// The whole program: `main.swift` of the `podmirror` executable calls `PodmirrorMain.main()`; tests call
/// `PodmirrorMain.run` in-process.
public enum PodmirrorMain {
    /// Runs the process's command line in the process's environment, on its stdout and stderr, and exits.
    public static func main() -> Never {
        installSignalHandlers()
        let environment = RuntimeEnvironment.process
        exit(
            run(
                Array(CommandLine.arguments.dropFirst()), environment: environment,
                console: Console(environment: environment.variables), cancellation: processCancellation))
    }

    /// One run of podmirror: parses `arguments` (without the executable's name), runs the command in `environment`
    /// through one `CommandRunner`, writes to `console` and returns the exit status. Nothing here reads the process
    /// or exits, so a test can run any command in-process.
    public static func run(
        _ arguments: [String], environment: RuntimeEnvironment, console: Console,
        cancellation: CancellationToken = CancellationToken()
    ) -> Int32 {
        // Before the first message is read: the message catalogs live in templates/.
        Templates.configure(searchPath: TemplatesLocation.searchPath(environment: environment.variables))
        // libgit2's process-wide options, set once at start-up: clone and checkout skip re-validating objects
        // they just indexed (Specs repos hold hundreds of thousands).
        Libgit2.applySpecsTuning()
        // Before anything reads a command's configuration: help texts are built once, in this language.
        Messages.language = startupLanguage(arguments, environment: environment.variables)
        HelpText.wraps = !arguments.contains {
            $0.hasPrefix("--generate-completion-script") || $0 == "--experimental-dump-help"
        }
        if let status = VersionOutput.printIfAsked(arguments, console: console) { return status }
        let hoisted = OnOff.normalized(GlobalOptions.hoisted(arguments))
        if let status = SubcommandCheck.reportUnknown(hoisted, root: Podmirror.self, console: console) {
            return status
        }
        GlobalOptions.parsingEnvironment = environment.variables
        let command: ParsableCommand
        do {
            command = try Podmirror.parseAsRoot(hoisted)
        } catch {
            return parseError(error, console: console)
        }
        guard let pm = command as? PodmirrorCommand else {
            // `podmirror help …` and a group without a subcommand: ArgumentParser's own commands.
            do {
                var mutable = command
                try mutable.run()
                return 0
            } catch {
                return parseError(error, console: console)
            }
        }
        let runner = CommandRunner(
            command: type(of: pm).commandName, options: pm.global, arguments: arguments, environment: environment,
            console: console, cancellation: cancellation)
        if pm.global.verbose {
            console.enableVerbose()
            Trace.install(ConsoleTrace(console: console))
        }
        defer { if pm.global.verbose { Trace.install(nil) } }
        do {
            try pm.refuseModesItIgnores()
            try pm.run(runner)
            console.endProgress()
            return 0
        } catch let code as ExitCode {
            console.endProgress()
            return code.rawValue
        } catch let error as any PodMirrorError {
            console.endProgress()
            Render.error(error, command: runner.command, json: pm.global.json, console: console)
            return error.exitStatus.rawValue
        } catch {
            console.endProgress()
            // Validation errors thrown from a command's run land here too.
            if error is ValidationError || error is CleanExit || Podmirror.exitCode(for: error) != .failure {
                return parseError(error, console: console)
            }
            Render.error(
                PodMirrorFailure(wrapping: error), command: runner.command, json: pm.global.json, console: console)
            return ExitStatus.failure.rawValue
        }
    }

    /// The language from `--lang` on the command line, `PODMIRROR_LANG` and the locale. An unknown `--lang`
    /// is left to `GlobalOptions.validate` to report, in the language the environment asks for.
    static func startupLanguage(_ arguments: [String], environment: [String: String]) -> Language {
        var flag: String?
        for (i, word) in arguments.enumerated() {
            if word == "--" { break }
            if word == "--lang", i + 1 < arguments.count { flag = arguments[i + 1] }
            if word.hasPrefix("--lang=") { flag = String(word.dropFirst("--lang=".count)) }
        }
        return (try? Language.resolve(flag: flag, environment: environment))
            ?? (try? Language.resolve(flag: nil, environment: environment)) ?? .english
    }

    /// ArgumentParser's usage errors return 2 (documented); help, version and completion scripts go to stdout
    /// and return 0.
    static func parseError(_ error: Error, console: Console) -> Int32 {
        let code = Podmirror.exitCode(for: error)
        var message = Podmirror.fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { console.write(HelpText.fitted(message) + "\n") }
            return 0
        }
        // One error prefix for every failure: ArgumentParser's "Error: " becomes podmirror's own.
        if message.hasPrefix("Error: ") {
            message =
                console.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                + message.dropFirst("Error: ".count)
        }
        if !message.isEmpty { console.err(message) }
        return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
    }
}
