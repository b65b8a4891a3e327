import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Errors of every area, raised by the real code paths, read in Chinese under zh-Hans (message and remedy),
/// while the English `message`/`remedy` and the code that JSON carries stay English.
final class ErrorLocalizationTests: XCTestCase {
    override func invokeTest() { RunScope.current.with(language: .simplifiedChinese).run { super.invokeTest() } }

    static func hasCJK(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3000...0x303F).contains($0.value) }
    }

    /// The error `body` throws, checked: Chinese for a person, English for JSON, a typed code.
    func check(
        _ area: String, remedy expectsRemedy: Bool = false, file: StaticString = #filePath, line: UInt = #line,
        _ body: () throws -> Void
    ) {
        do {
            try body()
            XCTFail("\(area): nothing was thrown", file: file, line: line)
        } catch let error as any PodMirrorError {
            XCTAssertNotNil(error.text, "\(area): \(error.code.rawValue) has no catalog text", file: file, line: line)
            XCTAssertTrue(
                Self.hasCJK(error.localizedMessage), "\(area): \(error.localizedMessage)", file: file, line: line)
            XCTAssertFalse(Self.hasCJK(error.message), "\(area): JSON message \(error.message)", file: file, line: line)
            XCTAssertTrue(error.code.rawValue.allSatisfy(\.isASCII), area, file: file, line: line)
            if expectsRemedy {
                XCTAssertTrue(Self.hasCJK(error.localizedRemedy ?? ""), "\(area): remedy", file: file, line: line)
                XCTAssertFalse(Self.hasCJK(error.remedy ?? "中"), "\(area): JSON remedy", file: file, line: line)
            }
        } catch {
            XCTFail("\(area): not a PodMirrorError: \(error)", file: file, line: line)
        }
    }

    func testEveryAreaSpeaksChineseAndKeepsJSONEnglish() throws {
        let dir = TempDirectory()
        let catalog = try MirrorCatalog.bundled()
        check("core: file", remedy: false) { _ = try LocalFileSystem().readFile(dir.sub("missing")) }
        check("core: wrapped") { throw PodMirrorFailure(wrapping: CocoaError(.fileNoSuchFile)) }
        check("core: interrupted") { throw InterruptedError() }
        check("podfile: missing", remedy: true) {
            _ = try PodfileDocument.load(path: dir.sub("Podfile"), fs: LocalFileSystem())
        }
        check("podfile: lexer", remedy: true) { _ = try PodfileDocument(bytes: Array("pod 'A\n".utf8)) }
        check("podfile: syntax", remedy: true) { _ = try PodfileDocument(bytes: Array("target 'A' do\n".utf8)) }
        check("podfile: platform", remedy: true) { _ = try PodPlatform(parsing: "iso") }
        check("podfile: build setting", remedy: true) { _ = try BuildSettingAssignment(parsing: "NO_EQUALS") }
        check("gems: gemrc", remedy: true) {
            _ = try GemrcDocument(path: "gemrc", bytes: Array(":sources: [https://a.example/]\n".utf8))
        }
        check("gems: bundler") { _ = try BundlerConfig(path: "config", bytes: [0xFF, 0xFE]) }
        check("gems: yaml", remedy: true) { _ = try GemrcDocument(path: "gemrc", bytes: Array("a: [\n".utf8)) }
        check("spec repos: name", remedy: true) { try SpecRepoNaming.validate("trunk") }
        check("spec repos: bundle") { _ = try SpecBundleHeader.parse(Data("hello\n\n".utf8), source: "x.bundle") }
        check("git: URL", remedy: true) { try GitURL.validate("ext::sh -c touch% /tmp/pwned") }
        check("git config: pair") { _ = try SourceMirrorConfig.parsePair("no-equals-sign") }
        check("mirrors: unknown", remedy: true) { _ = try catalog.resolve("no-such-mirror", gems: false) }
        check("pod sources: lock") { _ = try PodfileLock.parse("PODS:\n  - no version here\n", path: "Podfile.lock") }
        let bplist = try dir.write("App.xcodeproj/project.pbxproj", Array("bplist00".utf8))
        check("xcode project: binary", remedy: true) {
            _ = try PBXProjectFile.read(bplist, fileSystem: LocalFileSystem())
        }
        check("xcode project: syntax", remedy: true) {
            _ = try PBXProjectFile(bytes: Array("// !$*UTF8*$!\n{ objects = {".utf8), path: "p.pbxproj")
        }
        check("xcode project: none", remedy: true) {
            _ = try XcodeProjectLocator.single(
                in: dir.sub("App.xcodeproj"), command: "deintegrate", fileSystem: LocalFileSystem(),
                currentDirectory: dir.path)
        }
        check("reinstall") { throw PodInstallFailed(status: 1, directory: dir.path) }
        check("network: timeout") {
            _ = try NetworkSettings.seconds("PODMIRROR_GIT_TIMEOUT", ["PODMIRROR_GIT_TIMEOUT": "abc"])
        }
    }

    func testGitErrorsNameTheOperationInEitherLanguage() {
        let error = GitError(.transport, operation: "clone", subject: "https://u:p@host/x.git", cause: "refused")
        XCTAssertEqual(error.message, "clone https://***@host/x.git failed: refused")
        XCTAssertTrue(Self.hasCJK(error.localizedMessage), error.localizedMessage)
        XCTAssertFalse(error.localizedMessage.contains("u:p"))
        XCTAssertTrue(Self.hasCJK(error.localizedRemedy ?? ""))
        XCTAssertEqual(error.code, .gitTransport)
        XCTAssertEqual(error.exitStatus, .network)
    }
}
