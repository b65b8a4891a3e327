import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create a Podfile for the Xcode project here, the way pod init does. (not implemented yet)")
    func run() throws { throw UsageError("podmirror init is not implemented yet", code: "not-implemented") }
}
