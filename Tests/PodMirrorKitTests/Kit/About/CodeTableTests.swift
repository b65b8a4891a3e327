import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

/// The code-like JSON values (warning codes, repo verify problem codes, Podfile problem codes, doctor finding ids,
/// pod statuses, kinds and origins): docs/json.md and docs/podmirror.schema.json list exactly the enums' cases,
/// each raw value once, and JSON carries the raw strings.
final class CodeTableTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testJSONDocHoldsEachTableTheEnumsGenerate() throws {
        let doc = try read("docs/json.md")
        // The error table lives in docs/exit-codes.md (ErrorCodeTests checks it).
        let documented = CodeTable.allCases.filter { $0 != .error }
        for table in documented {
            let name = table.rawValue
            let begin = try XCTUnwrap(doc.range(of: "<!-- codes:\(name):begin -->\n"), "begin marker of \(name)")
            let end = try XCTUnwrap(doc.range(of: "<!-- codes:\(name):end -->"), "end marker of \(name)")
            let text = String(doc[begin.upperBound..<end.lowerBound])
            XCTAssertEqual(text, table.markdown, "docs/json.md table \(name) is stale: run scripts/gen-docs.sh")
            let listed = text.split(separator: "\n").dropFirst(2).map { line in
                String(line.split(separator: "`", omittingEmptySubsequences: false)[1])
            }
            XCTAssertEqual(listed, table.values, name)
        }
        let markers = doc.components(separatedBy: "<!-- codes:").dropFirst().map { $0.prefix { $0 != ":" } }
        XCTAssertEqual(Set(markers.map(String.init)), Set(documented.map(\.rawValue)), "tables in docs/json.md")
    }

    func testSchemaEnumsAreTheEnumsCases() throws {
        let data = Data(try read("docs/podmirror.schema.json").utf8)
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var found: [String: [[String]]] = [:]
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let comment = object["$comment"] as? String, comment.hasPrefix("values: code-table ") {
                    let name = String(comment.dropFirst("values: code-table ".count).prefix { $0 != " " })
                    found[name, default: []].append(object["enum"] as? [String] ?? [])
                }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(schema)
        XCTAssertEqual(Set(found.keys), Set(CodeTable.allCases.map(\.rawValue)), "generated enums in the schema")
        for table in CodeTable.allCases {
            for values in found[table.rawValue] ?? [] {
                XCTAssertEqual(values, table.values, "schema enum \(table.rawValue) is stale: run scripts/gen-docs.sh")
            }
        }
    }

    func testNoTwoCasesShareARawValueAndEachMeaningIsOneLine() {
        for table in CodeTable.allCases {
            XCTAssertFalse(table.values.isEmpty, table.rawValue)
            XCTAssertEqual(Set(table.values).count, table.values.count, "\(table.rawValue): a raw value twice")
        }
        func check<Code: DocumentedCode>(_: Code.Type) {
            for code in Code.allCases {
                XCTAssertFalse(code.meaning.contains("\n") || code.meaning.contains("|"), code.rawValue)
                XCTAssertTrue(code.meaning.hasSuffix("."), code.rawValue)
                XCTAssertNotNil(
                    code.rawValue.range(of: #"^[a-z]+(-[a-z]+)*(\.[a-z0-9-]+)*$"#, options: .regularExpression),
                    code.rawValue)
            }
        }
        check(DiagnosticCode.self)
        check(VerifyProblemCode.self)
        check(PodfileProblemCode.self)
        check(DoctorFindingID.self)
        check(PodFetchResult.Status.self)
        check(PodFetchResult.Kind.self)
        check(PodFetchResult.Origin.self)
        check(ChangeKind.self)
        check(Mirror.Kind.self)
    }

    /// Every call site that makes a diagnostic or finding with a code of fixed severity uses that severity.
    func testCallSitesUseTheDocumentedSeverity() throws {
        var checked = 0
        let enumerator = FileManager.default.enumerator(
            at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)
        let pattern = try NSRegularExpression(
            pattern: #"(?:code|id): \.(\w+)(?:\([^)]*\))?,\s*severity: \.(note|warning|error)"#
                + #"|\.(note|warning|error),\s*(?:code: )?\.(\w+)"#)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                func group(_ i: Int) -> String? { Range(m.range(at: i), in: text).map { String(text[$0]) } }
                let (name, severity) = group(1) != nil ? (group(1)!, group(2)!) : (group(4)!, group(3)!)
                let expected =
                    DiagnosticCode.allCases.first { String(describing: $0) == name }.map { $0.severity }
                    ?? DoctorFindingID.allCases.first { String(describing: $0) == name }.map { $0.severity }
                guard let expected else { continue }
                checked += 1
                if let expected {
                    XCTAssertEqual(expected.rawValue, severity, "\(url.lastPathComponent): .\(name)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 30, "call sites found")
    }

    func testEveryToolHasItsThreeFindingIDs() {
        var ids: Set<DoctorFindingID> = []
        for tool in DoctorFindingID.Tool.allCases {
            for state in DoctorFindingID.ToolState.allCases { ids.insert(.tool(tool, state)) }
        }
        XCTAssertEqual(ids.count, DoctorFindingID.Tool.allCases.count * 3)
        XCTAssertEqual(DoctorFindingID.tool(.pod, .missing).rawValue, "tool.pod.missing")
        XCTAssertEqual(DoctorFindingID.tool(.git, .found).rawValue, "tool.git")
    }

    func field(_ value: JSONValue, _ key: String) -> JSONValue? {
        if case .object(let object) = value { return object[key] }
        return nil
    }

    func testJSONCarriesTheRawStrings() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let diagnostic = Diagnostic(.warning, code: .podfileSourceAbsent, "m")
        XCTAssertEqual(
            String(decoding: try encoder.encode(diagnostic), as: UTF8.self),
            #"{"code":"podfile.source-absent","message":"m","severity":"warning"}"#)
        let finding = Doctor.Finding(id: .tool(.pod, .broken), severity: .error, message: "m", fix: nil, subject: nil)
        XCTAssertTrue(
            String(decoding: try encoder.encode(finding), as: UTF8.self).contains(#""id":"tool.pod.broken""#))
        let problem = SpecRepoVerification.Problem(
            code: .worktree(.typechange), path: "a", text: Message("verify.none"))
        let verified = SpecRepoVerification(
            name: "r", path: "/r", branch: nil, head: nil, deep: false, problems: [problem], problemCount: 1)
        guard case .array(let problems)? = RepoVerificationRenderer.json(verified)["problems"] else {
            return XCTFail("no problems in \(RepoVerificationRenderer.json(verified))")
        }
        XCTAssertEqual(field(problems[0], "code"), .string("worktree.typechange"))
        let podfile = PodfileProblem(message: "m", line: 1, code: .sourceExpression)
        XCTAssertEqual(field(podfile.json, "code"), .string("podfile.source-expression"))
        XCTAssertFalse(PodfileProblemCode.sourceExpression.rejectedByCocoaPods)
        XCTAssertTrue(PodfileProblemCode.multipleHooks.rejectedByCocoaPods)
    }
}
