import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// `setup --swiftpm PATH`: the project's `mirrors.json` in the same plan as the source mirrors it names.
extension SetupPlanTests {
    func testSwiftPMProjectsGetTheSourceMirrorsOfTheSamePlanAndASecondRunChangesNothing() throws {
        let home = TempDirectory()
        try home.write(
            "Pkg/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Pkg\", "
                + "dependencies: [.package(url: \"https://github.com/onevcat/Kingfisher.git\", from: \"7.0.0\")])\n")
        var request = SetupRequest()
        request.sourceMirrors = [InsteadOfRule(base: "https://m.example/gh/", insteadOf: "https://github.com/")]
        request.swiftPMProjects = [home.sub("Pkg")]
        var setup = setup(home)
        setup.environment.variables["GIT_CONFIG_NOSYSTEM"] = "1"
        let plan = try setup.plan(request, verify: false)
        XCTAssertEqual(plan.changes.map(\.kind), [.gitconfigEdit, .swiftpmMirrorsEdit])
        _ = try PlanRunner().run(plan, mode: .apply)
        let written = try SwiftPMMirrorsFile.read(
            home.sub("Pkg/.swiftpm/configuration/mirrors.json"), fileSystem: LocalFileSystem())
        XCTAssertEqual(
            written.mirror(for: "https://github.com/onevcat/Kingfisher"), "https://m.example/gh/onevcat/Kingfisher")

        // Later runs take the rule from git's config, where the first run wrote it.
        setup.network.urlRewrite = try SourceMirrorRules.load(environment: setup.environment)
        XCTAssertFalse(try PlanRunner().run(setup.plan(request, verify: false), mode: .check).hasDrift)
        request.sourceMirrors = []
        XCTAssertFalse(try PlanRunner().run(setup.plan(request, verify: false), mode: .check).hasDrift)
    }
}
