import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Every file-system step of a plan is made to fail in turn (FaultyFileSystem), in-process, so the
/// failure paths run in CI whatever the user (root ignores read-only modes). After a transient fault
/// the HOME folder must be byte-identical; after a persistent one (the disk stays full, so undo fails
/// too) every file that differs must be reported as applied and not rolled back.
final class FaultInjectionTests: XCTestCase {
    typealias PlanBuilder = (RuntimeEnvironment) throws -> Plan

    /// Runs the plan with a fault at every mutating step in turn until one run gets through.
    func sweep(
        _ name: String, setUp: (TempDirectory) throws -> Void, plan build: PlanBuilder,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for persistent in [false, true] {
            var step = 0
            while true {
                let home = TempDirectory()
                try setUp(home)
                let before = TreeSnapshot(home.path)
                let fs = FaultyFileSystem(failAt: step, persistent: persistent)
                let env = RuntimeEnvironment(
                    variables: ["HOME": home.path, "XDG_CONFIG_HOME": home.sub(".config")],
                    currentDirectory: home.path, fileSystem: fs)
                var label: String {
                    "\(name), fault at step \(step)\(persistent ? " and after" : "") "
                        + "[\(fs.log.joined(separator: ", "))]"
                }
                let plan: Plan
                do { plan = try build(env) } catch {
                    // A fault while planning (a scratch copy): nothing may have been touched.
                    XCTAssertEqual(before.differences(to: TreeSnapshot(home.path)), [], label, file: file, line: line)
                    step += 1
                    continue
                }
                do {
                    _ = try PlanRunner().run(plan, mode: .apply)
                    // Got through: the fault came after the last step, or hit a best-effort cleanup
                    // (removing a scratch folder), which may be ignored; nothing else may be.
                    if step >= fs.mutations { break }
                    let swallowed = fs.log.filter { $0.hasSuffix("[fault]") }
                    XCTAssertTrue(
                        swallowed.allSatisfy { $0.hasPrefix("remove ") }, "\(label): a fault was swallowed", file: file,
                        line: line)
                } catch let failure as PlanFailure {
                    let after = TreeSnapshot(home.path)
                    XCTAssertTrue(
                        failure.message.contains("No space left on device"), "\(label): \(failure.message)", file: file,
                        line: line)
                    XCTAssertEqual(after.leftovers, [], label, file: file, line: line)
                    let differences = before.differences(to: after)
                    if persistent {
                        let unrolled = failure.report.changes.filter(\.applied).map(\.subject)
                        // Where even removing fails, an empty folder podmirror created may stay; a file may
                        // differ only when the report says its change was left applied.
                        for difference in differences
                        where !(difference.hasPrefix("added ") && difference.hasSuffix(": directory mode 755")) {
                            XCTAssertTrue(
                                unrolled.contains { difference.contains(($0 as NSString).lastPathComponent) },
                                "\(label): \(difference) is not reported as left applied (\(unrolled))", file: file,
                                line: line)
                        }
                    } else {
                        XCTAssertEqual(
                            differences, [], "\(label): a transient fault must leave the previous state", file: file,
                            line: line)
                    }
                }
                step += 1
                if step > 50 { XCTFail("\(name): no run got through", file: file, line: line); break }
            }
            if !persistent {
                XCTAssertGreaterThan(step, 1, "\(name): the plan should take several steps", file: file, line: line)
            }
        }
    }

    func testGemsSourceUseWithBundlerSurvivesAFaultAtEveryStep() throws {
        try sweep(
            "gems source use --bundler, files exist",
            setUp: { home in
                try home.write(".gemrc", "---\n:sources:\n- https://rubygems.org/\n- https://gems.private.example/\n")
                try home.write(".bundle/config", "---\nBUNDLE_JOBS: \"4\"\n")
            },
            plan: { env in
                let catalog = try MirrorCatalog.bundled()
                return try GemSources(environment: env, catalog: catalog).usePlan(
                    catalog.resolve("tuna", gems: true), bundler: true)
            })
    }

    func testGemsSourceUseCreatingNewFilesSurvivesAFaultAtEveryStep() throws {
        // No gemrc and no Bundler config: folders and files are created, and must all go on failure.
        try sweep(
            "gems source use --bundler, nothing exists", setUp: { _ in },
            plan: { env in
                let catalog = try MirrorCatalog.bundled()
                return try GemSources(environment: env, catalog: catalog).usePlan(
                    catalog.resolve("ruby-china", gems: true), bundler: true)
            })
    }

    func testGitconfigInsteadOfUseSurvivesAFaultAtEveryStep() throws {
        try sweep(
            "gitconfig insteadof use, both global files",
            setUp: { home in
                try home.write(".gitconfig", "[user]\n\tname = Someone\n")
                try home.write(
                    ".config/git/config",
                    "[url \"https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git\"]\n"
                        + "\tinsteadOf = https://github.com/CocoaPods/Specs.git\n[podmirror]\n"
                        + "\tinsteadOfMirror = https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git\n"
                )
            },
            plan: { env in
                let catalog = try MirrorCatalog.bundled()
                return try InsteadOfRules(environment: env, catalog: catalog).usePlan(
                    catalog.resolve("bfsu", gems: false))
            })
    }

    func testAtomicWriteFailureKeepsOldBytesModeAndLink() throws {
        // The real atomic write, failing for real: a folder that cannot take the temp file (a file in its place).
        let dir = TempDirectory()
        let target = try dir.write("real/Podfile", "platform :ios, '12.0'\n")
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: dir.sub("Podfile"), withDestinationPath: "real/Podfile")
        let before = TreeSnapshot(dir.path)
        let fs = LocalFileSystem()
        XCTAssertThrowsError(try fs.writeAtomically(Array("new".utf8), to: dir.sub("Podfile/x"), defaultMode: 0o644)) {
            error in
            XCTAssertTrue("\(error)".contains("Podfile"), "\(error)")
        }
        try fs.writeAtomically(Array("platform :ios, '13.0'\n".utf8), to: dir.sub("Podfile"), defaultMode: 0o644)
        let after = TreeSnapshot(dir.path)
        XCTAssertEqual(after.entries["Podfile"], .symlink(target: "real/Podfile"))
        XCTAssertEqual(before.differences(to: after).count, 1, "\(before.differences(to: after))")
        XCTAssertTrue(after.entries["real/Podfile"]?.description.hasPrefix("file mode 640") == true)
        XCTAssertEqual(after.leftovers, [])
    }
}
