import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// `doctor`'s SwiftPM findings: packages still going to GitHub, a project `mirrors.json` hiding the user's, binary
/// targets from GitHub, and (online) a mirror with no such repository, probed on a loopback git server.
extension DoctorTests {
    func testSwiftPMFindingsFromGitHubToHiddenUserFileToMissingMirrorRepositories() throws {
        let home = TempDirectory()
        try ProcessRunner.git(["init", "-q", "--bare", home.sub("served/acme/Dep.git")])
        try makeRepo(home.sub("work"), url: home.sub("served/acme/Dep.git"))
        try ProcessRunner.git(["-C", home.sub("work"), "push", "-q", "origin", "master"])
        let server = try GitHTTPServer(root: home.sub("served"))
        defer { server.stop() }
        try home.write(
            "Pkg/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Pkg\", "
                + "dependencies: ["
                + ".package(url: \"https://github.com/acme/Dep.git\", from: \"1.0.0\"), "
                + ".package(url: \"https://github.com/acme/Gone.git\", from: \"1.0.0\")], targets: [.binaryTarget("
                + "name: \"B\", url: \"https://github.com/acme/B/releases/download/1.0/B.xcframework.zip\", "
                + "checksum: \"0\")])\n")
        let environment = RuntimeEnvironment(
            variables: ["HOME": home.path, "XDG_CONFIG_HOME": home.sub("xdg"), "PATH": "/nonexistent"],
            currentDirectory: home.path)
        var network = NetworkSettings.test()
        network.urlRewrite = SourceMirrorRules(rules: [
            InsteadOfRule(base: server.url(""), insteadOf: "https://github.com/")
        ])
        func findings(online: Bool = false) -> [Doctor.Finding] {
            var doctor = Doctor(environment: environment, catalog: catalog, checkNetwork: online, network: network)
            doctor.swiftPMProjects = [home.sub("Pkg")]
            return doctor.swiftPMChecks()
        }
        let before = findings()
        XCTAssertEqual(before.map(\.id), [.swiftpmGitHub, .swiftpmBinaryGitHub])
        XCTAssertEqual(before.first?.fix, "podmirror swiftpm use \(home.sub("Pkg"))")

        let project = try SwiftPMProject.locate(home.sub("Pkg"), environment: environment)
        let rules = network.urlRewrite
        _ = try PlanRunner().run(
            SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(project), mode: .apply)
        try home.write("xdg/swiftpm/configuration/mirrors.json", "{\"object\": [], \"version\": 1}")
        XCTAssertEqual(findings().map(\.id), [.swiftpmUserHidden, .swiftpmBinaryGitHub])

        let online = findings(online: true)
        XCTAssertEqual(online.map(\.id), [.swiftpmUserHidden, .swiftpmBinaryGitHub, .swiftpmMirrorMissing])
        let missing = try XCTUnwrap(online.last?.message)
        XCTAssertTrue(missing.contains(server.url("acme/Gone.git")), missing)
        XCTAssertFalse(missing.contains(server.url("acme/Dep.git")), "the mirror has Dep: \(missing)")

        try home.write(
            "Pkg/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Pkg\", "
                + "dependencies: ["
                + ".package(url: \"https://github.com/acme/Dep.git\", from: \"1.0.0\")])\n")
        XCTAssertEqual(findings().map(\.id), [.swiftpmUserHidden])
        try FileManager.default.removeItem(atPath: home.sub("xdg/swiftpm/configuration/mirrors.json"))
        XCTAssertEqual(findings().map(\.id), [.swiftpmFine])
        try home.write("Pkg/Package.swift", "// swift-tools-version:5.9\nimport PackageDescription\n")
        XCTAssertEqual(findings().map(\.id), [], "no package, nothing to say")
        try home.write("Pkg/.swiftpm/configuration/mirrors.json", "[]")
        XCTAssertEqual(findings().map(\.id), [.swiftpmUnreadable])
    }
}
