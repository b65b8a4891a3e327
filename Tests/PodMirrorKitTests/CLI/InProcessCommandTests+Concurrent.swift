import Foundation
import XCTest

/// Runs share nothing: two in-process runs on two threads, one in Chinese and one in English, each write only
/// their own language (the language travels in the run's scope, not in a process-wide variable).
extension InProcessCommandTests {
    func testConcurrentRunsInTwoLanguagesEachPrintTheirOwn() throws {
        let commands: [[String]] = [["mirror", "list"], ["podfile", "show"], ["repo", "add", "--help"]]
        let chinese = commands.map { $0 + ["--lang", "zh-Hans"] }
        // What each run writes alone.
        let expected = (commands + chinese).map { run($0, in: home.sub("nowhere")) }
        XCTAssertTrue(expected[3].stdout.contains("Specs 源"), expected[3].stdout)
        XCTAssertTrue(expected[0].stdout.contains("Specs sources"), expected[0].stdout)
        XCTAssertTrue(expected[4].stderr.contains("错误："), expected[4].stderr)
        XCTAssertTrue(expected[1].stderr.hasPrefix("error: "), expected[1].stderr)
        XCTAssertNotEqual(expected[2].stdout, expected[5].stdout, "help in each language")

        let (homePath, folder) = (home.path, home.sub("nowhere"))
        let mismatches = Mismatches()
        let group = DispatchGroup()
        for (offset, language) in [commands, chinese].enumerated() {
            group.enter()
            Thread {
                defer { group.leave() }
                for round in 0..<5 {
                    for (i, arguments) in language.enumerated() {
                        let outcome = Self.run(arguments, home: homePath, in: folder)
                        let alone = expected[offset * commands.count + i]
                        if outcome.stdout != alone.stdout || outcome.stderr != alone.stderr {
                            mismatches.add("round \(round) \(arguments): \(outcome.stdout)\(outcome.stderr)")
                        }
                    }
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(mismatches.list, [])
    }

    /// What the two threads found wrong.
    final class Mismatches: @unchecked Sendable {
        private let lock = NSLock()
        private var found: [String] = []
        func add(_ text: String) { lock.lock(); found.append(text); lock.unlock() }
        var list: [String] { lock.lock(); defer { lock.unlock() }; return found }
    }
}
