import Foundation
import FuzzSupport
import PodMirrorCocoaPods
import PodMirrorFoundation
import Yams

// libFuzzer harness for the gemrc and Bundler config readers and editors (`scripts/fuzz.sh`); built
// normally, it replays the files given as arguments (seeds and regressions in Tests/Fuzz/GemrcFuzz).
// Each input is read both as a gemrc and as `~/.bundle/config`.
//
// Invariants: no crash; a refusal is a PodMirrorError with a message; for `use MIRROR` and `reset`
// on a file podmirror reads: the result reads again, its sources are as asked (YAML agrees, since
// the reader cross-checks with Yams), every other top-level key has the same YAML value, every line
// outside the `:sources:` list is kept in order, and doing it again changes nothing.

let catalog = try! MirrorCatalog.bundled()
let mirror = catalog.gemMirror(named: "tuna")!.url
let official = catalog.gemMirror(named: "rubygems")!.url

func fail(_ what: String) -> Never { invariantBroken("GemrcFuzz", what) }

/// Every top-level key but the sources, with its value serialized by Yams.
func otherKeys(_ bytes: [UInt8]) -> [String: String] {
    guard YAMLNesting.depthBound(bytes) <= YAMLNesting.limit,
        let root = try? Yams.compose(yaml: String(decoding: bytes, as: UTF8.self)), let mapping = root.mapping
    else {
        return [:]
    }
    var out: [String: String] = [:]
    for (key, value) in mapping where ![":sources", "sources"].contains(key.string) {
        out[key.string ?? "\(key)"] = (try? Yams.serialize(node: value)) ?? "?"
    }
    return out
}

/// Lines (without line endings: LF, and one CR before it or at the end of the file) that are neither
/// a `- item` nor a `sources` key line.
func keptLines(_ bytes: [UInt8]) -> [Substring] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (i, b) in bytes.enumerated() where b == 0x0A {
        lines.append(bytes[start..<(i > start && bytes[i - 1] == 0x0D ? i - 1 : i)])
        start = i + 1
    }
    lines.append(bytes[start..<(bytes.last == 0x0D && start < bytes.count ? bytes.count - 1 : bytes.count)])
    return lines.map { Substring(String(decoding: $0, as: UTF8.self)) }
        .filter { line in !line.contains("sources") && line.drop { $0 == " " }.first != "-" }
}

func isSubsequence(_ sub: [Substring], of all: [Substring]) -> Bool {
    var i = 0
    for line in all where i < sub.count && line == sub[i] { i += 1 }
    return i == sub.count
}

func check(_ doc: GemrcDocument, target: String, onlyIfSet: Bool) {
    let label = onlyIfSet ? "reset" : "use"
    let new: [UInt8]
    do { new = try GemSources.editedGemrc(doc, using: target, onlyIfSet: onlyIfSet, catalog: catalog).bytes } catch {
        guard error is any PodMirrorError else { fail("\(label) threw a bare \(type(of: error))") }
        return
    }
    guard let after = try? GemrcDocument(path: "gemrc", bytes: new) else {
        fail("\(label): the result does not read back")
    }
    if let sources = after.sources {
        if !sources.contains(target) { fail("\(label): \(target) is not a source afterwards") }
        if sources.contains(where: { $0 != target && GemSources.mirrorName(of: $0, catalog: catalog) != nil }) {
            fail("\(label): a public source is left")
        }
    } else if !onlyIfSet || doc.sources != nil {
        fail("\(label): no sources afterwards")
    }
    if otherKeys(new) != otherKeys(doc.bytes) { fail("\(label): another key's value changed") }
    if !isSubsequence(keptLines(doc.bytes), of: keptLines(new)) { fail("\(label): a line outside the sources changed") }
    guard let again = try? GemSources.editedGemrc(after, using: target, onlyIfSet: onlyIfSet, catalog: catalog).bytes
    else {
        fail("\(label): second run threw")
    }
    if again != new { fail("\(label): not idempotent") }
}

/// Bundler: setting the mirror and removing it read back as asked, keep every other key's value and
/// every other line, and are idempotent.
func checkBundler(_ input: [UInt8]) {
    do { _ = try GemSources.bundlerMirror(in: input, path: "config") } catch {
        guard let e = error as? any PodMirrorError, !e.message.isEmpty else {
            fail("bundler reader threw a bare \(type(of: error))")
        }
        return
    }
    for url in [mirror, nil] as [String?] {
        let label = "bundler \(url == nil ? "unset" : "set")"
        let new: [UInt8]
        do { new = try GemSources.settingBundlerMirror(url, in: input, path: "config") } catch {
            guard error is any PodMirrorError else { fail("\(label) threw a bare \(type(of: error))") }
            continue
        }
        let after: String?
        do { after = try GemSources.bundlerMirror(in: new, path: "config") } catch {
            fail("\(label): the result does not read back")
        }
        if after != url { fail("\(label): the mirror is not as asked") }
        let others = { (b: [UInt8]) in keptLines(b).filter { !$0.contains("BUNDLE_MIRROR") } }
        if !isSubsequence(others(input), of: others(new)) { fail("\(label): another line changed") }
        guard let again = try? GemSources.settingBundlerMirror(url, in: new, path: "config") else {
            fail("\(label): second run threw")
        }
        if again != new { fail("\(label): not idempotent") }
    }
}

func harness(_ input: [UInt8]) {
    checkBundler(input)
    let doc: GemrcDocument
    do { doc = try GemrcDocument(path: "gemrc", bytes: input) } catch {
        guard let e = error as? any PodMirrorError, !e.message.isEmpty else {
            fail("reader threw a bare \(type(of: error))")
        }
        return
    }
    check(doc, target: mirror, onlyIfSet: false)
    check(doc, target: official, onlyIfSet: true)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { fuzzInput(data, size, harness) }

#if FUZZING
    @_cdecl("GemrcFuzz_main")
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        runFuzzer(argc, argv, fuzz)
    }
#else
    @main
    enum Replay {
        static func main() { replayArguments(harness) }
    }
#endif
