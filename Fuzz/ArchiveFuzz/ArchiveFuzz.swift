import Foundation
import FuzzSupport
import PodMirrorCocoaPods
import PodMirrorFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libFuzzer harness for the writer every pod archive goes through (`PodArchive.write`, `scripts/fuzz.sh`); built
// normally, it replays the files given as arguments (seeds and regressions in Tests/Fuzz/ArchiveFuzz).
//
// An input is a list of members, each `[kind][name length][name…][target length][target…][size]`: kind % 6 picks
// file, folder, symlink, hard link, FIFO or device; names and targets are spelled in the alphabet `a b / . o k`,
// so that they can climb (`../`) and reach the sentinel folder `o` (holding `k`) beside the staging folder `s`.
//
// Invariants: no crash; a refusal is a PodMirrorError with a `pods.http.*` code; whatever the list, nothing outside
// `s` changes (the work folder holds exactly `s` and `o`, `o` exactly `k`, with its bytes); when the writer
// succeeds, every path below `s` is a regular file, a folder or a link whose target, resolved on disk by the kernel
// (realpath; a dangling one by its resolved folder and name), is inside `s`.
//
// An input that is itself an archive (a tar: `ustar` at byte 257; a zip: `PK` and a record signature; gzip: its
// magic) is extracted whole by `PodArchive.extract`, as a downloaded pod is: header numbers (octal, base-256, pax
// records), nesting depth and a zip's declared sizes come from the bytes (issue #28; seeds `tar-*`, `zip-*`,
// `deep-*`). Invariants: no crash (a worker's 1 MiB stack), a refusal is a `pods.http.*` error and leaves `s`
// empty, and the same checks of what is outside and inside `s`.

let alphabet: [Character] = ["a", "b", "/", ".", "o", "k"]
let kinds: [ArchiveEntry.Kind] = [.file, .directory, .symlink, .hardlink, .fifo, .device]

func fail(_ what: String) -> Never { invariantBroken("ArchiveFuzz", what) }

/// The members an input describes, with each file's size.
func members(_ input: [UInt8]) -> [(ArchiveEntry, Int)] {
    var i = 0
    func next() -> UInt8? {
        guard i < input.count else { return nil }
        defer { i += 1 }
        return input[i]
    }
    func spell(_ length: Int) -> String {
        String((0..<length).compactMap { _ in next().map { alphabet[Int($0) % alphabet.count] } })
    }
    var out: [(ArchiveEntry, Int)] = []
    while out.count < 64, let op = next() {
        let kind = kinds[Int(op) % kinds.count]
        let name = spell(Int(next() ?? 0) % 12)
        let target = spell(Int(next() ?? 0) % 16)
        let size = Int(next() ?? 0)
        let link = kind == .symlink || kind == .hardlink ? target : nil
        out.append((ArchiveEntry(path: name, kind: kind, linkTarget: link), size))
    }
    return out
}

/// Every path below `root` (relative), links not followed.
func walk(_ root: String) -> [String] {
    var out: [String] = []
    var pending = [""]
    while let rel = pending.popLast() {
        let dir = rel.isEmpty ? root : root + "/" + rel
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
            let path = rel.isEmpty ? name : rel + "/" + name
            out.append(path)
            var st = stat()
            if lstat(root + "/" + path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
        }
    }
    return out.sorted()
}

func realPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
}

/// Where a link leads: a path (a dangling link: the resolved folder plus the missing name), nowhere (a folder on
/// the way is missing, so the kernel cannot follow it), or a loop.
enum Lead: Equatable {
    case to(String)
    case nowhere
    case loop
}

func destination(of path: String) -> Lead {
    if let real = realPath(path) { return .to(real) }
    var current = path
    for _ in 0..<40 {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return .nowhere }
        let base = target.hasPrefix("/") ? "" : (current as NSString).deletingLastPathComponent + "/"
        let joined = base + target
        if let real = realPath(joined) { return .to(real) }
        let parent = (joined as NSString).deletingLastPathComponent
        let last = (joined as NSString).lastPathComponent
        if last == ".." || last == "." { return .nowhere }
        guard let realParent = realPath(parent.isEmpty ? "/" : parent) else {
            return errno == ELOOP ? .loop : .nowhere
        }
        current = realParent + "/" + last
        var st = stat()
        if lstat(current, &st) != 0 || st.st_mode & S_IFMT != S_IFLNK { return .to(current) }
    }
    return .loop
}

