import Foundation
import FuzzSupport
import PodMirrorCocoaPods
import PodMirrorFoundation

// libFuzzer harness for the Podfile lexer, parser and editor (`scripts/fuzz.sh`). Built normally, the
// same harness replays the files given as arguments (seeds and regression inputs in Tests/Fuzz/PodfileFuzz).
//
// Invariants, checked on every input: no crash; no hang (libFuzzer -timeout); anything the parser
// refuses is a PodMirrorError with a message; for each edit that succeeds, the result parses, says what
// was asked (parse → edit → parse agrees), keeps every model fact the edit is not about, keeps every
// line the edit is not about (in order), and editing again changes nothing (idempotency).

let catalog = try! MirrorCatalog.bundled()
let tuna = catalog.specsMirror(named: "tuna")!.url
let privateURL = "https://git.example.com/private/Specs.git"

/// One edit, the model fact it must establish, and which lines it may touch: lines `mayTouch` accepts, and
/// every line of a statement (without a block) whose text contains `statement`, such as the second line of
/// `platform :ios,` / `'12.0'`.
struct Probe: Sendable {
    var edit: PodfileEdit
    var mayTouch: @Sendable (String) -> Bool
    var statement: String
    var holds: @Sendable (PodfileModel) -> Bool
}

let probes: [Probe] = [
    // Sources compare as CocoaPods matches them (case, trailing `/` and `.git` do not matter).
    Probe(
        edit: .useSource("tuna"), mayTouch: { $0.contains("source") }, statement: "source",
        holds: { $0.sourceURLs.contains { SourceURL($0).isSame(as: SourceURL(tuna)) } }),
    Probe(
        edit: .addSource(privateURL, first: true), mayTouch: { $0.contains("source") }, statement: "source",
        holds: { $0.sourceURLs.contains { SourceURL($0).isSame(as: SourceURL(privateURL)) } }),
    Probe(
        edit: .platform(.init(.ios, version: "13.0")), mayTouch: { $0.contains("platform") }, statement: "platform",
        holds: { $0.platform?.name == "ios" && $0.platform?.version == "13.0" }),
    Probe(
        edit: .inhibitWarnings(true), mayTouch: { $0.contains("inhibit_all_warnings") },
        statement: "inhibit_all_warnings",
        holds: { $0.inhibitAllWarnings }),
    Probe(
        edit: .inhibitWarnings(false), mayTouch: { $0.contains("inhibit_all_warnings") },
        statement: "inhibit_all_warnings",
        holds: { !$0.inhibitAllWarnings }),
    // Into a hook whose closer follows code on its line, the statement goes before the closer on that line.
    Probe(
        edit: .buildSetting(key: "SWIFT_VERSION", value: "5.0"),
        mayTouch: {
            $0.contains("SWIFT_VERSION") || $0.contains("post_install") || $0.contains("}") || $0.contains("end")
        },
        statement: "SWIFT_VERSION",
        // The user's own plain assignment of the key is updated in place instead.
        holds: {
            ($0.buildSettings + $0.hookAssignments).contains {
                $0.key == "SWIFT_VERSION" && $0.value == "5.0" && $0.pod == nil && $0.configuration == nil
            }
        }),
]

func fail(_ what: String, _ input: [UInt8]) -> Never { invariantBroken("PodfileFuzz", what) }

/// Lines of some bytes, without their line ending (an edit may have to end the last line to append).
func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    // A BOM stays first; lines inserted at the top go after it.
    var out: [ArraySlice<UInt8>] = []
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    for (i, b) in bytes.enumerated() where b == 0x0A {
        out.append(bytes[start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i)])
        start = i + 1
    }
    if start < bytes.count { out.append(bytes[start..<(bytes.last == 0x0D ? bytes.count - 1 : bytes.count)]) }
    return out
}

/// True when `sub` appears in `all` in order (not necessarily next to each other).
func isSubsequence(_ sub: [ArraySlice<UInt8>], of all: [ArraySlice<UInt8>]) -> Bool {
    var i = 0
    for line in all where i < sub.count && line.elementsEqual(sub[i]) { i += 1 }
    return i == sub.count
}

/// Line numbers (1-based) spanned by statements without a block whose text contains `word`, at any depth.
func linesOfStatements(containing word: String, in doc: PodfileDocument) -> Set<Int> {
    Set(doc.simpleStatements.filter { $0.text.contains(word) }.flatMap { Array($0.lines) })
}

func targetNames(_ t: PodfileTarget) -> [String] { [t.name] + t.children.flatMap(targetNames) }

func harness(_ input: [UInt8]) {
    let doc: PodfileDocument
    do { doc = try PodfileDocument(bytes: input, path: "Podfile") } catch {
        guard let e = error as? any PodMirrorError, !e.message.isEmpty else {
            fail("parser threw a bare \(type(of: error))", input)
        }
        return
    }
    let before = doc.model
    for probe in probes {
        let result: PodfileEditResult
        do { result = try PodfileEditor.apply([probe.edit], to: doc, catalog: catalog) } catch {
            guard error is any PodMirrorError else {
                fail("\(probe.edit.summary) threw a bare \(type(of: error))", input)
            }
            continue
        }
        guard let after = try? PodfileDocument(bytes: result.new, path: "Podfile") else {
            fail("\(probe.edit.summary): result does not parse", input)
        }
        let model = after.model
        if !probe.holds(model) && model.problems.isEmpty {
            fail("\(probe.edit.summary): the model does not show the edit", input)
        }
        if targetNames(model.root) != targetNames(before.root) { fail("\(probe.edit.summary): targets changed", input) }
        if case .platform = probe.edit {
        } else if model.platform?.version != before.platform?.version {
            fail("\(probe.edit.summary): platform changed", input)
        }
        if case .inhibitWarnings = probe.edit {
        } else if model.inhibitAllWarnings != before.inhibitAllWarnings {
            fail("\(probe.edit.summary): inhibit changed", input)
        }
        switch probe.edit {
        case .useSource, .addSource: break
        default: if model.sourceURLs != before.sourceURLs { fail("\(probe.edit.summary): sources changed", input) }
        }
        let spanned = linesOfStatements(containing: probe.statement, in: doc)
        let kept = lines(result.old).enumerated().filter { i, line in
            !spanned.contains(i + 1) && !probe.mayTouch(String(decoding: line, as: UTF8.self))
        }.map(\.element)
        if !isSubsequence(kept, of: lines(result.new)) {
            fail("\(probe.edit.summary): a line it is not about changed", input)
        }
        guard let again = try? PodfileEditor.apply([probe.edit], to: after, catalog: catalog) else {
            fail("\(probe.edit.summary): second run threw", input)
        }
        if again.changed { fail("\(probe.edit.summary): not idempotent", input) }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { fuzzInput(data, size, harness) }

#if FUZZING
    // SwiftPM renames an executable's entry point to `<TargetName>_main`.
    @_cdecl("PodfileFuzz_main")
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        runFuzzer(argc, argv, fuzz)
    }
#else
    @main
    enum Replay {
        static func main() { replayArguments(harness) }
    }
#endif
