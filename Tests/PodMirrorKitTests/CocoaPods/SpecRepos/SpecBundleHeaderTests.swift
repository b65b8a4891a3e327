import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// The git bundle header: what is accepted, what is refused with which reason.
final class SpecBundleHeaderTests: XCTestCase {
    let a = String(repeating: "a", count: 40), b = String(repeating: "b", count: 40)

    func parse(_ text: String) throws -> SpecBundleHeader {
        try SpecBundleHeader.parse(Data(text.utf8) + Data("PACK".utf8), source: "x.bundle")
    }

    func reason(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "accepted"
        } catch { return (error as? PodMirrorFailure)?.message ?? "\(error)" }
    }

    func testV2AndV3HeadersAndTheBranchPicked() throws {
        let v2 = try parse("# v2 git bundle\n\(a) refs/heads/master\n\(a) HEAD\n\n")
        XCTAssertEqual(v2.version, 2)
        XCTAssertEqual(v2.packOffset, "# v2 git bundle\n\(a) refs/heads/master\n\(a) HEAD\n\n".utf8.count)
        XCTAssertEqual(try v2.branch(nil, source: "x").name, "master")
        let v3 = try parse(
            "# v3 git bundle\n@object-format=sha1\n\(b) refs/heads/main\n\(a) refs/heads/master\n\(b) HEAD\n\n")
        XCTAssertEqual(v3.version, 3)
        XCTAssertEqual(try v3.branch(nil, source: "x").name, "main", "the branch HEAD names")
        XCTAssertEqual(try v3.branch("master", source: "x").tip, a)
        XCTAssertThrowsError(try v3.branch("dev", source: "x"))
        let incremental = try parse("# v2 git bundle\n-\(b) base\n\(a) refs/heads/master\n\n")
        XCTAssertEqual(incremental.prerequisites, [b])
        XCTAssertEqual(
            SpecBundleHeader.v2(tip: a, branch: "master"),
            Data("# v2 git bundle\n\(a) refs/heads/master\n\(a) HEAD\n\n".utf8))
    }

    func testBadHeadersNameWhatIsWrong() {
        XCTAssertTrue(reason("PK\u{3}\u{4}zip\n").contains("the first line is not `# v2 git bundle`"))
        XCTAssertTrue(reason("").contains("empty or has no header"))
        XCTAssertTrue(reason("# v2 git bundle\n\(a) refs/heads/master\n").contains("no blank line"))
        XCTAssertTrue(
            reason("# v2 git bundle\nnot-a-commit refs/heads/master\n\n").contains("line 2 is not `<commit> <ref>`"))
        XCTAssertTrue(reason("# v2 git bundle\n\n").contains("lists no ref"))
        XCTAssertTrue(
            reason("# v3 git bundle\n@object-format=sha256\n\(a) refs/heads/master\n\n").contains("only sha1"))
        let notPack = Data("# v2 git bundle\n\(a) refs/heads/master\n\nJUNK".utf8)
        XCTAssertThrowsError(try SpecBundleHeader.parse(notPack, source: "x")) { e in
            XCTAssertTrue((e as? PodMirrorFailure)?.message.contains("no pack follows the header") == true)
        }
    }
}
