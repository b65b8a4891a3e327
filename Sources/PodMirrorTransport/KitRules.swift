import Foundation

// The Kit never prints, exits or reads the process: these shadow the standard names in this module, so a use is a
// compile error (scripts/kit-rules.sh proves it). Results go back to the caller; the executable renders them and
// reads the environment (`RuntimeEnvironment`).

@available(*, unavailable, message: "the Kit never prints: return the result and let PodMirrorCLI render it")
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

@available(*, unavailable, message: "the Kit never exits: throw a PodMirrorError and let PodMirrorCLI exit")
func exit(_ status: Int32) -> Never { fatalError() }

@available(*, unavailable, message: "the Kit never reads the process: use the RuntimeEnvironment it is given")
func getenv(_ name: String) -> UnsafeMutablePointer<CChar>? { nil }

enum ProcessInfo {
    @available(*, unavailable, message: "the Kit never reads the process: use the RuntimeEnvironment it is given")
    static var processInfo: Foundation.ProcessInfo { .processInfo }
}

enum CommandLine {
    @available(*, unavailable, message: "the Kit never reads the process: use the RuntimeEnvironment it is given")
    static var arguments: [String] { [] }
}
