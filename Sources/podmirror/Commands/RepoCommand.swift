import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct RepoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repo", abstract: "Spec repos in the CocoaPods repos dir, through libgit2. (not implemented yet)")
    func run() throws { throw UsageError("podmirror repo is not implemented yet", code: "not-implemented") }
}
