import ArgumentParser
import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorKit

struct DoctorCommand: PodmirrorCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "doctor", abstract: Message("help.doctor.abstract").abstractText,
            discussion: Message("help.doctor.discussion").discussionText)
    }
    static let commandName = "doctor"
    static let makesChanges = false
    static let checksDrift = true
    @OptionGroup var global: GlobalOptions
    @Option(
        name: .customLong("podfile"),
        help: Message("help.doctor.option.podfiles").help, completion: .file())
    var podfiles: [String] = []
    @Flag(help: Message("help.doctor.flag.offline").help)
    var offline = false
    @Option(help: Message("help.doctor.option.timeout").help)
    var timeout: Double = 10
    @Option(name: .customLong("swiftpm"), help: Message("help.doctor.option.swiftpm").help, completion: .directory)
    var swiftPMProjects: [String] = []

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        var files = podfiles
        if files.isEmpty, env.fileSystem.fileExists(env.currentDirectory + "/Podfile") {
            files = [env.currentDirectory + "/Podfile"]
        }
        var doctor = Doctor(
            environment: env, catalog: try runner.catalog(), podfiles: files,
            checkNetwork: !offline, timeout: timeout,
            // A setting doctor cannot read is one of its findings, not a reason to stop: it checks with what
            // can be read (`NetworkSettings.readable`).
            network: try? runner.network())
        doctor.cancellation = runner.context.cancellation
        // Without --swiftpm: the project here, when there is one SwiftPM or Xcode would open.
        doctor.swiftPMProjects =
            !swiftPMProjects.isEmpty
            ? swiftPMProjects : (try? SwiftPMProject.locate(nil, environment: env)).map { [$0.path] } ?? []
        let report = doctor.run()
        if runner.context.cancellation.isCancelled { throw InterruptedError() }
        try runner.show(
            report, with: DoctorReportRenderer.self, ok: report.errors == 0,
            error: PodMirrorFailure(
                Message("doctor.error.findings", ["count": String(report.errors)]),
                remedy: Message("doctor.error.findings.remedy"), code: .doctorFindings))
        // `--check`: a trunk whose mirror moved on is drift, as `setup --check` reports it.
        if runner.mode == .check, report.findings.contains(where: { $0.id == .trunkBehind }) {
            throw ExitCode(ExitStatus.drift.rawValue)
        }
    }
}
