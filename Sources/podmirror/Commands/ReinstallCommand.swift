import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct ReinstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reinstall", abstract: "Deintegrate, then pod install; restore the project if it fails. (not implemented yet)")
    func run() throws { throw UsageError("podmirror reinstall is not implemented yet", code: "not-implemented") }
}
