import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Issue #28, item 4: a podspec JSON of one object with 330,000 keys (3.5 MB, under the 4 MiB cap) never finished:
/// each key was looked up by a scan of the keys before it. It is now read in linear time, and nesting deeper than
/// JSONSerialization's own bound is refused rather than recursed into.
final class HostilePodspecJSONTests: XCTestCase {
    /// `{"name": "Evil", "version": "1.0.0", "source": {...}, "k0": 0, "k1": 0, ...}` with `keys` extra keys.
    static func wideSpec(keys: Int) -> [UInt8] {
        var text = #"{"name": "Evil", "version": "1.0.0", "source": {"git": "https://example.invalid/x.git"}"#
        text.reserveCapacity(keys * 12)
        for i in 0..<keys { text += ",\"k\(i)\":0" }
        return Array((text + "}\n").utf8)
    }

    func testThreeHundredThirtyThousandKeysParseInLinearTime() throws {
        let bytes = Self.wideSpec(keys: 330_000)
        XCTAssertLessThan(bytes.count, 4 << 20, "under the podspec size cap")
        func timed(_ bytes: [UInt8]) throws -> (PodspecJSON, TimeInterval) {
            let start = Date()
            let spec = try XCTUnwrap(PodspecJSON.parse(bytes))
            return (spec, Date().timeIntervalSince(start))
        }
        let (_, tenth) = try timed(Self.wideSpec(keys: 33_000))
        let (spec, seconds) = try timed(bytes)
        XCTAssertEqual(spec["k329999"], .number("0"))
        // Ten times the keys: about ten times the time when linear, a hundred when quadratic (which took hours at
        // this size). Measured against the tenth in the same run, so a loaded machine slows both alike.
        XCTAssertLessThan(seconds, max(tenth, 0.01) * 30, "\(seconds) s for 330,000 keys, \(tenth) s for 33,000")
        let form = spec.cocoapodsForm()
        XCTAssertEqual(form["name"], .string("Evil"))
    }

    func testARepeatedKeyKeepsItsFirstPlaceAndItsLastValue() {
        let spec = PodspecJSON.parse(Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
        XCTAssertEqual(spec, .object([.init("a", .number("3")), .init("b", .number("2"))]))
    }

    func testNestingDeeperThanTheBoundIsRefusedWithoutExhaustingAWorkerStack() {
        final class Box: @unchecked Sendable { var parsed: PodspecJSON?? }
        let box = Box()
        let deep = Array((String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)).utf8)
        let fine = Array((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)
        onFetchWorker { box.parsed = .some(PodspecJSON.parse(deep)) }
        XCTAssertEqual(box.parsed, .some(nil))
        XCTAssertNotNil(PodspecJSON.parse(fine))
    }
}

extension HostileGitPodTests {
    /// The whole path: `pods fetch` of a `:git` pod whose podspec has 330,000 keys is fetched, in seconds.
    func testAPodspecWithThreeHundredThirtyThousandKeysIsFetchedInSeconds() throws {
        let work = tmp.sub("work/wide")
        try tmp.write("work/wide/Evil.podspec.json", HostilePodspecJSONTests.wideSpec(keys: 330_000))
        try git(["init", "-q", "-b", "main", "."], work)
        try git(["add", "-A"], work)
        try git(["commit", "-q", "-m", "wide"], work)
        try git(["clone", "-q", "--bare", work, served + "/wide.git"], tmp.path)
        let commit = try git(["rev-parse", "HEAD"], work)
        let start = Date()
        let result = try fetch(repo: "wide", commit: commit)
        XCTAssertEqual(result.status, .fetched, "\(result)")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30)
    }
}

/// The same bounds for a Ruby podspec read statically from a pod's tree (`RubyPodspecReader`): nesting, and the
/// number of statements and literal items (keys are found by a scan), so neither exhausts a worker's stack nor
/// takes hours; such a podspec is left to CocoaPods with the reason.
final class HostileRubyPodspecTests: XCTestCase {
    func podspec(_ body: String) -> [UInt8] { Array("Pod::Spec.new do |s|\n\(body)\nend\n".utf8) }

    func testDeeplyNestedLiteralsAreLeftToCocoaPodsWithoutACrash() {
        final class Box: @unchecked Sendable { var reason: String? }
        let box = Box()
        let deep = podspec("  s.x = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        onFetchWorker {
            if case .failure(let why) = RubyPodspecReader.read(deep) { box.reason = why.message.english }
        }
        XCTAssertTrue(box.reason?.contains("nested deeper") ?? false, box.reason ?? "read")
    }

    func testTensOfThousandsOfStatementsOrKeysAreRefusedAtOnce() {
        let statements = podspec((0..<20_000).map { "  s.a\($0) = 1" }.joined(separator: "\n"))
        let keys = podspec("  s.x = { " + (0..<20_000).map { "'k\($0)' => 1" }.joined(separator: ", ") + " }")
        let start = Date()
        for (bytes, words) in [(statements, "statements"), (keys, "keys")] {
            guard case .failure(let why) = RubyPodspecReader.read(bytes) else { return XCTFail("read \(words)") }
            XCTAssertTrue(why.message.english.contains("more than 5000 \(words)"), why.message.english)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)
    }
}
