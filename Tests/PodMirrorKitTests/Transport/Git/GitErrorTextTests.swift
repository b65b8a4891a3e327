@testable import PodMirrorCLI
@testable import PodMirrorFoundation
@testable import PodMirrorTransport
import XCTest

/// A transfer's error read in zh-Hans: the operation and the mirror's `(for URL)` in Chinese; JSON's English kept.
final class GitErrorTextTests: XCTestCase {
    func testTheOperationAndTheRewrittenSubjectAreLocalized() {
        let zh = RunScope.current.with(language: .simplifiedChinese)
        let subject = GitTransfer.subject("https://github.com/a/b.git", connectingTo: "http://127.0.0.1:1/a/b.git")
        let error = GitError(.transport, operation: "connect to", subject: subject, cause: "failed to connect")
        XCTAssertEqual(
            zh.run { error.text?.localized },
            "连接 http://127.0.0.1:1/a/b.git（代替 https://github.com/a/b.git） 失败：failed to connect")
        XCTAssertEqual(
            error.message,
            "connect to http://127.0.0.1:1/a/b.git (for https://github.com/a/b.git) failed: failed to connect")
        XCTAssertEqual(error.text?.localized, error.message)
        // An operation of local repository work stays git's verb; a subject without a mirror stays as it is.
        let local = GitError(.repository, operation: "diff trees in", subject: "/tmp/x", cause: "c")
        XCTAssertEqual(zh.run { local.text?.localized }, "diff trees in /tmp/x 失败：c")
    }

    /// A server libgit2 cannot reach: its words framed in Chinese ("无法连接服务器（…）"), kept as they are in English.
    func testAnUnreachableServerIsSaidInChinese() throws {
        let zh = RunScope.current.with(language: .simplifiedChinese)
        XCTAssertThrowsError(
            try GitTransfer.listRemote(
                url: "http://127.0.0.1:9/x.git", options: TransferOptions(network: .test(stallTimeout: 5)))
        ) { error in
            let git = error as? GitError
            XCTAssertTrue(zh.run { git?.text?.localized }?.contains("失败：无法连接服务器（") ?? false, "\(error)")
            XCTAssertFalse(git?.message.contains("无法") ?? true, "\(error)")
        }
    }
}
