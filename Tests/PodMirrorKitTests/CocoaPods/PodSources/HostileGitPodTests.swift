import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Issue #20: hostile `:git` pods (repositories built here with the `git` CLI, served by a loopback smart-HTTP
/// server) through `pods fetch`. For each: the pod fails with its error code and exit status, nothing is
/// published in the cache, and `private/` (a local folder and repository the pod tries to reach) is unchanged.
final class HostileGitPodTests: XCTestCase {
    var tmp: TempDirectory!
    var server: GitHTTPServer!
    var served: String { tmp.sub("served") }
    var home: String { tmp.sub("home") }
    var privateDir: String { tmp.sub("private") }
    var pods: String { home + "/Library/Caches/CocoaPods/Pods" }

    override func setUpWithError() throws {
        tmp = TempDirectory("hostile-git")
        for d in [served, home, tmp.sub("project")] {
            try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        }
        server = try GitHTTPServer(root: served)
        try tmp.write("private/Evil.podspec.json", Self.spec("Evil"))
        try tmp.write("private/repo/secret.txt", "secret\n")
        try git(["init", "-q", "-b", "main", "."], privateDir + "/repo")
        try git(["add", "-A"], privateDir + "/repo")
        try git(["commit", "-q", "-m", "private"], privateDir + "/repo")
    }

    override func tearDown() {
        server?.stop()
        server = nil
        tmp = nil
    }

    static func spec(_ name: String, source: String = "{\"git\": \"https://example.invalid/x.git\"}") -> String {
        "{\n  \"name\": \"\(name)\",\n  \"version\": \"1.0.0\",\n  \"source\": \(source)\n}\n"
    }

