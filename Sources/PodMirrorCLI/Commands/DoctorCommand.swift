import ArgumentParser
import Foundation
import PodMirrorFoundation
import PodMirrorKit

struct DoctorCommand: PodmirrorCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: Message("help.doctor.abstract").abstractText,
        discussion: Message("help.doctor.discussion").discussionText)
    static let commandName = "doctor"
    @OptionGroup var global: GlobalOptions
    @Option(
        name: .customLong("podfile"),
        help: Message("help.doctor.option.podfiles").help)
    var podfiles: [String] = []
    @Flag(help: Message("help.doctor.flag.offline").help)
    var offline = false
    @Option(help: Message("help.doctor.option.timeout").help)
    var timeout: Double = 10

    func run(_ runner: CommandRunner) throws {
        let env = runner.environment
        var files = podfiles
        if files.isEmpty, env.fileSystem.fileExists(env.currentDirectory + "/Podfile") {
            files = [env.currentDirectory + "/Podfile"]
        }
        var doctor = Doctor(
            environment: env, catalog: try runner.catalog(), podfiles: files,
            checkNetwork: !offline, timeout: timeout,
            // A setting doctor cannot read is one of its findings, not a reason to stop: it falls back to the
            // environment's proxies and reads the rules itself.
            network: try? runner.network())
        doctor.cancellation = runner.context.cancellation
        let report = doctor.run()
        if runner.context.cancellation.isCancelled { throw InterruptedError() }
        try runner.show(
            ok: report.errors == 0,
            json: {
                // `warnings` is the diagnostics array of every document; the counts have their own keys.
                [
                    "findings": try JSONValue.encoding(report.findings), "errorCount": .int(report.errors),
                    "warningCount": .int(report.warnings),
                ]
            },
            text: {
                let c = runner.console
                for f in report.findings {
                    let mark: String
                    switch f.severity {
                    case .error: mark = c.paint(Message("doctor.mark.error").localized, .red)
                    case .warning: mark = c.paint(Message("doctor.mark.warning").localized, .yellow)
                    case .note: mark = c.paint(Message("doctor.mark.ok").localized, .green)
                    }
                    c.out("\(mark)  \(f.text?.localized ?? f.message)")
                    guard f.severity != .note else { continue }
                    if let fix = f.fix { c.out("         " + Message("doctor.fix", ["fix": fix]).localized) }
                    if let why = f.explanationText?.localized ?? f.explanation { c.out("              \(why)") }
                }
                let counts = ["errors": String(report.errors), "warnings": String(report.warnings)]
                c.out(Message("doctor.summary", counts).localized)
            })
    }
}
