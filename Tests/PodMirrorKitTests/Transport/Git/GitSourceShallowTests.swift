@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// A pod's git source is fetched as CocoaPods' `git clone --depth 1 --branch` fetches it: on every libgit2 (before
/// 1.7 through podmirror's own smart-HTTP fetch) only the revision's last commit travels (bytes counted by the
/// loopback server, git's own shallow fetch of the same revision the reference); a commit libgit2 does not ask
/// for by its id comes with the full history, and `--verbose` says so. The content is the reference checkout's,
/// byte for byte, either way.
final class GitSourceShallowTests: XCTestCase {
    var tmp: TempDirectory!
    var pod: LongHistoryRepo!

    override func setUpWithError() throws {
        tmp = TempDirectory("shallow-pod")
        pod = try LongHistoryRepo(root: tmp.sub("served"), name: "Long")
    }

    override func tearDown() {
        tmp = nil
    }

    /// The reference tree: a full `git clone` of the bare repo checked out at `rev`, without `.git`.
    func reference(_ rev: String) throws -> String {
        let dest = tmp.sub("ref-\(UUID().uuidString.prefix(6))")
        XCTAssertEqual(try ProcessRunner.git(["clone", "-q", pod.path, dest]).status, 0)
        XCTAssertEqual(try ProcessRunner.git(["-C", dest, "checkout", "-q", rev]).status, 0)
        try FileManager.default.removeItem(atPath: dest + "/.git")
        return dest
    }

    /// Pack bytes the server sends for `body`.
    func bytes(_ server: GitHTTPServer, _ body: () throws -> Void) rethrows -> Int {
        let before = server.bytesSent
        try body()
        return server.bytesSent - before
    }

    func fetch(_ url: String, _ revision: GitSourceFetcher.Revision) throws -> String {
        let dest = tmp.sub("pm-\(UUID().uuidString.prefix(6))")
        _ = try GitSourceFetcher.fetch(
            url: url, revision: revision, submodules: false, into: dest, options: TransferOptions(network: .test()))
        return dest
    }

    func testTagBranchAndCommitMoveOnlyTheirLastCommitLikeGitCloneDepth1() throws {
        // The server says it sends any reachable commit by its id (libgit2 asks only a server that says so).
        let allow = try ProcessRunner.git(["-C", pod.path, "config", "uploadpack.allowReachableSHA1InWant", "true"])
        XCTAssertEqual(allow.status, 0)
        let server = try GitHTTPServer(root: tmp.sub("served"))
        defer { server.stop() }
        let url = server.url("Long.git")
        let full = try bytes(server) {
            XCTAssertEqual(try ProcessRunner.git(["clone", "-q", "--bare", url, tmp.sub("full.git")]).status, 0)
        }
        let recorder = RecordingTrace()
        try RunScope.current.with(trace: recorder).run {
            let middle = pod.commits[pod.commits.count / 2]
            let cases: [(GitSourceFetcher.Revision, [String], String)] = [
                (.tag("1.0.0"), ["clone", "-q", "--depth", "1", "--branch", "1.0.0", url], pod.taggedCommit),
                (.branch("release"), ["clone", "-q", "--depth", "1", "--branch", "release", url], pod.commits.last!),
                (.commit(middle), [], middle),
            ]
            for (revision, gitArgs, commit) in cases {
                let gitBytes: Int
                if gitArgs.isEmpty {
                    // git's own shallow fetch of an unadvertised commit (protocol v2 allows it).
                    let dest = tmp.sub("git-\(commit.prefix(8))")
                    XCTAssertEqual(try ProcessRunner.git(["init", "-q", dest]).status, 0)
                    gitBytes = try bytes(server) {
                        let r = try ProcessRunner.git(["-C", dest, "fetch", "-q", "--depth", "1", url, commit])
                        XCTAssertEqual(r.status, 0, r.stderr)
                    }
                } else {
                    gitBytes = try bytes(server) {
                        let r = try ProcessRunner.git(gitArgs + [tmp.sub("git-\(commit.prefix(8))")])
                        XCTAssertEqual(r.status, 0, r.stderr)
                    }
                }
                var dest = ""
                let moved = try bytes(server) { dest = try fetch(url, revision) }
                XCTAssertLessThanOrEqual(
                    Double(moved), 1.5 * Double(gitBytes), "\(revision): \(moved) bytes vs git's \(gitBytes)")
                XCTAssertLessThan(moved * 10, full, "\(revision): \(moved) bytes vs the full history's \(full)")
                XCTAssertEqual(
                    TreeSnapshot(dest).differences(to: TreeSnapshot(try reference(commit))), [], "\(revision)")
            }
            XCTAssertEqual(recorder.events.filter { if case .gitCommitRefused = $0 { true } else { false } }, [])
        }
    }

    func testCommitTheServerWillNotSendByIdComesWithFullHistoryAndVerboseSaysSo() throws {
        // git's default: no `allow-reachable-sha1-in-want` in the protocol v0 advertisement; libgit2 then does not
        // ask for a commit by its id.
        let server = try GitHTTPServer(root: tmp.sub("served"))
        defer { server.stop() }
        let recorder = RecordingTrace()
        try RunScope.current.with(trace: recorder).run {
            let middle = pod.commits[pod.commits.count / 2]
            let url = server.url("Long.git")
            let dest = try fetch(url, .commit(middle))
            XCTAssertEqual(TreeSnapshot(dest).differences(to: TreeSnapshot(try reference(middle))), [])
            let refused = recorder.events.compactMap { event -> String? in
                guard case .gitCommitRefused(let url, let commit, _) = event else { return nil }
                return "\(url) \(commit)"
            }
            if Libgit2.supportsShallow {
                XCTAssertEqual(refused, ["\(url) \(middle)"])
            } else {
                // podmirror's own fetch asks for it as `git fetch --depth 1 URL SHA` does, and git's http-backend
                // sends any commit its refs reach over stateless HTTP: one commit deep, nothing refused.
                XCTAssertEqual(refused, [])
            }
        }
    }
}
