import ArgumentParser
import PodMirrorFoundation

/// A podmirror command: has the global options and a name used in JSON output.
protocol PodmirrorCommand: ParsableCommand {
    var global: GlobalOptions { get }
    /// The command's words as the user types them, e.g. `repo add`; the `command` field in JSON.
    static var commandName: String { get }
    /// Runs the command through the run's one runner (`PodmirrorMain.run` calls it; never ArgumentParser's `run()`).
    func run(_ runner: CommandRunner) throws
    /// False for a command that only reads: it refuses `--dry-run` and `--check` (exit 2) rather than ignore them.
    static var makesChanges: Bool { get }
    /// True for a command that only reads but whose `--check` means something (`doctor`: exit 3 when trunk's
    /// mirror moved on); it still refuses `--dry-run`.
    static var checksDrift: Bool { get }
}

extension PodmirrorCommand {
    static var makesChanges: Bool { true }
    static var checksDrift: Bool { false }

    /// Throws a usage error when a command that only reads was given `--dry-run` or `--check`.
    func refuseModesItIgnores() throws {
        guard !Self.makesChanges, global.dryRun || (global.check && !Self.checksDrift) else { return }
        throw PodMirrorFailure(
            Message(
                "cli.read-only-mode",
                ["command": Self.commandName, "flag": global.dryRun ? "--dry-run" : "--check"]),
            code: .usage)
    }
}
