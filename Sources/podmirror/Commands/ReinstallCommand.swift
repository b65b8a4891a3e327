import ArgumentParser
import Foundation
import PodMirrorKit

struct ReinstallCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "reinstall",
        abstract: "Deintegrate, then pod install; if pod install fails, put the project back exactly as it was.",
        discussion: "Pods/ is moved aside, not deleted, until pod install has succeeded. pod runs by argv (no shell) with a UTF-8 locale; its output is streamed (to stderr with --json). Exits with pod's own status when it fails.")
    static let commandName = "reinstall"
    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Pass --repo-update to pod install.")
    var repoUpdate = false
    @Argument(help: "A folder holding the .xcodeproj, or the .xcodeproj.")
    var path: String?

    func run() throws {
        let runner = runner()
        let env = runner.environment
        let location = try XcodeProjectLocator.locate(path, environment: env)
        let planned = try Reinstaller(environment: env).plan(location, repoUpdate: repoUpdate)
        if !global.json, global.mode == .apply { DeintegrateCommand.printText(planned, verbose: global.verbose) }
        let report: PlanReport
        do {
            // With --json, stdout carries one JSON document: pod's own stdout goes to stderr meanwhile.
            report = try Self.withStdoutOnStderr(global.json && global.mode == .apply) { try runner.report(PlanJob(planned.plan)) }
        } catch let failure as PlanFailure {
            guard let pod = failure.underlying as? PodInstallFailed else { throw failure }
            Render.error(failure, command: Self.commandName, json: global.json)
            throw ExitCode(pod.status)
        }
        try runner.finish(report, extra: DeintegrateCommand.jsonFields(planned)) {
            Console.shared.out(Console.shared.paint("pod install succeeded; the previous Pods/ was deleted.", .green))
        }
    }

    static func withStdoutOnStderr<T>(_ enabled: Bool, _ body: () throws -> T) rethrows -> T {
        guard enabled else { return try body() }
        fflush(stdout)
        let saved = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        defer {
            fflush(stdout)
            dup2(saved, STDOUT_FILENO)
            close(saved)
        }
        return try body()
    }
}
