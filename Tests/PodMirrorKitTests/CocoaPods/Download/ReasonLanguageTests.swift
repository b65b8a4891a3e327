import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The reasons the system, libcurl and libgit2 give, read in Chinese: the whole sentence in the reader's
/// language, while the English (JSON) keeps each library's own words byte for byte.
final class ReasonLanguageTests: XCTestCase {
    static func hasLatinWord(_ text: String) -> Bool {
        text.split(whereSeparator: { !$0.isLetter || !$0.isASCII }).contains { $0.count > 2 }
    }

    func testTheSystemsReasonForAFileIsTranslatedAndItsEnglishKept() {
        let dir = TempDirectory()
        do {
            _ = try LocalFileSystem().readFile(dir.sub("missing"))
            XCTFail("read a missing file")
        } catch let error as FileError {
            XCTAssertTrue(error.message.hasSuffix(": No such file or directory"), error.message)
            let zh = error.text?.text(in: .simplifiedChinese) ?? ""
            XCTAssertTrue(zh.hasSuffix("：文件或文件夹不存在"), zh)
            XCTAssertFalse(zh.contains("No such"), zh)
        } catch { XCTFail("\(error)") }
        // An error the catalog does not know keeps the system's words in every language.
        let other = FileError.errno("/x", .write, EDOM)
        XCTAssertEqual(other.text?.text(in: .simplifiedChinese), "无法写入 /x：\(String(cString: strerror(EDOM)))")
    }

    func testAFoundationFailureIsSaidThroughItsPOSIXCause() {
        let dir = TempDirectory()
        XCTAssertThrowsError(try LocalFileSystem().contentsOfDirectory(dir.sub("none"))) { error in
            let file = error as? FileError
            XCTAssertEqual(file?.reasonText?.key, "system.errno.ENOENT", "\(error)")
            XCTAssertEqual(file?.reasonText?.english, file?.reason)
        }
    }

    /// A pod's archive from a server that refuses the connection, through a source mirror: libcurl's reason,
    /// the attempts and the mirror's `(for URL)` all in Chinese; the English is libcurl's own.
    func testAFailedDownloadThroughAMirrorIsSaidInChinese() throws {
        let dir = TempDirectory()
        var source = HTTPSource(url: "http://127.0.0.1:9/a.zip")
        source.declaredURL = "https://github.com/a/a/archive/1.0.zip"
        let options = DownloadOptions(network: .test(stallTimeout: 5), retries: 0, retryDelay: 0)
        XCTAssertThrowsError(
            try HTTPSourceDownloader.fetch(source, into: dir.sub("out"), scratch: dir.path, options: options)
        ) { error in
            guard let error = error as? HTTPSourceError else { return XCTFail("\(error)") }
            let zh = error.text?.text(in: .simplifiedChinese) ?? ""
            XCTAssertTrue(zh.contains("（代替 https://github.com/a/a/archive/1.0.zip）"), zh)
            XCTAssertTrue(zh.hasSuffix("：无法连接服务器"), zh)
            XCTAssertFalse(
                Self.hasLatinWord(zh.replacingOccurrences(of: #"https?://\S+"#, with: "", options: .regularExpression)),
                zh)
            XCTAssertTrue(error.message.contains(" (for https://github.com/a/a/archive/1.0.zip)"), error.message)
            XCTAssertTrue(error.message.contains("127.0.0.1"), error.message)
            XCTAssertFalse(ErrorLocalizationTests.hasCJK(error.message), error.message)
        }
    }

    func testAnOperationNamingARefIsSaidInChinese() {
        let error = GitError(
            .repository, operation: Message("git.operation.update-in", ["ref": "refs/heads/master"]), subject: "/r",
            cause: Message("git.cause.bad-oid", ["id": "zz"]))
        XCTAssertEqual(error.operation, "update refs/heads/master in")
        XCTAssertTrue(error.message.hasPrefix("update refs/heads/master in /r failed: "), error.message)
        let zh = error.text?.text(in: .simplifiedChinese) ?? ""
        XCTAssertTrue(zh.hasPrefix("更新 refs/heads/master，仓库 /r 失败："), zh)
        XCTAssertFalse(Self.hasLatinWord(zh.replacingOccurrences(of: "refs/heads/master", with: "")), zh)
    }

    /// A credential inside a nested reason is redacted like any other argument.
    func testARedactedArgumentInsideAReason() {
        let failure = PodMirrorFailure(
            "bundle.error.read", ["source": "s"], sentence: "reason",
            Message("network.cause.library", ["reason": "at https://user:secret@h.example/x"]), code: .bundleRead)
        XCTAssertFalse(failure.message.contains("secret"), failure.message)
        XCTAssertFalse(failure.text?.text(in: .simplifiedChinese).contains("secret") ?? true)
    }
}
