import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct GemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gems", abstract: "RubyGems sources and the Bundler mirror setting. (not implemented yet)")
    func run() throws { throw UsageError("podmirror gems is not implemented yet", code: "not-implemented") }
}
