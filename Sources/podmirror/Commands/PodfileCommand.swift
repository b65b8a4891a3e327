import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct PodfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "podfile", abstract: "Read and precisely rewrite a Podfile. (not implemented yet)")
    func run() throws { throw UsageError("podmirror podfile is not implemented yet", code: "not-implemented") }
}
