import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// A gem mirror setup refuses points at `mirror test --gems`, which ranks gem mirrors (`mirror test` alone ranks
/// Specs mirrors).
final class MirrorVerifyRemedyTests: XCTestCase {
    func testAnUnhealthyGemMirrorsHintNamesMirrorTestGems() {
        let probe = MirrorProbe(network: .test(), timeout: 2)
        let gems = Mirror(name: "", kind: .gems, url: "http://127.0.0.1:9/rubygems/", notes: "")
        XCTAssertThrowsError(try probe.verify(gems)) { error in
            let e = error as? PodMirrorFailure
            XCTAssertEqual(e?.code, .mirrorUnhealthy)
            XCTAssertTrue(
                e?.remedy?.contains("podmirror mirror test --gems") == true, "\(String(describing: e?.remedy))")
        }
    }
}
