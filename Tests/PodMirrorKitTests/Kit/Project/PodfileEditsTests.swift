import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import PodMirrorTestSupport
import XCTest

/// `podfile source use` as the Kit plans it: the source of a local Specs copy (a repo sharing the Specs history) is
/// replaced like an official one, a private spec repo's source is kept.
final class PodfileEditsTests: XCTestCase {
    func testSourceUseReplacesALocalSpecsCopyButKeepsAPrivateSource() throws {
        let home = TempDirectory("podfile-edits")
        let served = TempDirectory("podfile-edits-served")
        let repos = home.sub("repos")
        let copyURL = "https://mirror-a.example/Specs.git"
        let target = "https://mirror-b.example/Specs.git"
        let privateURL = "https://git.example.com/private/specs.git"
        let specs = try SpecsFixture(root: served.path, name: "specs", pods: 4, commits: 2)
        let company = try SpecsFixture(root: served.path, name: "private", pods: 2, commits: 1, seed: "priv")
        for (name, bare, url) in [
            ("a", specs.bare, copyURL), ("b", specs.bare, target), ("company", company.bare, privateURL),
        ] {
            XCTAssertEqual(try ProcessRunner.git(["clone", "-q", bare, repos + "/" + name]).status, 0)
            XCTAssertEqual(
                try ProcessRunner.git(["-C", repos + "/" + name, "remote", "set-url", "origin", url]).status, 0)
        }
        let podfile = try home.write("Podfile", "source '\(copyURL)'\nsource '\(privateURL)'\n\npod 'A'\n")
        let env = RuntimeEnvironment(
            variables: ["HOME": home.path, "PATH": "/nonexistent", "LANG": "C", "CP_REPOS_DIR": repos],
            currentDirectory: home.path)
        let plan = try PodfileEdits.plan(
            [.useSource(target)], podfile: podfile, given: true, catalog: try MirrorCatalog.bundled(), environment: env)
        _ = try PlanRunner().run(plan, mode: .apply)
        XCTAssertEqual(
            try String(contentsOfFile: podfile, encoding: .utf8),
            "source '\(target)'\nsource '\(privateURL)'\n\npod 'A'\n")
    }

    func testOnlySourceUseAddsCopiesToTheCatalog() throws {
        let home = TempDirectory("podfile-edits")
        let catalog = try MirrorCatalog.bundled()
        let repos = ReposDirectory(
            environment: RuntimeEnvironment(
                variables: ["HOME": home.path, "CP_REPOS_DIR": home.sub("repos")], currentDirectory: home.path))
        let edited = try PodfileEdits.catalog(for: [.inhibitWarnings(true)], catalog: catalog, repos: repos)
        XCTAssertEqual(edited.specs.map(\.url), catalog.specs.map(\.url))
    }
}
