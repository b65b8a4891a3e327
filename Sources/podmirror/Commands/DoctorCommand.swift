import ArgumentParser
import PodMirrorKit

// Placeholder until this command lands; replaced by the area's own implementation.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "doctor", abstract: "Check this machine's CocoaPods set-up; every finding with its fix. (not implemented yet)")
    func run() throws { throw UsageError("podmirror doctor is not implemented yet", code: "not-implemented") }
}
