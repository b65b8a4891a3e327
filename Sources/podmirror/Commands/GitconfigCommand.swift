import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct GitconfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "gitconfig", abstract: "Global git insteadOf rules that send Specs URLs to a mirror. (not implemented yet)")
    func run() throws { throw UsageError("podmirror gitconfig is not implemented yet", code: "not-implemented") }
}