    @discardableResult
    func git(_ args: [String], _ cwd: String) throws -> String {
        let env = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1", "HOME": cwd,
        ]) { $1 }
        let r = try ProcessRunner.run(ProcessRunner.which("git") ?? "/usr/bin/git", args, cwd: cwd, environment: env)
        XCTAssertEqual(r.status, 0, "git \(args): \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A repository `name` with `files`, `links` (path → target) and submodules (name → URL, each a gitlink at
    /// `sub/<name>`), served at `<server>/<name>.git`; returns its commit.
    func makeRepo(
        _ name: String, files: [String: String], links: [String: String] = [:], submodules: [String: String] = [:]
    ) throws -> String {
        let work = tmp.sub("work/" + name)
        for (path, text) in files { try tmp.write("work/\(name)/\(path)", text) }
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: work + "/" + path, withDestinationPath: target)
        }
        try git(["init", "-q", "-b", "main", "."], work)
        var modules = ""
        for (sub, url) in submodules.sorted(by: { $0.key < $1.key }) {
            modules += "[submodule \"\(sub)\"]\n\tpath = sub/\(sub)\n\turl = \(url)\n"
            try git(
                ["update-index", "--add", "--cacheinfo", "160000,\(String(repeating: "ab", count: 20)),sub/\(sub)"],
                work)
        }
        if !modules.isEmpty { try tmp.write("work/\(name)/.gitmodules", modules) }
        try git(["add", "-A"], work)
        try git(["commit", "-q", "-m", "evil"], work)
        try git(["clone", "-q", "--bare", work, served + "/\(name).git"], tmp.path)
        return try git(["rev-parse", "HEAD"], work)
    }

    /// Fetches the pod `Evil` from the repository `repo` at `commit`; returns its result.
    func fetch(repo: String, commit: String, submodules: Bool = false) throws -> PodFetchResult {
        let url = "http://127.0.0.1:\(server.port)/\(repo).git"
        let options = "    :commit: \(commit)\n    :git: \(url)\n" + (submodules ? "    :submodules: true\n" : "")
        let lock = """
            PODS:
              - Evil (1.0.0)

            DEPENDENCIES:
              - Evil (from `\(url)`, commit `\(commit)`)

            EXTERNAL SOURCES:
              Evil:
            \(options)
            CHECKOUT OPTIONS:
              Evil:
            \(options)
            """
        return try Self.runPodsFetch(lock, pods: ["Evil"], tmp: tmp, home: home).pods[0]
    }

    /// Runs `pods fetch` (apply) in the HOME `home` on a Podfile.lock of `sections` (PODS to CHECKOUT OPTIONS)
    /// followed by a `SPEC CHECKSUMS` entry for each of `pods` and the lock's trailer.
    static func runPodsFetch(
        _ sections: String, pods: [String], tmp: TempDirectory, home: String
    ) throws -> PodsFetchReport {
        let checksums = pods.map { "  \($0): 1111111111111111111111111111111111111111" }.joined(separator: "\n")
        let lock =
            sections + """
                SPEC CHECKSUMS:
                \(checksums)

                PODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567

                COCOAPODS: 1.17.0

                """
        let path = try tmp.write("project/Podfile.lock", lock)
        let env = RuntimeEnvironment(
            variables: ["HOME": home, "PATH": "/usr/bin:/bin"], currentDirectory: tmp.sub("project"))
        let fetcher = try PodsFetcher(
            request: PodsFetchRequest(
                lockfilePath: path, cocoapodsVersion: "1.17.0", network: .test(stallTimeout: 30, lockTimeout: 30),
                environment: env))
        return try fetcher.run(mode: .apply, cancellation: CancellationToken())
    }

    /// Runs the pod and checks the refusal.
    func assertRefused(
        repo: String, commit: String, submodules: Bool = false, code: ErrorCode, key: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let before = TreeSnapshot(privateDir)
        let result = try fetch(repo: repo, commit: commit, submodules: submodules)
        XCTAssertEqual(result.status, .failed, "\(result)", file: file, line: line)
        XCTAssertEqual(result.errorCode, code, "\(result)", file: file, line: line)
        XCTAssertEqual(result.exitStatus, code.exitStatus, file: file, line: line)
        if let key { XCTAssertEqual(result.errorText?.key, key, result.error ?? "", file: file, line: line) }
        let published = (FileManager.default.enumerator(atPath: pods)?.allObjects as? [String] ?? [])
            .filter { $0.hasPrefix("External") || $0.hasPrefix("Specs") || $0.hasPrefix(".podmirror-staging/") }
        XCTAssertEqual(published.filter { !$0.hasSuffix(".lock") && !["External", "Specs"].contains($0) }, [])
        XCTAssertEqual(TreeSnapshot(privateDir).differences(to: before), [], file: file, line: line)
    }

    // MARK: podspecs

    func testPodspecLinkToALocalFileIsNeverReadNorPublished() throws {
        let commit = try makeRepo(
            "linked", files: ["README": "x\n"], links: ["Evil.podspec.json": privateDir + "/Evil.podspec.json"])
        try assertRefused(repo: "linked", commit: commit, code: .podsGitUnsafeTree)
    }

    func testPodspecLinkInsideTheRepositoryIsNotFollowed() throws {
        let commit = try makeRepo(
            "inner", files: ["real.json": Self.spec("Evil")], links: ["Evil.podspec.json": "real.json"])
        try assertRefused(repo: "inner", commit: commit, code: .podsSpecUnsafe, key: "pods.spec.link")
    }

    func testPodspecLinkToDevZeroIsRefusedWithoutReadingIt() throws {
        let commit = try makeRepo("zero", files: ["README": "x\n"], links: ["Evil.podspec.json": "/dev/zero"])
        try assertRefused(repo: "zero", commit: commit, code: .podsGitUnsafeTree)
    }

    func testHugePodspecIsRefused() throws {
        let padding = String(repeating: " ", count: 5 << 20)
        let commit = try makeRepo("huge", files: ["Evil.podspec.json": Self.spec("Evil") + padding])
        try assertRefused(repo: "huge", commit: commit, code: .podsSpecUnsafe, key: "pods.spec.too-large")
    }

    func testPodspecOfAnotherPodIsRefused() throws {
        let commit = try makeRepo("other", files: ["Evil.podspec.json": Self.spec("Innocent")])
        try assertRefused(repo: "other", commit: commit, code: .podsPodspecName)
    }

    func testAPodspecNamingThePodIsPublished() throws {
        let commit = try makeRepo("good", files: ["Evil.podspec.json": Self.spec("Evil"), "a/b.txt": "b\n"])
        let result = try fetch(repo: "good", commit: commit)
        XCTAssertEqual(result.status, .fetched, "\(result)")
    }

    // MARK: submodules

    func testSubmoduleURLsGitRefusesByDefaultAreRefused() throws {
        let cases: [(String, String, String)] = [
            ("local", privateDir + "/repo", "local"),
            ("file", "file://" + privateDir + "/repo", "file"),
            // libgit2 drops a `.gitmodules` URL starting with '-' (CVE-2018-17456): the submodule's name stands in
            // for it, a local path.
            ("option", "-oProxyCommand=touch " + privateDir + "/pwned", "local"),
            ("ssh-option", "ssh://-oProxyCommand=touch%20pwned/x", "option"),
            ("ext", "ext::sh -c touch% " + privateDir + "/pwned", "scheme"),
        ]
        for (name, url, why) in cases {
            let commit = try makeRepo(
                "sub-" + name, files: ["Evil.podspec.json": Self.spec("Evil")], submodules: ["m": url])
            try assertRefused(
                repo: "sub-" + name, commit: commit, submodules: true, code: .podsGitSubmoduleURL,
                key: "pods.git.submodule-url." + why)
            let result = try fetch(repo: "sub-" + name, commit: commit, submodules: true)
            XCTAssertTrue(result.error?.contains("'m'") ?? false, result.error ?? "nil")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: privateDir + "/pwned"))
    }
}
