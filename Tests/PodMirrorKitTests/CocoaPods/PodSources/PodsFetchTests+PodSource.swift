import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import XCTest

/// A pod with its own `:source => 'URL'` in the Podfile is looked up in that source's repo first, as CocoaPods'
/// resolver does for a dependency with a `podspec_repo`, even when a Podfile-level source listed before it holds
/// the same name and version.
extension PodsFetchTests {
    func testPerPodSourceIsAskedBeforeThePodfileSources() throws {
        // The flat repo holds its own PMFoo 1.0.0 (other bytes), and the lockfile was made from that one.
        let otherFoo = fixture.reposDir + "/flat/PMFoo/1.0.0/PMFoo.podspec.json"
        try FileManager.default.createDirectory(
            atPath: (otherFoo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let shardedFoo = FileManager.default.contents(atPath: fixture.reposDir + "/" + fixture.specFiles["PMFoo"]!)!
        let flatFoo = shardedFoo + Data("\n".utf8)
        try flatFoo.write(to: URL(fileURLWithPath: otherFoo))
        let flatSum = Digest.hex(.sha1, Array(flatFoo))
        let text = try fixture.podfileLock()
        let lock = try fixture.writeLock(
            text.replacingOccurrences(of: "PMFoo: \(try fixture.sha1(ofSpec: "PMFoo"))", with: "PMFoo: \(flatSum)"))
        let podfile = fixture.project + "/Podfile"
        func dryRun(_ pod: String) throws -> PodFetchResult {
            let text =
                "source '\(fixture.shardedURL)'\nplatform :ios, '12.0'\n"
                + "target 'App' do\n  \(pod)\n  pod 'PMBar'\nend\n"
            try text.write(toFile: podfile, atomically: true, encoding: .utf8)
            let report = try fetcher(lock: lock, only: ["PMFoo"], strictChecksums: true).run(
                mode: .dryRun, cancellation: CancellationToken())
            return result(report, "PMFoo")
        }
        for form in [
            "pod 'PMFoo', '~> 1.0', :source => '\(fixture.unshardedURL)'",
            "pod 'PMFoo/Core', source: '\(fixture.unshardedURL)'",
        ] {
            let foo = try dryRun(form)
            XCTAssertEqual(foo.status, .missing, "\(form): \(foo)")
            XCTAssertEqual(foo.specRepo, "flat", form)
            XCTAssertEqual(
                foo.cachePath, podsDir + "/Release/PMFoo/1.0.0-\(flatSum.prefix(5))", "the entry of the flat spec")
        }
        // Without its own source, the Podfile's source comes first (and its spec is not the lock's).
        XCTAssertEqual(try dryRun("pod 'PMFoo'").errorCode, .podsSpecChecksum)
    }

    func testSourcesForAPodFollowCocoaPodsAnalyzer() throws {
        func model(_ text: String) throws -> PodfileModel { try PodfileDocument(text: text).model }
        let mixed = try model("source 'https://a/'\npod 'X', :source => 'https://x/'\npod 'Y'\n")
        XCTAssertEqual(mixed.sourceURLs(forPod: "X"), ["https://x/"])
        XCTAssertEqual(mixed.sourceURLs(forPod: "Y"), ["https://a/", "https://x/"])
        XCTAssertEqual(mixed.sourceURLs(forPod: "Transitive"), ["https://a/", "https://x/"])
        // No `source` line: trunk stays implicit, the per-pod sources follow.
        let implicit = try model("pod 'X', :source => 'https://x/'\npod 'Y'\n")
        XCTAssertEqual(implicit.sourceURLs(forPod: "Y"), ["trunk", "https://x/"])
        // Every pod with its own source: the Podfile's sources are ignored.
        let all = try model(
            "source 'https://a/'\npod 'X', :source => 'https://x/'\npod 'Z/Sub', source: 'https://z/'\n")
        XCTAssertEqual(all.sourceURLs(forPod: "Other"), ["https://x/", "https://z/"])
        XCTAssertEqual(all.sourceURLs(forPod: "Z"), ["https://z/"])
        // No per-pod source: the Podfile's sources as before (empty means trunk).
        XCTAssertEqual(try model("pod 'Y'\n").sourceURLs(forPod: "Y"), [])
    }

    /// A `:source` CocoaPods evaluates (a constant, an interpolation) is named as a Podfile problem and a pods
    /// fetch warning with its line; the pod is looked up as if it had none.
    func testPerPodSourceExpressionIsNamedAndThePodLookedUpWithoutIt() throws {
        let podfile = fixture.project + "/Podfile"
        let text =
            "MIRROR = '\(fixture.unshardedURL)'\nsource '\(fixture.shardedURL)'\nplatform :ios, '12.0'\n"
            + "target 'App' do\n  pod 'PMFoo', :source => MIRROR\n  pod 'PMBar', source: \"#{MIRROR}\"\nend\n"
        try text.write(toFile: podfile, atomically: true, encoding: .utf8)
        let model = try PodfileDocument(text: text).model
        XCTAssertEqual(model.dependencies.map(\.sourceExpression), ["MIRROR", "\"#{MIRROR}\""])
        XCTAssertEqual(model.problems.filter { $0.code == .sourceExpression }.map(\.line), [5, 6])
        // CocoaPods would use only the evaluated per-pod sources; podmirror, knowing none, asks the Podfile's.
        XCTAssertEqual(model.sourceURLs(forPod: "PMFoo"), [fixture.shardedURL])

        let lock = try fixture.writeLock(try fixture.podfileLock())
        let report = try fetcher(lock: lock, only: ["PMFoo"]).run(mode: .dryRun, cancellation: CancellationToken())
        let warnings = report.warnings.filter { $0.code == .podsSourceExpression }
        XCTAssertEqual(warnings.map(\.line), [5])
        XCTAssertEqual(
            warnings.map(\.message),
            [
                "Podfile line 5: the `:source` of pod PMFoo is `MIRROR`, which podmirror cannot read (CocoaPods "
                    + "evaluates it); its podspec is looked up in the Podfile's other sources, then in any local spec "
                    + "repo, and checked against Podfile.lock's SPEC CHECKSUMS"
            ])
        XCTAssertEqual(result(report, "PMFoo").status, .missing, "found in a local repo, checksum as locked")
        XCTAssertEqual(result(report, "PMFoo").specRepo, "sharded")
    }
}