let base: String = {
    var template = Array((NSTemporaryDirectory() + "/archive-fuzz-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
        fatalError("cannot make a temporary folder")
    }
    return realPath(String(cString: made))!
}()

/// The kind of archive `input` is, when it is one.
func archiveType(_ input: [UInt8]) -> ArchiveType? {
    if input.count >= 512, Array(input[257..<262]) == Array("ustar".utf8) { return .tar }
    if input.starts(with: [0x1F, 0x8B]) { return .tgz }
    if input.starts(with: [0x50, 0x4B, 0x03, 0x04]) || input.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
    return nil
}

/// Bounds small enough for fuzzing speed, large enough for every seed.
let fuzzLimits = ArchiveLimits(maxArchiveBytes: 1 << 20, maxEntries: 4096, maxExpandedBytes: 16 << 20, maxRatio: 200)

/// Extracts `input` (an archive of `kind`) into `stage` on a thread with a pod worker's stack; true on success.
func extractArchive(_ input: [UInt8], _ kind: ArchiveType, into stage: String, work: String) -> Bool {
    let file = work + "/archive"
    guard FileManager.default.createFile(atPath: file, contents: Data(input)) else { fail("cannot write \(file)") }
    defer { unlink(file) }
    final class Outcome: @unchecked Sendable { var error: Error? }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let thread = Thread {
        do {
            try PodArchive.extract(
                file, type: kind, into: stage, source: "fuzz", environment: ["PATH": path], limits: fuzzLimits)
        } catch { outcome.error = error }
        done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
    done.wait()
    guard let error = outcome.error else { return true }
    refusal(error)
    if !walk(stage).isEmpty { fail("a refused archive left \(walk(stage).prefix(5)) in the staging folder") }
    return false
}

func harness(_ input: [UInt8]) {
    let work = base + "/w"
    let stage = work + "/s"
    let outside = work + "/o"
    // Through descriptors: a tree deeper than PATH_MAX (a deep seed) must go too.
    try? FolderWalk.remove(work)
    try! FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
    try! FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try! Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/k"))
    defer { try? FolderWalk.remove(work) }

    var succeeded = false
    if let type = archiveType(input) {
        succeeded = extractArchive(input, type, into: stage, work: work)
    } else {
        succeeded = writeMembers(input, into: stage)
    }
    check(work: work, stage: stage, outside: outside, succeeded: succeeded)
}

/// Writes the member list `input` describes as an extraction writes an archive's members; true on success.
func writeMembers(_ input: [UInt8], into stage: String) -> Bool {
    let listing = members(input).map { entry, size in
        (entry: entry, mode: UInt32(0o755), contents: [UInt8](repeating: 0x7A, count: size))
    }
    do {
        try PodArchive.write(listing, into: stage, source: "fuzz", archiveBytes: 1 << 20)
        return true
    } catch {
        refusal(error)
        return false
    }
}

/// A refusal is a podmirror error with a `pods.http.*` code (what `pods fetch` reports for an archive); anything
/// else is a bug.
func refusal(_ error: any Error) {
    guard let e = error as? any PodMirrorError, e.code.rawValue.hasPrefix("pods.http."), !e.message.isEmpty else {
        fail("threw a bare \(type(of: error)): \(error)")
    }
}

/// Nothing outside `stage` changed; after a success, only files, folders and links that stay inside.
func check(work: String, stage: String, outside: String, succeeded: Bool) {
    if walk(work).filter({ !$0.hasPrefix("s/") }) != ["o", "o/k", "s"] {
        fail("something changed outside the staging folder: \(walk(work))")
    }
    if FileManager.default.contents(atPath: outside + "/k") != Data("keep".utf8) { fail("o/k changed") }
    guard succeeded else { return }
    for path in walk(stage) {
        let full = stage + "/" + path
        var st = stat()
        guard lstat(full, &st) == 0 else { fail("\(path) vanished") }
        switch st.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: continue
        case S_IFLNK:
            switch destination(of: full) {
            case .nowhere: continue
            case .loop: fail("link \(path) is a loop")
            case .to(let to) where to == stage || to.hasPrefix(stage + "/"): continue
            case .to(let to): fail("link \(path) leads outside, to \(to)")
            }
        default: fail("\(path) is not a file, folder or link")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { fuzzInput(data, size, harness) }

#if FUZZING
    @_cdecl("ArchiveFuzz_main")
    public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        runFuzzer(argc, argv, fuzz)
    }
#else
    @main
    enum Replay {
        static func main() {
            replayArguments(harness)
            try? FileManager.default.removeItem(atPath: base)
        }
    }
#endif
