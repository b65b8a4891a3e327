import ArgumentParser
import Foundation
import PodMirrorFoundation
import PodMirrorKit
import PodMirrorTransport

struct Podmirror: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "podmirror",
            abstract:
                Message("help.root.abstract").abstractText,
            discussion: Message("help.root.discussion").discussionText,
            version: PodMirrorVersion.string,
            subcommands: [
                SetupCommand.self, DoctorCommand.self, MirrorCommand.self, RepoCommand.self, PodfileCommand.self,
                InitCommand.self, DeintegrateCommand.self, ReinstallCommand.self, GemsCommand.self,
                GitconfigCommand.self,
                PodsCommand.self, SwiftPMCommand.self, CodeTableCommand.self,
            ]
        )
    }
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
        // libgit2's process-wide options, the same for every run: clone and checkout skip re-validating objects
        // they just indexed (Specs repos hold hundreds of thousands).
        Libgit2.applySpecsTuning()
        // The run's own scope, bound before the first message is read (the message catalogs live in templates/)
        // and before anything reads a command's configuration (help texts are built in this language).
        let scope = RunScope(
            language: startupLanguage(arguments, environment: environment.variables),
            templates: Templates.first(
                of: TemplatesLocation.searchPath(environment: environment.variables), fileSystem: LocalFileSystem()))
        let wraps = !arguments.contains {
            $0.hasPrefix("--generate-completion-script") || $0 == "--experimental-dump-help"
        }
        return scope.run {
            HelpText.$wraps.withValue(wraps) {
                GlobalOptions.$parsingEnvironment.withValue(environment.variables) {
                    parseAndRun(arguments, environment: environment, console: console, cancellation: cancellation)
                }
            }
        }
    }

    /// `run` inside the run's scope.
    private static func parseAndRun(
        _ arguments: [String], environment: RuntimeEnvironment, console: Console, cancellation: CancellationToken
    ) -> Int32 {
        if let status = VersionOutput.printIfAsked(arguments, console: console) { return status }
        let hoisted = OnOff.normalized(GlobalOptions.hoisted(arguments))
        if let status = SubcommandCheck.reportUnknown(hoisted, root: Podmirror.self, console: console) {
            return status
        }
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
        guard pm.global.verbose else { return execute(pm, runner: runner, console: console) }
        console.enableVerbose()
        return RunScope.current.with(trace: ConsoleTrace(console: console)).run {
            execute(pm, runner: runner, console: console)
        }
    }

    /// Runs a parsed command through its runner; renders its failure.
    private static func execute(_ pm: any PodmirrorCommand, runner: CommandRunner, console: Console) -> Int32 {
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
