import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// The run's scope (language, trace sink, templates) is the run's own: runs on two threads do not see each
/// other's, and a thread a run starts with `RunScope.carried` sees its run's.
final class RunScopeTests: XCTestCase {
    func testConcurrentRunsWithTwoTraceSinksDoNotMix() throws {
        let servers = try (0..<2).map { _ in try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes()) }
        defer { servers.forEach { $0.stop() } }
        let recorders = [RecordingTrace(), RecordingTrace()]
        let group = DispatchGroup()
        for run in 0..<2 {
            group.enter()
            Thread {
                defer { group.leave() }
                RunScope.current.with(trace: recorders[run]).run {
                    for _ in 0..<10 { _ = try? HTTPGet(timeout: 5).fetch(servers[run].url + "/versions") }
                    // A worker the run starts traces into the run's sink too.
                    let worker = DispatchGroup()
                    worker.enter()
                    Thread(
                        block: RunScope.carried {
                            _ = try? HTTPGet(timeout: 5).fetch(servers[run].url + "/versions")
                            worker.leave()
                        }
                    ).start()
                    worker.wait()
                }
            }.start()
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success)
        for run in 0..<2 {
            let urls = recorders[run].events.compactMap { event -> String? in
                guard case .httpRequest(_, let url, _, _) = event else { return nil }
                return url
            }
            XCTAssertEqual(urls, Array(repeating: servers[run].url + "/versions", count: 11), "run \(run)")
        }
    }

    func testLanguageIsTheRunsOwnAndCarriedToItsThreads() {
        let message = Message("cli.prefix.error")
        XCTAssertEqual(message.localized, message.english, "outside a run: English")
        RunScope.current.with(language: .simplifiedChinese).run {
            XCTAssertEqual(message.localized, message.text(in: .simplifiedChinese))
            let seen = Seen()
            let done = DispatchSemaphore(value: 0)
            Thread {
                seen.set(message.localized); done.signal()
            }.start()
            done.wait()
            XCTAssertEqual(seen.value, message.english, "a thread not carried sees no run")
            Thread(
                block: RunScope.carried {
                    seen.set(message.localized); done.signal()
                }
            ).start()
            done.wait()
            XCTAssertEqual(seen.value, message.text(in: .simplifiedChinese), "a carried thread sees its run")
        }
        XCTAssertEqual(message.localized, message.english, "the run's language ends with the run")
    }

    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.lock(); text = value; lock.unlock() }
        var value: String { lock.lock(); defer { lock.unlock() }; return text }
    }
}
