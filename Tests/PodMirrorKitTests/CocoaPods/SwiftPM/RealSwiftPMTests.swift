import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// The `mirrors.json` podmirror writes, read by this machine's real SwiftPM: `swift package config get-mirror` and a
/// `swift package resolve` that can reach only the loopback mirror (every other host goes to a closed proxy port, so
/// github.com is unreachable). SwiftPM runs with a temporary HOME, XDG_CONFIG_HOME and cache, never the machine's.
final class RealSwiftPMTests: XCTestCase {
    let root = TempDirectory("podmirror-swiftpm")

    func swift() throws -> String {
        guard let swift = ProcessRunner.which("swift") else { throw XCTSkip("`swift` is not on PATH") }
        return swift
    }

    /// SwiftPM's and git's environment: temporary homes, no git config of the machine, everything but 127.0.0.1
    /// through a proxy that refuses connections.
    var variables: [String: String] {
        [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": root.sub("home"),
            "XDG_CONFIG_HOME": root.sub("xdg"), "XDG_CACHE_HOME": root.sub("cache"), "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0", "http_proxy": "http://127.0.0.1:9",
            "https_proxy": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9", "ALL_PROXY": "http://127.0.0.1:9",
            "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1",
        ]
    }

    func run(_ swift: String, _ arguments: [String], in folder: String) throws -> ProcessResult {
        try ProcessRunner.run(swift, arguments, cwd: folder, environment: variables)
    }

