import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class PBXParserTests: XCTestCase {
    func parse(_ text: String) throws -> PBXProjectFile {
        try PBXProjectFile(bytes: Array(text.utf8), path: "t.pbxproj")
    }

    func testObjectsAndTheirByteRanges() throws {
        let f = try parse(PBXFixtures.integrated)
        XCTAssertEqual(f.rootObjectID, "P00000000000000000000001")
        XCTAssertEqual(f.nativeTargets.map { $0.string("name") }, ["App", "AppTests"])
        let bf = try XCTUnwrap(f["B00000000000000000000002"])
        XCTAssertEqual(bf.isa, "PBXBuildFile")
        let text = String(decoding: f.bytes[bf.entry.range], as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("B00000000000000000000002 /* Pods_App.framework in Frameworks */ = {isa"), text)
        XCTAssertTrue(text.hasSuffix("}; };") || text.hasSuffix("};"), text)
        // Array elements know their range including the comma and annotation.
        let phase = try XCTUnwrap(f["A00000000000000000000001"])
        let item = try XCTUnwrap(phase["files"]?.array?.first)
        XCTAssertEqual(
            String(decoding: f.bytes[item.itemRange], as: UTF8.self),
            "B00000000000000000000002 /* Pods_App.framework in Frameworks */,")
    }

    func testUnknownIsaAndAttributesAreKept() throws {
        let f = try parse(PBXFixtures.integrated)
        let x = try XCTUnwrap(f["X00000000000000000000001"])
        XCTAssertEqual(x.isa, "XCFutureThing")
        XCTAssertEqual(x.string("newAttribute"), "kept as is")
        XCTAssertEqual(x["nested"]?["a"]?.array?.compactMap(\.string), ["1", "2"])
        if case .data(let d)? = x["nested"]?["b"]?.value {
            XCTAssertEqual(d, [0x0A, 0xFF])
        } else {
            XCTFail("data not read")
        }
    }

    func testQuotingAndEscapes() throws {
        let text = #"""
            // !$*UTF8*$!
            { a = "x \"q\" \\ \n\t end"; b = 'single'; c = "\U00e9\U263A"; d = "📦 Check Pods Manifest.lock"; e = \#
            bare-with:colon.and/slash$; f = ""; g = "\101\102"; h = "\ud83d"; objects = {}; }
            """#
        let f = try parse(text)
        XCTAssertEqual(f.root["a"]?.string, "x \"q\" \\ \n\t end")
        XCTAssertEqual(f.root["b"]?.string, "single")
        XCTAssertEqual(f.root["c"]?.string, "é☺")
        XCTAssertEqual(f.root["d"]?.string, "📦 Check Pods Manifest.lock")
        XCTAssertEqual(f.root["e"]?.string, "bare-with:colon.and/slash$")
        XCTAssertEqual(f.root["f"]?.string, "")
        XCTAssertEqual(f.root["g"]?.string, "AB")
    }

    func testSurrogatePairEscape() throws {
        let f = try parse(#"{ a = "\UD83D\UDCE6"; objects = {}; }"#)
        XCTAssertEqual(f.root["a"]?.string, "📦")
    }

    func testMalformedFilesNameLineAndColumn() {
        let cases: [(String, String)] = [
            ("{\n  a = b\n}", "t.pbxproj:3:1: expected ';'"),
            ("{\n  a = \"open;\n}", "t.pbxproj:2:7: string opened here is not closed"),
            ("{ a = (1, 2 3); }", "t.pbxproj:1:13: expected ',' or ')'"),
            ("{ a = b; ", "t.pbxproj:1:1: dictionary opened here is not closed"),
            ("{ /* never closed", "t.pbxproj:1:3: comment is not closed"),
            ("{ a = b; } trailing", "t.pbxproj:1:12: unexpected 't'"),
            ("", "the file is empty"),
            ("{ a = <0g>; }", "t.pbxproj:1:9: invalid character 'g' in <data>"),
            ("( a, b )", "not a dictionary"),
            ("{ a = b; }", "no `objects` dictionary"),
            (
                "{ objects = {\n  A1 = {isa = PBXGroup; };\n  B2 = {isa = PBXGroup; };\n"
                    + "  A1 = {isa = PBXFileReference; };\n}; }",
                "t.pbxproj:4: object A1 is defined twice (first at line 2)"
            ),
        ]
        for (text, want) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                let message = (error as? PodMirrorFailure)?.message ?? "\(error)"
                XCTAssertTrue(message.contains(want), "\(text.debugDescription): \(message)")
            }
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let text =
            "{ objects = {}; a = " + String(repeating: "(", count: 5000) + String(repeating: ")", count: 5000) + "; }"
        XCTAssertThrowsError(try parse(text)) { XCTAssertTrue("\($0)".contains("nesting deeper"), "\($0)") }
    }

    func testBinaryPlistIsRefusedClearly() {
        XCTAssertThrowsError(try PBXProjectFile(bytes: Array("bplist00xxxx".utf8), path: "b.pbxproj")) {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.code, .xcodeprojBinaryPlist)
        }
    }

    func testXMLFormReadsTheSameObjects() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>archiveVersion</key>
            \t<string>1</string>
            \t<key>classes</key>
            \t<dict/>
            \t<key>objects</key>
            \t<dict>
            \t\t<key>G1</key>
            \t\t<dict>
            \t\t\t<key>children</key>
            \t\t\t<array>
            \t\t\t\t<string>F1</string>
            \t\t\t</array>
            \t\t\t<key>isa</key>
            \t\t\t<string>PBXGroup</string>
            \t\t\t<key>sourceTree</key>
            \t\t\t<string>&lt;group&gt;</string>
            \t\t</dict>
            \t\t<key>F1</key>
            \t\t<dict>
            \t\t\t<key>isa</key>
            \t\t\t<string>PBXFileReference</string>
            \t\t\t<key>name</key>
            \t\t\t<string>A &amp; B &#x41;</string>
            \t\t\t<key>flag</key>
            \t\t\t<true/>
            \t\t</dict>
            \t</dict>
            \t<key>rootObject</key>
            \t<string>G1</string>
            </dict>
            </plist>

            """
        let f = try parse(xml)
        XCTAssertEqual(f.format, .xml)
        XCTAssertEqual(f["G1"]?.list("children"), ["F1"])
        XCTAssertEqual(f["G1"]?.string("sourceTree"), "<group>")
        XCTAssertEqual(f["F1"]?.string("name"), "A & B A")
        XCTAssertEqual(f["F1"]?.string("flag"), "YES")
        let entry = try XCTUnwrap(f["F1"]?.entry)
        let text = String(decoding: f.bytes[entry.range], as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("<key>F1</key>") && text.hasSuffix("</dict>"), text)
        XCTAssertThrowsError(
            try parse("<?xml version=\"1.0\"?>\n<plist>\n<dict>\n<key>a</key>\n<string>x</dict>\n</plist>")
        ) {
            XCTAssertTrue("\($0)".contains("t.pbxproj:5:"), "\($0)")
        }
    }

    func testCyclesAndDanglingReferencesDoNotHang() throws {
        let text = """
            { objects = {
              P = {isa = PBXProject; mainGroup = G1; targets = (T, MISSING, ); };
              G1 = {isa = PBXGroup; children = (G2, NOPE, ); };
              G2 = {isa = PBXGroup; children = (G1, G2, ); name = Pods; };
              T = {isa = PBXNativeTarget; name = T; buildPhases = (MISSING2, ); buildConfigurationList = GONE; };
            }; rootObject = P; }
            """
        let f = try parse(text)
        XCTAssertEqual(f.groups(from: "G1").map(\.id), ["G1", "G2"])
        XCTAssertEqual(f.reachable(), ["P", "G1", "G2", "T"])
        let d = try Deintegrator(file: f).run()
        XCTAssertTrue(d.removed.isEmpty, "a non-empty cyclic Pods group is kept: \(d.removed)")
    }
}
