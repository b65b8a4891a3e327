import ArgumentParser

/// A podmirror command: has the global options and a name used in JSON output.
protocol PodmirrorCommand: ParsableCommand {
    var global: GlobalOptions { get }
    /// The command's words as the user types them, e.g. `repo add`; the `command` field in JSON.
    static var commandName: String { get }
    /// Runs the command through the run's one runner (`PodmirrorMain.run` calls it; never ArgumentParser's `run()`).
    func run(_ runner: CommandRunner) throws
}
