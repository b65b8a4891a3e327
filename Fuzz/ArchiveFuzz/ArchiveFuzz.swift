import Foundation
import FuzzSupport
import PodMirrorCocoaPods

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libFuzzer harness for PodTreeWriter, the writer every pod archive goes through (`scripts/fuzz.sh`); built
// normally, it replays the files given as arguments (seeds and regressions in Tests/Fuzz/ArchiveFuzz).
//
// An input is a list of members, each `[kind][name length][name…][target length][target…][size]`: kind % 6 picks
// file, folder, symlink, hard link, FIFO or device; names and targets are spelled in the alphabet `a b / . o k`,
// so that they can climb (`../`) and reach the sentinel folder `o` (holding `k`) beside the staging folder `s`.
//
// Invariants: no crash; a refusal is a PodTreeFailure; whatever the list, nothing outside `s` changes (the work
// folder holds exactly `s` and `o`, `o` exactly `k`, with its bytes); when the writer succeeds, every path below
// `s` is a regular file, a folder or a link whose target, resolved on disk by the kernel (realpath; a dangling
// one by its resolved folder and name), is inside `s`.

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

func harness(_ input: [UInt8]) {
    let work = base + "/w"
    let stage = work + "/s"
    let outside = work + "/o"
    try? FileManager.default.removeItem(atPath: work)
    try! FileManager.default.createDirectory(atPath: stage, withIntermediateDirectories: true)
    try! FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try! Data("keep".utf8).write(to: URL(fileURLWithPath: outside + "/k"))
    defer { try? FileManager.default.removeItem(atPath: work) }

    var succeeded = false
    do {
        let writer = try PodTreeWriter(root: stage, limits: .default, archiveBytes: 1 << 20)
        let chunk = [UInt8](repeating: 0x7A, count: 256)
        for (entry, size) in members(input) {
            try writer.add(entry, mode: 0o755)
            try chunk.withUnsafeBytes { try writer.write(UnsafeRawBufferPointer(rebasing: $0[0..<size])) }
        }
        try writer.finish()
        succeeded = true
    } catch {
        guard error is PodTreeFailure else { fail("threw a bare \(type(of: error)): \(error)") }
    }

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
