@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
import XCTest

/// Columns counted in terminal cells (a CJK character takes two), and sizes written one way.
final class TableColumnsTests: XCTestCase {
    func cells(_ text: Substring) -> Int { TextColumns.width(String(text)) }

    /// `pods fetch`'s lines in zh-Hans: the pod's name starts in the same column whatever the status word
    /// (已下载 takes six cells, 失败 four).
    func testPodLinesLineUpInChinese() {
        let console = Console(stdout: .init { _ in }, stderr: .init { _ in }, environment: ["NO_COLOR": "1"])
        for language in [Language.english, .simplifiedChinese] {
            RunScope.current.with(language: language).run {
                var starts = Set<Int>()
                for status in PodFetchResult.Status.allCases {
                    let result = PodFetchResult(
                        name: "Alamofire", version: "5.0", kind: .git, origin: .release, url: nil, status: status,
                        reason: nil, error: nil, errorCode: nil, bytes: 0, seconds: 0, cachePath: nil, commit: nil,
                        podspec: nil, specRepo: nil, reasonText: nil, errorText: nil, exitStatus: nil)
                    let line = PodsRender.line(result, console: console)
                    let head = line.components(separatedBy: "Alamofire")[0]
                    starts.insert(cells(Substring(head)))
                }
                XCTAssertEqual(starts.count, 1, "\(language): \(starts)")
            }
        }
    }

    /// `doctor`: a fix's explanation starts under its command in both languages ("fix: " is five cells, "修复：" six).
    func testDoctorExplanationStartsUnderTheFixCommand() {
        let finding = Doctor.Finding(
            id: .toolPodMissing, severity: .warning, Message("reinstall.error.pod-missing"),
            fix: "podmirror setup --install-cocoapods", subject: nil, explanation: Message("doctor.tool.pod.install"))
        for language in [Language.english, .simplifiedChinese] {
            RunScope.current.with(language: language).run {
                let out = Capture()
                let console = Console(
                    stdout: .init { out.append($0) }, stderr: .init { _ in }, environment: ["NO_COLOR": "1"])
                DoctorReportRenderer.text(Doctor.Report(findings: [finding]), console: console)
                let lines = out.text.split(separator: "\n").map(String.init)
                XCTAssertGreaterThanOrEqual(lines.count, 3, out.text)
                let command = lines[1].range(of: "podmirror setup").map { cells(lines[1][..<$0.lowerBound]) }
                let why = lines[2].prefix { $0 == " " }.count
                XCTAssertEqual(command, why, "\(language):\n\(out.text)")
                // The finding starts where the fix does.
                let finding = cells(Substring(lines[0].prefix(while: { $0 != " " }))) + 2
                XCTAssertEqual(lines[1].prefix { $0 == " " }.count, finding, out.text)
            }
        }
    }

    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.lock(); data.append(more); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    func testPaddingCountsCells() {
        XCTAssertEqual(TextColumns.width("已下载"), 6)
        XCTAssertEqual(TextColumns.pad("失败", 8), "失败    ")
        XCTAssertEqual(TextColumns.width(TextColumns.pad("镜像ab", 10)), 10)
    }

    /// No "Zero KB", no "12 bytes": the `-v` stage counts, progress and reports write sizes one way.
    func testSizesAreWrittenOneWay() {
        XCTAssertEqual(ByteSize.text(0), "0 B")
        XCTAssertEqual(ByteSize.text(12), "12 B")
        XCTAssertEqual(ByteSize.text(999), "999 B")
        XCTAssertEqual(ByteSize.text(2_000_000), "2 MB")
        XCTAssertEqual(ByteSize.text(500_000), "500 KB")
    }
}
