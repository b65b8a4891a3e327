import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct RepoVerifyCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "verify",
            abstract:
                Message("help.repo.verify.abstract").abstractText,
            discussion: Message("help.repo.verify.discussion").discussionText)
    }
    static let commandName = "repo verify"
    static let makesChanges = false
    @OptionGroup var global: GlobalOptions
    @Argument(help: Message("help.repo.verify.argument.names").help, completion: Completions.repoNames)
    var names: [String] = []
    @Flag(name: .long, help: Message("help.repo.verify.flag.deep").help)
    var deep = false
    @Option(name: .long, help: Message("help.repo.verify.option.expect").help) var expect: String?

    func run(_ runner: CommandRunner) throws {
        let verifier = RepoVerifier(repos: ReposDirectory(environment: runner.environment))
        let results = try verifier.verify(
            names: names, deep: deep, expect: expect, cancellation: runner.context.cancellation)
        let result = RepoVerificationRenderer.Result(reposDir: verifier.repos.path, repos: results)
        try runner.show(
            result, with: RepoVerificationRenderer.self, ok: result.intact,
            error: PodMirrorFailure(Message("repo.verify.error.not-intact"), code: .verifyNotIntact))
    }
}
