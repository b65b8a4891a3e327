import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct DeintegrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deintegrate", abstract: "Remove CocoaPods from an Xcode project, natively. (not implemented yet)")
    func run() throws { throw UsageError("podmirror deintegrate is not implemented yet", code: "not-implemented") }
}
