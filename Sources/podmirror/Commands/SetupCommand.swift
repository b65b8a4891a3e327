import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct SetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "setup", abstract: "Set up the whole machine in one idempotent command. (not implemented yet)")
    func run() throws { throw UsageError("podmirror setup is not implemented yet", code: "not-implemented") }
}
