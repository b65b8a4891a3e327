import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class DeintegratorTests: XCTestCase {
    func run(_ text: String) throws -> (PBXProjectFile, Deintegration, PBXProjectFile) {
        let f = try PBXProjectFile(bytes: Array(text.utf8), path: "t.pbxproj")
        let d = try f.deintegration()
        return (f, d, try PBXProjectFile(bytes: d.newBytes, path: "after.pbxproj"))
    }

    func testRemovesEveryKindOfCocoaPodsObject() throws {
        let (_, d, after) = try run(PBXFixtures.integrated)
        let removed = Dictionary(uniqueKeysWithValues: d.removed.map { ($0.id, $0) })
        // Phases: [CP], unprefixed and [CP-User]; a user's own script phase stays.
        for id in [
            "S00000000000000000000001", "S00000000000000000000002", "S00000000000000000000003",
            "S00000000000000000000005",
        ] {
            XCTAssertNil(after[id], id)
        }
        XCTAssertNotNil(after["S00000000000000000000004"], "Lint phase kept")
        XCTAssertEqual(
            after["T00000000000000000000001"]?.list("buildPhases"),
            ["A00000000000000000000003", "A00000000000000000000001", "S00000000000000000000004"])
        // Frameworks: build files and their file references; emptied phases are kept (as CocoaPods does).
        for id in [
            "B00000000000000000000002", "B00000000000000000000003", "F00000000000000000000002",
            "F00000000000000000000003",
        ] { XCTAssertNil(after[id], id) }
        XCTAssertEqual(after["A00000000000000000000001"]?.list("files"), [])
        XCTAssertEqual(after["A00000000000000000000002"]?.list("files"), [])
        // xcconfigs and the baseConfigurationReference keys.
        for id in ["F00000000000000000000004", "F00000000000000000000005"] {
            XCTAssertEqual(removed[id]?.reason, "pods-xcconfig")
        }
        XCTAssertNil(after["C00000000000000000000001"]?["baseConfigurationReference"])
        XCTAssertNil(after["C00000000000000000000003"]?["baseConfigurationReference"])
        XCTAssertEqual(after["C00000000000000000000001"]?["buildSettings"]?["PRODUCT_NAME"]?.string, "$(TARGET_NAME)")
        // podmirror's extras: an xcconfig without name, a stale Pods.framework, the path-only Pods group.
        XCTAssertEqual(removed["F00000000000000000000007"]?.beyondCocoaPods, true)
        XCTAssertEqual(removed["F00000000000000000000009"]?.beyondCocoaPods, true)
        XCTAssertEqual(removed["G00000000000000000000002"]?.reason, "empty-pods-group")
        XCTAssertEqual(removed["G00000000000000000000002"]?.beyondCocoaPods, true)
        XCTAssertEqual(removed["G00000000000000000000003"]?.reason, "empty-frameworks-group")
        XCTAssertEqual(
            after["G00000000000000000000001"]?.list("children"),
            ["F00000000000000000000001", "F00000000000000000000008", "G00000000000000000000004"])
        // Unknown isa kept byte for byte; the file built from Pods/ is kept and warned about.
        XCTAssertNotNil(after["X00000000000000000000001"])
        XCTAssertNotNil(after["B00000000000000000000004"])
        XCTAssertTrue(
            d.warnings.contains {
                $0.code == .deintegrateFileInPods && $0.message.contains("Pods/Gen/Generated.swift")
            }, "\(d.warnings)")
        // Per-target report in CocoaPods' words.
        XCTAssertEqual(d.targets.map(\.name), ["App", "AppTests"])
        XCTAssertEqual(d.targets[0].phases.map(\.name), ["Check Pods Manifest.lock", "Embed Pods Frameworks"])
        XCTAssertEqual(d.targets[0].userPhases, 1)
        XCTAssertEqual(d.targets[0].libraries, ["Pods_App.framework"])
        XCTAssertEqual(d.targets[0].configurationFiles, ["Pods-App.debug.xcconfig", "Pods-App.release.xcconfig"])
        XCTAssertEqual(d.targets[1].configurationFiles, ["Pods-AppTests.debug.xcconfig"])
    }

    func testOnlyLinesAreDeletedAndEverythingElseIsByteIdentical() throws {
        let (f, d, _) = try run(PBXFixtures.integrated)
        // The one line podmirror edits inside (a one-line list, which Xcode itself never writes
        // outside one-line objects) loses exactly its element; every other change is a deleted line.
        let inline = "\t\t\tfiles = (B00000000000000000000003 /* Pods_AppTests.framework in Frameworks */, );"
        let before = f.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) == inline ? Array("\t\t\tfiles = ();".utf8) : Array($0) }
        let after = d.newBytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        var k = 0
        for line in after {
            while k < before.count && before[k] != line { k += 1 }
            XCTAssertLessThan(k, before.count, "line not in original: \(String(decoding: line, as: UTF8.self))")
            k += 1
        }
        let text = String(decoding: d.newBytes, as: UTF8.self)
        // The one-line list lost its element only; no section markers of kept sections were touched.
        XCTAssertTrue(
            text.contains("\t\t\tfiles = ();\n") || text.contains("\t\t\tfiles = ( );") || text.contains("files = ();"),
            text)
        XCTAssertTrue(text.contains("/* Begin PBXShellScriptBuildPhase section */"))
    }

    func testEmptiedSectionLosesItsMarkersAndOneBlankLine() throws {
        var text = PBXFixtures.integrated
        // Without the Lint phase, every shell script phase goes: the section disappears.
        text = text.replacingOccurrences(of: "\t\t\t\tS00000000000000000000004 /* Lint */,\n", with: "")
        let start = try XCTUnwrap(text.range(of: "\t\tS00000000000000000000004 /* Lint */ = {"))
        let end = try XCTUnwrap(text.range(of: "\t\t};\n", range: start.upperBound..<text.endIndex))
        text.removeSubrange(start.lowerBound..<end.upperBound)
        let (_, d, _) = try run(text)
        let out = String(decoding: d.newBytes, as: UTF8.self)
        XCTAssertFalse(out.contains("PBXShellScriptBuildPhase section"))
        XCTAssertTrue(out.contains("/* End PBXProject section */\n\n/* Begin PBXSourcesBuildPhase section */"), out)
    }

    func testSecondRunChangesNothing() throws {
        let (_, d, after) = try run(PBXFixtures.integrated)
        let again = try Deintegrator(file: after).run()
        XCTAssertTrue(again.removed.isEmpty)
        XCTAssertEqual(again.newBytes, d.newBytes)
    }

    func testGroupEmptiedByTheCascadeGoesInTheSameRun() throws {
        // Found by PbxprojFuzz: the Pods group also lists a build file whose file reference is an
        // xcconfig that goes; the build file goes in the cascade, and the group it emptied must go too.
        let text = PBXFixtures.integrated.replacingOccurrences(
            of: "\t\t\t\tF00000000000000000000004 /* Pods-App.debug.xcconfig */,\n",
            with: "\t\t\t\tB00000000000000000000009 /* Pods-App.debug.xcconfig in Resources */,\n"
        )
        .replacingOccurrences(
            of: "/* End PBXBuildFile section */",
            with:
                "\t\tB00000000000000000000009 /* Pods-App.debug.xcconfig in Resources */ = {isa = PBXBuildFile; "
                + "fileRef = F00000000000000000000004 /* Pods-App.debug.xcconfig */; };\n/* End PBXBuildFile section */"
        )
        XCTAssertNotEqual(text, PBXFixtures.integrated)
        let (_, d, after) = try run(text)
        XCTAssertTrue(d.removed.contains { $0.id == "B00000000000000000000009" })
        XCTAssertTrue(d.removed.contains { $0.id == "G00000000000000000000002" }, "\(d.removed.map(\.id))")
        XCTAssertNil(after["G00000000000000000000002"])
        let again = try Deintegrator(file: after).run()
        XCTAssertTrue(again.removed.isEmpty, "\(again.removed.map(\.id))")
    }

    func testProjectWithoutIntegrationIsByteIdentical() throws {
        let (f, d, _) = try run(PBXFixtures.plain)
        XCTAssertFalse(d.foundIntegration)
        XCTAssertEqual(d.newBytes, f.bytes)
        XCTAssertTrue(d.edits.isEmpty)
    }

    func testSharedFrameworkReferenceIsKeptWhileAnotherBuildFileUsesIt() throws {
        // Pods_App.framework also embedded by a Copy Files phase: the Frameworks build file goes,
        // the reference stays until the sweep, and the other build file goes with it rather than
        // being left as `{isa = PBXBuildFile; }`.
        var text = PBXFixtures.integrated
        text = text.replacingOccurrences(
            of: "/* End PBXBuildFile section */",
            with:
                "\t\tB00000000000000000000009 /* Pods_App.framework in Embed */ = {isa = PBXBuildFile; fileRef = "
                + "F00000000000000000000002 /* Pods_App.framework */; };\n/* End PBXBuildFile section */"
        )
        text = text.replacingOccurrences(
            of: "/* Begin PBXFileReference section */",
            with:
                "/* Begin PBXCopyFilesBuildPhase section */\n\t\tA00000000000000000000009 /* Embed */ = {\n"
                + "\t\t\tisa = PBXCopyFilesBuildPhase;\n\t\t\tfiles = (\n"
                + "\t\t\t\tB00000000000000000000009 /* Pods_App.framework in Embed */,\n\t\t\t);\n\t\t};\n"
                + "/* End PBXCopyFilesBuildPhase section */\n\n/* Begin PBXFileReference section */"
        )
        text = text.replacingOccurrences(
            of: "\t\t\t\tS00000000000000000000004 /* Lint */,\n",
            with: "\t\t\t\tS00000000000000000000004 /* Lint */,\n\t\t\t\tA00000000000000000000009 /* Embed */,\n")
        let (_, d, after) = try run(text)
        XCTAssertNil(after["F00000000000000000000002"])
        XCTAssertNil(after["B00000000000000000000009"])
        XCTAssertEqual(after["A00000000000000000000009"]?.list("files"), [])
        XCTAssertEqual(d.removed.first { $0.id == "B00000000000000000000009" }?.reason, "orphaned-build-file")
    }

    func testXMLProjectIsEditedByDeletingLines() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>objects</key>
            \t<dict>
            \t\t<key>P</key>
            \t\t<dict>
            \t\t\t<key>isa</key>
            \t\t\t<string>PBXProject</string>
            \t\t\t<key>mainGroup</key>
            \t\t\t<string>G</string>
            \t\t\t<key>targets</key>
            \t\t\t<array>
            \t\t\t\t<string>T</string>
            \t\t\t</array>
            \t\t</dict>
            \t\t<key>G</key>
            \t\t<dict>
            \t\t\t<key>isa</key>
            \t\t\t<string>PBXGroup</string>
            \t\t\t<key>children</key>
            \t\t\t<array/>
            \t\t</dict>
            \t\t<key>S</key>
            \t\t<dict>
            \t\t\t<key>isa</key>
            \t\t\t<string>PBXShellScriptBuildPhase</string>
            \t\t\t<key>name</key>
            \t\t\t<string>Check Pods Manifest.lock</string>
            \t\t</dict>
            \t\t<key>T</key>
            \t\t<dict>
            \t\t\t<key>buildPhases</key>
            \t\t\t<array>
            \t\t\t\t<string>S</string>
            \t\t\t</array>
            \t\t\t<key>isa</key>
            \t\t\t<string>PBXNativeTarget</string>
            \t\t\t<key>name</key>
            \t\t\t<string>T</string>
            \t\t</dict>
            \t</dict>
            \t<key>rootObject</key>
            \t<string>P</string>
            </dict>
            </plist>

            """
        let (f, d, after) = try run(xml)
        XCTAssertEqual(after.format, .xml)
        XCTAssertNil(after["S"])
        XCTAssertEqual(after["T"]?.list("buildPhases"), [])
        let out = String(decoding: d.newBytes, as: UTF8.self)
        XCTAssertFalse(out.contains("<string>S</string>"))
        XCTAssertEqual(f.bytes.count - d.newBytes.count, out.count < xml.count ? xml.utf8.count - out.utf8.count : -1)
        XCTAssertTrue(out.contains("\t\t\t<array>\n\t\t\t</array>"), out)
    }

    func testLargeDeletionOnlyDiffIsExact() throws {
        // UnifiedDiff's linear path for deletion-only changes: every removed line shows as `-`, none as `+`.
        let multiLine = PBXFixtures.integrated.replacingOccurrences(
            of: "files = (B00000000000000000000003 /* Pods_AppTests.framework in Frameworks */, );",
            with: "files = (\n\t\t\t\tB00000000000000000000003 /* Pods_AppTests.framework in Frameworks */,\n\t\t\t);")
        let (f, d, _) = try run(multiLine + String(repeating: "// filler\n", count: 20000))
        let diff = UnifiedDiff.render(old: f.bytes, new: d.newBytes)
        let lines = diff.split(separator: "\n")
        let removedLines = f.bytes.filter { $0 == 0x0A }.count - d.newBytes.filter { $0 == 0x0A }.count
        XCTAssertEqual(lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count, 0)
        XCTAssertEqual(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count, removedLines)
        XCTAssertGreaterThan(removedLines, 50)
    }

    func testSectionMarkerTextInsideAnotherCommentIsNotTouched() throws {
        // An unclosed-looking `/* ` swallows the next Begin line: that text is not a marker.
        var text = PBXFixtures.integrated.replacingOccurrences(
            of: "\t\t\t\tS00000000000000000000004 /* Lint */,\n", with: "")
        let start = try XCTUnwrap(text.range(of: "\t\tS00000000000000000000004 /* Lint */ = {"))
        let end = try XCTUnwrap(text.range(of: "\t\t};\n", range: start.upperBound..<text.endIndex))
        text.removeSubrange(start.lowerBound..<end.upperBound)
        text = text.replacingOccurrences(of: "/* End PBXProject section */", with: "/* End PBXProject section/* ")
        let (_, d, after) = try run(text)
        XCTAssertNil(after["S00000000000000000000001"])
        let out = String(decoding: d.newBytes, as: UTF8.self)
        XCTAssertTrue(
            out.contains("/* End PBXProject section/* \n\n/* Begin PBXShellScriptBuildPhase section */\n"), out)
    }
}
