import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// A pod whose GitHub download fails with no source mirror applying to it says how to add one (`remedy`, text and
/// JSON); behind a source mirror, or on another host, it does not. GitHub is never reached: the https proxy is a
/// closed loopback port, so every https transfer fails as an unreachable host does.
final class PodsFetchGitHubRemedyTests: PodSourcesServedTestCase {
    override var prefix: String { "pods-github-remedy" }

    var variables: [String: String] {
        let closed = "http://127.0.0.1:9"
        return [
            "HOME": fixture.home, "PATH": "/usr/bin:/bin", "LANG": "C", "GIT_CONFIG_NOSYSTEM": "1",
            "https_proxy": closed, "HTTPS_PROXY": closed,
        ]
    }

    func run(lock: String, only: [String], mirrors: [InsteadOfRule] = []) throws -> PodsFetchReport {
        let env = RuntimeEnvironment(variables: variables, currentDirectory: fixture.project)
        var network = NetworkSettings.test(stallTimeout: 10, lockTimeout: 10)
        network.urlRewrite = SourceMirrorRules(rules: mirrors)
        network.proxy = ProxySettings(environment: variables)
        let request = PodsFetchRequest(
            lockfilePath: lock, only: only, jobs: 4, cocoapodsVersion: "1.17.0", network: network, environment: env)
        return try PodsFetcher(request: request).run(mode: .apply, cancellation: CancellationToken())
    }

    /// `podmirror ARGS` in-process: exit status, stdout, stderr.
    func cli(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let out = InProcessCommandTests.Capture()
        let err = InProcessCommandTests.Capture()
        let console = Console(
            stdout: .init { out.append($0) }, stderr: .init { err.append($0) }, environment: variables)
        let status = PodmirrorMain.run(
            arguments, environment: RuntimeEnvironment(variables: variables, currentDirectory: fixture.project),
            console: console)
        return (status, out.text, err.text)
    }

    func pod(_ report: PodsFetchReport, _ name: String) -> PodFetchResult { report.pods.first { $0.name == name }! }

    func json(_ result: PodFetchResult) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
    }

    func testFailedGitPodOnGitHubWithoutASourceMirrorNamesTheCommandsThatAddOne() throws {
        let lock = try fixture.writeLock(
            try fixture.podfileLock(gitURLOverride: ["PMGitA": "https://github.com/pm/PMGitA.git"]))
        let bare = pod(try run(lock: lock, only: ["PMGitA"]), "PMGitA")
        XCTAssertEqual(bare.status, .failed, "\(bare)")
        XCTAssertEqual(bare.exitStatus, .network, "\(bare)")
        let remedy = try XCTUnwrap(bare.remedy, "\(bare)")
        XCTAssertTrue(remedy.contains("`podmirror setup --source-mirror https://github.com/=MIRROR_PREFIX`"), remedy)
        XCTAssertTrue(remedy.contains("`podmirror gitconfig insteadof add https://github.com/ MIRROR_PREFIX`"), remedy)
        XCTAssertEqual(try json(bare)["remedy"] as? String, remedy)
        RunScope.current.with(language: .simplifiedChinese).run {
            XCTAssertTrue(bare.localizedRemedy?.contains("源码镜像") ?? false, bare.localizedRemedy ?? "nil")
        }

        // The command: a hint line under the failed pod in text, `remedy` on the pod in JSON.
        let text = cli(["pods", "fetch", "--only", "PMGitA"])
        XCTAssertEqual(text.status, 1, text.err)
        XCTAssertTrue(text.err.contains("hint: " + remedy), text.err)
        let printed = cli(["pods", "fetch", "--only", "PMGitA", "--json"])
        let object = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(printed.out.utf8)) as? [String: Any], printed.out)
        let pods = try XCTUnwrap(object["pods"] as? [[String: Any]])
        XCTAssertEqual(pods.first?["remedy"] as? String, remedy)

        // Behind a source mirror (down too): the failure names the mirror, no hint.
        let mirrored = pod(
            try run(
                lock: lock, only: ["PMGitA"],
                mirrors: [InsteadOfRule(base: "http://127.0.0.1:9/gh/", insteadOf: "https://github.com/")]),
            "PMGitA")
        XCTAssertEqual(mirrored.status, .failed, "\(mirrored)")
        XCTAssertNil(mirrored.remedy)
        XCTAssertTrue(try json(mirrored)["remedy"] is NSNull)

        // Another host: the same commands for its prefix, without GitHub's words (#29 item 9: no pod failure
        // hinted at a source mirror on any other host).
        let other = try fixture.writeLock(
            try fixture.podfileLock(gitURLOverride: ["PMGitA": "https://gitlab.com/pm/PMGitA.git"]))
        let gitlab = pod(try run(lock: other, only: ["PMGitA"]), "PMGitA")
        XCTAssertEqual(gitlab.status, .failed, "\(gitlab)")
        let hint = try XCTUnwrap(gitlab.remedy, "\(gitlab)")
        XCTAssertTrue(hint.contains("`podmirror setup --source-mirror https://gitlab.com/=MIRROR_PREFIX`"), hint)
        XCTAssertTrue(hint.contains("`podmirror gitconfig insteadof add https://gitlab.com/ MIRROR_PREFIX`"), hint)
        XCTAssertFalse(hint.contains("China"), hint)
        XCTAssertEqual(try json(gitlab)["remedy"] as? String, hint)
    }

    func testFailedHTTPPodOnCodeloadGetsTheHintForItsHost() throws {
        _ = try fixture.addArchivePods(archiveBase: "https://codeload.github.com/pm/dl")
        let lock = try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMHttp", "1.0.0")]))
        let http = pod(try run(lock: lock, only: ["PMHttp"]), "PMHttp")
        XCTAssertEqual(http.status, .failed, "\(http)")
        let remedy = try XCTUnwrap(http.remedy, "\(http)")
        XCTAssertTrue(remedy.contains("gitconfig insteadof add https://codeload.github.com/ MIRROR_PREFIX"), remedy)
    }

    func testGitHubPrefixOfEachURLForm() {
        XCTAssertEqual(SourceMirrorHint.githubPrefix("https://tok@GitHub.com/o/r.git"), "https://github.com/")
        XCTAssertEqual(SourceMirrorHint.githubPrefix("git@github.com:o/r.git"), "git@github.com:")
        XCTAssertEqual(
            SourceMirrorHint.githubPrefix("https://raw.githubusercontent.com/o/r/x.podspec"),
            "https://raw.githubusercontent.com/")
        XCTAssertNil(SourceMirrorHint.githubPrefix("https://github.com.evil.example/o/r.git"))
        XCTAssertNil(SourceMirrorHint.githubPrefix("https://gitee.com/o/r.git"))
    }
}
