import ArgumentParser
import Foundation
import PodMirrorFoundation
import PodMirrorKit

/// A mistyped subcommand (`podmirror setpu`, `mirror lst`, `help podfile sorce`) is a usage error that
/// names the nearest command, as a mistyped option already is.
enum SubcommandCheck {
    /// The unknown word, the command it was given to, and the nearest subcommand of that command.
    struct Unknown {
        var word: String
        var parent: String
        var suggestion: String?
    }

    /// Walks the words of the command line down the command tree; the first word that is not a
    /// subcommand where one is expected is reported. Options and a leaf command's arguments end the walk.
    static func unknown(in arguments: [String], root: ParsableCommand.Type) -> Unknown? {
        var words = arguments
        if words.first == "help" { words.removeFirst() }
        var command: ParsableCommand.Type = root
        var path = [root.configuration.commandName ?? "podmirror"]
        for word in words {
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty || word.hasPrefix("-") { return nil }
            let names = subcommands.map { $0.configuration.commandName ?? "" }
            guard let index = names.firstIndex(of: word) else {
                let parent = path.joined(separator: " ")
                return Unknown(
                    word: word, parent: parent,
                    suggestion: Suggestion.nearest(to: word, in: names).map { "\(parent) \($0)" })
            }
            command = subcommands[index]
            path.append(word)
        }
        return nil
    }

    /// Prints the error and returns 2 when the command line names an unknown subcommand; nil otherwise.
    static func reportUnknown(_ arguments: [String], root: ParsableCommand.Type, console c: Console) -> Int32? {
        guard let u = unknown(in: arguments, root: root) else { return nil }
        c.err(
            c.paint(Message("cli.prefix.error").localized, .red, stderr: true)
                + Message("cli.unknown-command", ["word": u.word, "command": u.parent]).localized)
        let hint =
            u.suggestion.map { Message("cli.did-you-mean", ["command": $0]) }
            ?? Message("cli.see-help", ["command": u.parent])
        c.err(c.paint(Message("cli.prefix.hint").localized, .cyan, stderr: true) + hint.localized)
        return ExitStatus.usage.rawValue
    }
}
