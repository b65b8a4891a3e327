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
            PodsCommand.self, CodeTableCommand.self,
        ]
    )
}

/// The whole program: `main.swift` of the `podmirror` executable calls `PodmirrorMain.main()`.
public enum PodmirrorMain {
    /// Parses `CommandLine.arguments`, runs the command and exits with its status.
    public static func main() -> Never {
        installSignalHandlers()
        // Before the first message is read: the message catalogs live in templates/.
        Templates.configure(searchPath: TemplatesLocation.searchPath(environment: ProcessInfo.processInfo.environment))
        // libgit2's process-wide options, set once at start-up: clone and checkout skip re-validating objects
        // they just indexed (Specs repos hold hundreds of thousands).
        Libgit2.applySpecsTuning()
        // Before anything reads a command's configuration: help texts are built once, in this language.
        let arguments = Array(CommandLine.arguments.dropFirst())
        Messages.language = startupLanguage(arguments)
        HelpText.wraps = !arguments.contains {
            $0.hasPrefix("--generate-completion-script") || $0 == "--experimental-dump-help"
        }
        VersionOutput.exitIfAsked(arguments)
        SubcommandCheck.exitIfUnknown(GlobalOptions.hoisted(arguments), root: Podmirror.self)
        let command: ParsableCommand
        do {
            command = try Podmirror.parseAsRoot(GlobalOptions.hoisted(arguments))
        } catch {
            exitForParseError(error)
        }
        let pm = command as? PodmirrorCommand
        let commandName = pm.map { type(of: $0).commandName } ?? "podmirror"
        let json = pm?.global.json ?? false
        do {
            var mutable = command
            try mutable.run()
            Console.shared.endProgress()
            exit(0)
        } catch let code as ExitCode {
            Console.shared.endProgress()
            exit(code.rawValue)
        } catch let error as any PodMirrorError {
            Console.shared.endProgress()
            Render.error(error, command: commandName, json: json)
            exit(error.exitStatus.rawValue)
        } catch {
            Console.shared.endProgress()
            // `--help` parses to ArgumentParser's help command, whose run() throws; validation errors
            // thrown from run() land here too.
            if error is ValidationError || error is CleanExit || Podmirror.exitCode(for: error) != .failure {
                exitForParseError(error)
            }
            let wrapped = PodMirrorFailure(wrapping: error)
            Render.error(wrapped, command: commandName, json: json)
            exit(ExitStatus.failure.rawValue)
        }
    }

    /// The language from `--lang` on the command line, `PODMIRROR_LANG` and the locale. An unknown `--lang`
    /// is left to `GlobalOptions.validate` to report, in the language the environment asks for.
    static func startupLanguage(_ arguments: [String]) -> Language {
        let environment = ProcessInfo.processInfo.environment
        var flag: String?
        for (i, word) in arguments.enumerated() {
            if word == "--" { break }
            if word == "--lang", i + 1 < arguments.count { flag = arguments[i + 1] }
            if word.hasPrefix("--lang=") { flag = String(word.dropFirst("--lang=".count)) }
        }
        return (try? Language.resolve(flag: flag, environment: environment))
            ?? (try? Language.resolve(flag: nil, environment: environment)) ?? .english
    }

    /// ArgumentParser's usage errors exit 2 (documented), help and version exit 0.
    static func exitForParseError(_ error: Error) -> Never {
        let code = Podmirror.exitCode(for: error)
        // Help, version and completion scripts: ArgumentParser prints them itself (to stdout) and exits 0.
        if code == .success { Podmirror.exit(withError: error) }
        var message = Podmirror.fullMessage(for: error)
        // One error prefix for every failure: ArgumentParser's "Error: " becomes podmirror's own.
        if message.hasPrefix("Error: ") {
            let c = Console.shared
            message =
                c.paint(Message("cli.prefix.error").localized, .red, stderr: true) + message.dropFirst("Error: ".count)
        }
        if !message.isEmpty { Console.shared.err(message) }
        exit(code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue)
    }
}
