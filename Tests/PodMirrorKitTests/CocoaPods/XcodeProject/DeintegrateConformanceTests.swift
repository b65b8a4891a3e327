import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// Conformance over `../shared/corpus/xcodeproj` (skipped when the folder is absent): podmirror's
/// result against what Xcodeproj + cocoapods-deintegrate produced for 20 real projects.
final class DeintegrateConformanceTests: XCTestCase {
    static let corpus = SharedCorpus.path("corpus/xcodeproj")

    func cases() throws -> [String] {
        guard FileManager.default.fileExists(atPath: Self.corpus) else { throw XCTSkip("no corpus at \(Self.corpus)") }
        return try FileManager.default.contentsOfDirectory(atPath: Self.corpus)
            .filter { FileManager.default.fileExists(atPath: "\(Self.corpus)/\($0)/project.pbxproj") }.sorted()
    }

    func read(_ c: String, _ name: String) throws -> PBXProjectFile {
        try PBXProjectFile.read("\(Self.corpus)/\(c)/\(name)", fileSystem: LocalFileSystem())
    }

    /// Attributes with references to `removed` dropped (list items and to-one values).
    func stripped(_ o: PBXObject, _ removed: Set<String>) -> [String: PlainValue] {
        var out: [String: PlainValue] = [:]
        for e in o.attributes {
            switch e.value.value {
            case .string(let s) where removed.contains(s): continue
            case .array(let items):
                out[e.key] = .array(items.filter { !($0.string.map(removed.contains) ?? false) }.map(\.plain))
            default: out[e.key] = e.value.plain
            }
        }
        return out
    }

    func testCorpusDeintegrationMatchesCocoaPods() throws {
        var passed: [String: Int] = [
            "removed-gone": 0, "kept-same": 0, "deleted-lines-only": 0, "untouched-identical": 0,
        ]
        var extras = 0
        var sameBytes = 0
        var sameBytesEligible = 0
        let all = try cases()
        for c in all {
            let original = try read(c, "project.pbxproj")
            let roundtrip = try read(c, "expected.roundtrip.pbxproj")
            let expected = try read(c, "expected.deintegrated.pbxproj")
            let result = try Deintegrator(file: original).run()
            let ours = try PBXProjectFile(bytes: result.newBytes, path: "\(c)/podmirror")

            let expectedIDs = Set(expected.objects.map(\.id))
            let removedByCP = Set(roundtrip.objects.map(\.id)).subtracting(expectedIDs)
            let oursIDs = Set(ours.objects.map(\.id))
            let removedByUs = Set(original.objects.map(\.id)).subtracting(oursIDs)
            let tagged = Dictionary(uniqueKeysWithValues: result.removed.map { ($0.id, $0) })
            XCTAssertEqual(removedByUs, Set(tagged.keys), "\(c): reported removals equal actual removals")

            // Never-integrated projects stay byte-identical (checked below), even where CocoaPods drops an empty
            // Frameworks group.
            let missed = c.contains("-none-") ? [] : removedByCP.subtracting(removedByUs)
            XCTAssertTrue(missed.isEmpty, "\(c): CocoaPods removed but podmirror kept: \(missed.sorted())")
            if missed.isEmpty { passed["removed-gone"]! += 1 }

            for id in removedByUs.subtracting(removedByCP) {
                extras += 1
                XCTAssertEqual(
                    tagged[id]?.beyondCocoaPods, true,
                    "\(c): \(id) (\(tagged[id]?.reason ?? "?")) removed beyond CocoaPods without being a documented "
                        + "clean-up"
                )
            }

            var keptOK = true
            for o in expected.objects where !c.contains("-none-") {
                guard let mine = ours[o.id] else {
                    if tagged[o.id]?.beyondCocoaPods == true { continue }
                    XCTFail("\(c): \(o.id) (\(o.isa)) kept by CocoaPods is missing")
                    keptOK = false
                    continue
                }
                let want = stripped(o, removedByUs)
                let got = stripped(mine, [])
                if want != got {
                    // Xcodeproj reformats a few values on any save; compare only what deintegration changed.
                    if let before = original[o.id], let rt = roundtrip[o.id], stripped(before, []) != stripped(rt, []) {
                        XCTAssertEqual(
                            stripped(before, removedByUs), got, "\(c): \(o.id) changed beyond reference removal")
                        continue
                    }
                    XCTFail("\(c): \(o.id) (\(o.isa)) differs: podmirror \(got) vs CocoaPods \(want)")
                    keptOK = false
                }
            }
            if keptOK { passed["kept-same"]! += 1 }

            // The textual change is deleted lines only: our lines are a subsequence of the original's.
            let before = original.bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let after = result.newBytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            var k = 0
            var subsequence = true
            for line in after {
                while k < before.count && before[k] != line { k += 1 }
                if k == before.count { subsequence = false; break }
                k += 1
            }
            XCTAssertTrue(subsequence, "\(c): the change is not deleted lines only")
            if subsequence { passed["deleted-lines-only"]! += 1 }

            // Where Xcodeproj's save alone changes nothing and podmirror did no extra clean-up, the
            // two results must be the same bytes (section markers and blank lines included).
            if original.bytes == roundtrip.bytes, !result.removed.contains(where: \.beyondCocoaPods),
                !c.contains("-none-")
            {
                sameBytesEligible += 1
                XCTAssertTrue(result.newBytes == expected.bytes, "\(c): differs from CocoaPods' bytes")
                if result.newBytes == expected.bytes { sameBytes += 1 }
            }

            if c.contains("-none-") {
                XCTAssertTrue(
                    result.newBytes == original.bytes,
                    "\(c): not integrated, must stay byte-identical; removed \(result.removed)")
                if result.newBytes == original.bytes { passed["untouched-identical"]! += 1 }
            }

            // Idempotent: a second run on the result removes nothing.
            XCTAssertTrue(try Deintegrator(file: ours).run().removed.isEmpty, "\(c): second run removes more")
        }
        print(
            "deintegrate conformance over \(all.count) corpus cases: "
                + passed.sorted { $0.key < $1.key }.map {
                    "\($0.key) \($0.value)/\($0.key == "untouched-identical" ? 3 : all.count)"
                }.joined(separator: ", ")
                + "; byte-identical to CocoaPods' file \(sameBytes)/\(sameBytesEligible) (cases Xcodeproj does not "
                + "reformat and podmirror does no extra clean-up)"
                + "; \(extras) objects removed beyond CocoaPods (documented clean-ups)")
    }
}
