import Foundation
import PodMirrorKit

// digest-bench FILE [RUNS]: SHA-1, MD5 and SHA-256 of FILE by `Digest` (swift-crypto) against the reference
// commands on the same file in the same run: coreutils' sha1sum/md5sum/sha256sum and `openssl dgst`.
// `Digest` is timed twice: reading the file itself (`Digest.hex(fileAt:)`, as the commands do, minus their
// process start) and from memory fed 1 MiB at a time (as the pack writer does). Prints the median seconds of
// RUNS runs, MB/s and each time as a ratio of the coreutils command's; exits 1 when a digest differs.
// Used by bench/digest.sh; not part of podmirror.
let args = Array(CommandLine.arguments.dropFirst())
guard let path = args.first, let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("usage: digest-bench FILE [RUNS]\n".utf8))
    exit(2)
}
let runs = args.count > 1 ? max(1, Int(args[1]) ?? 3) : 3
let megabytes = Double(data.count) / 1e6

/// The median seconds of `runs` calls of `body` and its last result.
func timed(_ body: () throws -> String) rethrows -> (seconds: Double, hex: String) {
    var times: [Double] = []
    var hex = ""
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        hex = try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (times.sorted()[times.count / 2], hex)
}

/// The first hex word a command prints for FILE (`sha1sum FILE`, `openssl dgst -r -sha1 FILE`).
func command(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments + [path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: out, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init)
        ?? ""
}

print("file: \(data.count) bytes, median of \(runs) runs")
var differs = false
for (algorithm, name) in [(DigestAlgorithm.sha1, "sha1"), (.md5, "md5"), (.sha256, "sha256")] {
    let coreutils = try timed { try command("/usr/bin/\(name)sum", []) }
    var rows: [(String, (seconds: Double, hex: String))] = [("\(name)sum", coreutils)]
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") {
        rows.append(("openssl dgst", try timed { try command("/usr/bin/openssl", ["dgst", "-r", "-\(name)"]) }))
    }
    rows.append(("Digest, file", try timed { try Digest.hex(algorithm, fileAt: path) }))
    rows.append(
        (
            "Digest, memory",
            timed {
                var digest = Digest(algorithm)
                data.withUnsafeBytes { all in
                    for at in stride(from: 0, to: all.count, by: 1 << 20) {
                        digest.update(UnsafeRawBufferPointer(rebasing: all[at..<min(all.count, at + (1 << 20))]))
                    }
                }
                return digest.finalizeHex()
            }
        ))
    for (label, r) in rows {
        let rate = String(format: "%.0f", megabytes / r.seconds)
        let ratio = String(format: "%.2f", r.seconds / coreutils.seconds)
        print("\(name) \(label.padding(toLength: 15, withPad: " ", startingAt: 0)): "
            + "\(String(format: "%.3f", r.seconds)) s, \(rate) MB/s, \(ratio)x \(name)sum's time")
        if r.hex != coreutils.hex {
            print("\(name) \(label): digest \(r.hex) differs from \(name)sum's \(coreutils.hex)")
            differs = true
        }
    }
}
if differs { exit(1) }
print("every digest equals coreutils'")
