import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Gem sources from old guides, and a gemrc that the RubyGems of macOS's system Ruby reads.
final class GemrcFirstContactTests: XCTestCase {
    let catalog = try! MirrorCatalog.bundled()

    func env(_ home: TempDirectory) -> RuntimeEnvironment {
        RuntimeEnvironment(variables: ["HOME": home.path, "PATH": "/usr/bin:/bin"], currentDirectory: home.path)
    }

    func testDeadTaobaoMirrorIsReplacedNotKeptAsPrivate() throws {
        let home = TempDirectory()
        try home.write(".gemrc", "---\n:sources:\n- https://ruby.taobao.org/\n- https://gems.private.example/\n")
        let gems = GemSources(environment: env(home), catalog: catalog)
        let plan = try gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: false)
        _ = try PlanRunner().run(plan, mode: .apply)
        XCTAssertEqual(
            String(decoding: try home.read(".gemrc"), as: UTF8.self),
            "---\n:sources:\n- https://mirrors.tuna.tsinghua.edu.cn/rubygems/\n- https://gems.private.example/\n")
        for dead in ["http://ruby.taobao.org/", "http://rubygems.org/", "http://gems.rubyforge.org/"] {
            XCTAssertNotEqual(try catalog.resolve(dead, gems: true).name, "", dead)
        }
    }

    func testNewGemrcIsTheHomeFileEveryRubyGemsReads() throws {
        let home = TempDirectory()
        let gems = GemSources(environment: env(home), catalog: catalog)
        _ = try PlanRunner().run(
            try gems.usePlan(try catalog.resolve("tuna", gems: true), bundler: false), mode: .apply)
        XCTAssertTrue(FileManager.default.fileExists(atPath: home.path + "/.gemrc"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path + "/.config/gem/gemrc"))
    }
}
