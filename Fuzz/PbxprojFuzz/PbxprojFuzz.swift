import Foundation
import FuzzSupport
import PodMirrorCocoaPods
import PodMirrorFoundation

// libFuzzer harness for the pbxproj reader and the deintegrator (`scripts/fuzz.sh`). Built normally,
// the same harness replays the files given as arguments (Tests/Fuzz/PbxprojFuzz).
//
// Invariants: no crash; no hang (libFuzzer -timeout); a refused file is a PodMirrorError with a
// message; the deintegrator's edits are in range, do not overlap and give exactly `newBytes`; bytes
// outside the edits are kept in order; no integration found means no change; the result parses again
// and deintegrating it again finds nothing (idempotency); the object count never grows.

func fail(_ what: String) -> Never { invariantBroken("PbxprojFuzz", what) }

func harness(_ input: [UInt8]) {
    let file: PBXProjectFile
    do { file = try PBXProjectFile(bytes: input, path: "project.pbxproj") } catch {
        guard let e = error as? any PodMirrorError, !e.message.isEmpty else {
            fail("reader threw a bare \(type(of: error))")
        }
        return
    }
    let result: Deintegration
    do { result = try file.deintegration() } catch {
        guard error is any PodMirrorError else { fail("deintegrator threw a bare \(type(of: error))") }
        return
    }
    guard let applied = try? input.applying(result.edits) else { fail("edits overlap or run past the end") }
    if applied != result.newBytes { fail("newBytes differ from the edits applied to the input") }
    if !result.foundIntegration && result.newBytes != input { fail("no integration found, yet the bytes changed") }
    // Everything outside the edited ranges survives, in order.
    var cursor = 0
    var out = 0
    for edit in result.edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
        let keep = input[cursor..<edit.range.lowerBound]
        guard out + keep.count <= applied.count, applied[out..<(out + keep.count)].elementsEqual(keep) else {
            fail("bytes outside an edit changed")
        }
        out += keep.count + edit.replacement.count
        cursor = edit.range.upperBound
    }
    guard result.foundIntegration else { return }
    // Regression (Tests/Fuzz/PbxprojFuzz/regressions/comment-swallows-section-marker.pbxproj): a
    // mangled comment that swallowed a `/* Begin … section */` line made the marker deletion break
    // the file; markers are now only comments the reader itself found, alone on their line.
    guard let after = try? PBXProjectFile(bytes: result.newBytes, path: "project.pbxproj") else {
        fail("the deintegrated file does not parse")
    }
    if after.objects.count > file.objects.count { fail("deintegration added objects") }
    guard let again = try? after.deintegration() else { fail("second deintegration threw") }
    if again.foundIntegration || again.newBytes != result.newBytes { fail("deintegration is not idempotent") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { fuzzInput(data, size, harness) }

#if FUZZING
    // SwiftPM renames an executable's entry point to `<TargetName>_main`.
    @_cdecl("PbxprojFuzz_main")
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        runFuzzer(argc, argv, fuzz)
    }
#else
    @main
    enum Replay {
        static func main() { replayArguments(harness) }
    }
#endif