    func git(_ arguments: [String], _ folder: String) throws {
        let result = try ProcessRunner.run(
            ProcessRunner.which("git") ?? "/usr/bin/git",
            ["-c", "user.name=t", "-c", "user.email=t@example.invalid"] + arguments, cwd: folder, environment: variables
        )
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTheFileIsWrittenAsSwiftPMWritesItAndReadByGetMirror() throws {
        let swift = try swift()
        try root.write(
            "P/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n")
        let set = try run(
            swift,
            [
                "package", "config", "set-mirror", "--original", "https://github.com/a/Foo.git", "--mirror",
                "http://127.0.0.1:1/mirror/a/Foo.git",
            ], in: root.sub("P"))
        XCTAssertEqual(set.status, 0, set.stderr)
        let path = root.sub("P/.swiftpm/configuration/mirrors.json")
        let theirs = try root.read("P/.swiftpm/configuration/mirrors.json")
        let read = try SwiftPMMirrorsFile.read(path, fileSystem: LocalFileSystem())
        XCTAssertEqual(SwiftPMMirrorsFile.render(read.entries), theirs, "byte for byte what SwiftPM writes")

        let entries = [
            SwiftPMMirrorsFile.Entry(original: "https://github.com/b/Bar", mirror: "http://127.0.0.1:1/m/b/Bar")
        ]
        try root.write("P/.swiftpm/configuration/mirrors.json", SwiftPMMirrorsFile.render(read.entries + entries))
        let get = try run(
            swift, ["package", "config", "get-mirror", "--original", "https://github.com/b/Bar"], in: root.sub("P"))
        XCTAssertEqual(get.status, 0, get.stderr)
        XCTAssertEqual(get.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "http://127.0.0.1:1/m/b/Bar")
    }

    /// A tiny package `Dep`, tagged 1.0.0, served GitHub-shaped on loopback as `<server>/acme/<name>.git` for each
    /// name; and the package `App` that depends on `https://github.com/acme/Dep.git`.
    func serveDep(as names: [String]) throws -> GitHTTPServer {
        let work = root.sub("work/Dep")
        try root.write(
            "work/Dep/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Dep\", "
                + "products: [.library(name: \"Dep\", targets: [\"Dep\"])], targets: [.target(name: \"Dep\")])\n")
        try root.write("work/Dep/Sources/Dep/Dep.swift", "public let dep = 1\n")
        try git(["init", "-q", "-b", "main", "."], work)
        try git(["add", "-A"], work)
        try git(["commit", "-q", "-m", "initial"], work)
        try git(["tag", "1.0.0"], work)
        try FileManager.default.createDirectory(atPath: root.sub("served/acme"), withIntermediateDirectories: true)
        for name in names { try git(["clone", "-q", "--bare", work, root.sub("served/acme/\(name).git")], work) }
        try root.write(
            "App/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", dependencies: "
                + "[.package(url: \"https://github.com/acme/Dep.git\", from: \"1.0.0\")], targets: [.target(name: "
                + "\"App\", dependencies: [.product(name: \"Dep\", package: \"Dep\")])])\n")
        try root.write("App/Sources/App/App.swift", "import Dep\n")
        return try GitHTTPServer(root: root.sub("served"))
    }

    func testResolveFetchesOnlyFromTheMirrorAndPackageResolvedKeepsTheOriginalURL() throws {
        let swift = try swift()
        let server = try serveDep(as: ["Dep"])
        defer { server.stop() }
        let app = root.sub("App")
        let unreachable = try run(swift, ["package", "resolve"], in: app)
        XCTAssertNotEqual(unreachable.status, 0, "github.com must be out of reach: \(unreachable.stdout)")

        let environment = RuntimeEnvironment(variables: variables, currentDirectory: app)
        let rules = SourceMirrorRules(rules: [
            InsteadOfRule(base: server.url(""), insteadOf: "https://github.com/")
        ])
        let project = try SwiftPMProject.locate(nil, environment: environment)
        _ = try PlanRunner().run(
            SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(project), mode: .apply)

        let resolved = try run(swift, ["package", "resolve"], in: app)
        XCTAssertEqual(resolved.status, 0, resolved.stdout + resolved.stderr)
        XCTAssertTrue(
            (resolved.stdout + resolved.stderr).contains(server.url("acme/Dep.git")), resolved.stdout + resolved.stderr)
        let pins = try root.read("App/Package.resolved")
        let text = String(decoding: pins, as: UTF8.self)
        XCTAssertTrue(text.contains("\"location\" : \"https://github.com/acme/Dep.git\""), text)
        XCTAssertTrue(text.contains("\"identity\" : \"dep\""), text)

        // Again from nothing but Package.resolved: it stays byte for byte.
        try FileManager.default.removeItem(atPath: root.sub("App/.build"))
        let again = try run(swift, ["package", "resolve"], in: app)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual(try root.read("App/Package.resolved"), pins)
    }

    func testAMirrorUnderAnotherNameRenamesThePackageWhichIsWhySwiftPMUseWritesNoEntry() throws {
        let swift = try swift()
        let server = try serveDep(as: ["Other"])
        defer { server.stop() }
        let app = root.sub("App")
        let environment = RuntimeEnvironment(variables: variables, currentDirectory: app)
        let rules = SourceMirrorRules(rules: [
            InsteadOfRule(base: server.url("acme/Other.git"), insteadOf: "https://github.com/acme/Dep.git")
        ])
        let plan = try SwiftPMMirrorPlanner(environment: environment, rules: rules)
            .plan(SwiftPMProject.locate(nil, environment: environment))
        XCTAssertEqual(plan.warnings.map(\.code), [.swiftpmNameDiffers])
        XCTAssertFalse(plan.changes.contains(where: \.isNeeded))

        // Written by hand, the entry works, but SwiftPM names the package after the mirror.
        let entry = SwiftPMMirrorsFile.Entry(
            original: "https://github.com/acme/Dep.git", mirror: server.url("acme/Other.git"))
        try root.write("App/.swiftpm/configuration/mirrors.json", SwiftPMMirrorsFile.render([entry]))
        let resolved = try run(swift, ["package", "resolve"], in: app)
        let pins = String(decoding: (try? root.read("App/Package.resolved")) ?? [], as: UTF8.self)
        XCTAssertEqual(resolved.status, 0, resolved.stderr)
        XCTAssertTrue(pins.contains("\"identity\" : \"other\""), "SwiftPM kept the package's name after all: \(pins)")
    }
}
