import Foundation
import PodMirrorTestSupport
import XCTest

/// A test case with pod sources served over git smart HTTP on loopback (`PodSourcesFixture.served`): a fresh temp
/// folder, server and fixture per test, named after `prefix`.
class PodSourcesServedTestCase: XCTestCase {
    var tmp: TempDirectory!
    var server: GitHTTPServer!
    var fixture: PodSourcesFixture!

    /// The temp folder's prefix.
    var prefix: String { "pod-sources" }

    override func setUpWithError() throws {
        (tmp, server, fixture) = try PodSourcesFixture.served(prefix)
    }

    override func tearDown() {
        server?.stop()
        server = nil
        tmp = nil
    }
}
