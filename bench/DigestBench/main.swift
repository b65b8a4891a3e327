import Foundation
import PodMirrorFoundation
@_spi(Benchmark) import PodMirrorFoundation

// digest-bench FILE [RUNS]: hashes FILE (read into memory first) with Digest's platform implementation and
// its Swift fallback, SHA-1, MD5 and SHA-256, fed 1 MiB at a time as the pack writer does; prints the median
// seconds of RUNS runs, MB/s, the ratio and the digest (bench/digest.sh compares it with coreutils).
// Used by bench/digest.sh; not part of podmirror.
let args = Array(CommandLine.arguments.dropFirst())
guard let path = args.first, let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("usage: digest-bench FILE [RUNS]\n".utf8))
    exit(2)
}
let runs = args.count > 1 ? max(1, Int(args[1]) ?? 3) : 3

func run(_ algorithm: DigestAlgorithm, platform: Bool) -> (seconds: Double, hex: String) {
    var times: [Double] = []
    var hex = ""
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        var digest = Digest(algorithm, platform: platform)
        data.withUnsafeBytes { all in
            for at in stride(from: 0, to: all.count, by: 1 << 20) {
                digest.update(UnsafeRawBufferPointer(rebasing: all[at..<min(all.count, at + (1 << 20))]))
            }
        }
        hex = digest.finalizeHex()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (times.sorted()[times.count / 2], hex)
}

let megabytes = Double(data.count) / 1e6
print("file: \(data.count) bytes, median of \(runs) runs")
for algorithm in [DigestAlgorithm.sha1, .md5, .sha256] {
    let platform = run(algorithm, platform: true)
    let swift = run(algorithm, platform: false)
    guard platform.hex == swift.hex else {
        print("\(algorithm): the implementations disagree: \(platform.hex) vs \(swift.hex)")
        exit(1)
    }
    func line(_ name: String, _ r: (seconds: Double, hex: String)) -> String {
        let rate = String(format: "%.0f", megabytes / r.seconds)
        return "\(algorithm) \(name): \(String(format: "%.3f", r.seconds)) s, \(rate) MB/s"
    }
    print(line("swift   ", swift))
    print(line("platform", platform) + ", \(String(format: "%.3f", platform.seconds / swift.seconds))x the Swift time")
    print("\(algorithm) digest: \(platform.hex)")
}
