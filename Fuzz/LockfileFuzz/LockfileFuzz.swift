import Foundation
import FuzzSupport
import PodMirrorCocoaPods
import PodMirrorFoundation

// libFuzzer harness for the YAML files CocoaPods keeps that podmirror reads (`scripts/fuzz.sh`): each input is
// read as a Podfile.lock (`PodfileLock.parse`) and as `~/.cocoapods/config.yaml` (`PodsFetcher.cacheRoot`). Built
// normally, it replays the files given as arguments (Tests/Fuzz/LockfileFuzz).
//
// Invariants: a pod name and version that pass `PodNaming` (those `Pod.specFolder` makes a path of) make no path
// component that is empty, `.` or `..`; no crash (a 10,000-deep document overflowed the YAML parser's stack:
// `YAMLNesting` refuses it first); a refusal is a PodMirrorError with a message; a parsed lock lists each pod once,
// with a name, and nests no deeper than `YAMLNesting.limit`; reading it again gives the same lock; the cache root
// is `cache_root` expanded, or the default.

func fail(_ what: String) -> Never { invariantBroken("LockfileFuzz", what) }

/// A file system holding one file, `~/.cocoapods/config.yaml`, with the input's bytes.
struct OneFile: FileSystem {
    static let path = "/fuzz/.cocoapods/config.yaml"
    let bytes: [UInt8]
    func readFile(_ path: String) throws -> [UInt8] {
        guard path == Self.path else { throw FileError(path: path, operation: .read, reason: "missing") }
        return bytes
    }
    func fileExists(_ path: String) -> Bool { path == Self.path }
    func isDirectory(_ path: String) -> Bool { false }
    func isExecutableFile(_ path: String) -> Bool { false }
    func contentsOfDirectory(_ path: String) throws -> [String] { [] }
    func subpaths(_ path: String) -> [String] { [] }
    func destinationOfSymbolicLink(_ path: String) throws -> String { path }
    func writeAtomically(_ bytes: [UInt8], to path: String, defaultMode: mode_t) throws { fail("wrote \(path)") }
    func removeItem(_ path: String) throws { fail("removed \(path)") }
    func moveItem(_ source: String, to destination: String) throws { fail("moved \(source)") }
    func createDirectory(_ path: String) throws { fail("created \(path)") }
}

func refusal(_ error: any Error, _ what: String) {
    guard let e = error as? any PodMirrorError, !e.message.isEmpty else { fail("\(what) threw a bare \(error)") }
}

func harness(_ input: [UInt8]) {
    let text = String(decoding: input, as: UTF8.self)
    do {
        let lock = try PodfileLock.parse(text, path: "Podfile.lock")
        if YAMLNesting.depthBound(Array(text.utf8)) > YAMLNesting.limit { fail("parsed a lock nested too deeply") }
        let names = lock.pods.map(\.name)
        if names.contains(where: \.isEmpty) { fail("a pod without a name") }
        if Set(names).count != names.count { fail("a pod listed twice") }
        // A name and version CocoaPods accepts never make a path that leaves its folder (`pods fetch`, trunk).
        for pod in lock.pods {
            guard let rel = pod.specFolder(prefixLengths: [1, 1, 1]) else { continue }
            if rel.split(separator: "/", omittingEmptySubsequences: false).contains(where: {
                $0.isEmpty || $0 == "." || $0 == ".."
            }) {
                fail("\(pod.name) \(pod.version) passed PodNaming and makes the path \(rel)")
            }
        }
        guard let again = try? PodfileLock.parse(text, path: "Podfile.lock"), again.pods == lock.pods,
            again.specChecksums == lock.specChecksums
        else { fail("reading the lock again gave another lock") }
    } catch { refusal(error, "the lock reader") }

    let environment = RuntimeEnvironment(
        variables: ["HOME": "/fuzz"], currentDirectory: "/", fileSystem: OneFile(bytes: input))
    do {
        let root = try PodsFetcher.cacheRoot(environment: environment)
        if !root.hasPrefix("/") { fail("a cache root that is not absolute: \(root)") }
    } catch { refusal(error, "the config.yaml reader") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { fuzzInput(data, size, harness) }

#if FUZZING
    // SwiftPM renames an executable's entry point to `<TargetName>_main`.
    @_cdecl("LockfileFuzz_main")
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        runFuzzer(argc, argv, fuzz)
    }
#else
    @main
    enum Replay {
        static func main() { replayArguments(harness) }
    }
#endif
