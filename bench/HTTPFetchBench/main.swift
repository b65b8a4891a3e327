import Foundation
import PodMirrorCocoaPods
import PodMirrorTransport

// http-fetch-bench [--jobs N] DEST URL...: downloads each `:http` pod source with podmirror's
// downloader (`PodArchive.download`) into DEST/<i>/ (1-based, N at a time, default 1) and prints one line per archive.
// Used by bench/http-archives.sh; not part of podmirror.
var args = Array(CommandLine.arguments.dropFirst())
var requestedJobs = 1
if args.first == "--jobs", args.count > 1, let n = Int(args[1]) {
    requestedJobs = max(1, n)
    args.removeFirst(2)
}
guard args.count >= 2 else {
    FileHandle.standardError.write(Data("usage: http-fetch-bench [--jobs N] DEST URL...\n".utf8))
    exit(2)
}
let dest = args[0]
let urls = Array(args.dropFirst())
let options = DownloadOptions(
    network: NetworkSettings(urlRewrite: SourceMirrorRules(rules: [])),
    environment: ProcessInfo.processInfo.environment)
let failures = Counter()
let jobs = requestedJobs

@Sendable func work(_ worker: Int) {
    for i in stride(from: worker, to: urls.count, by: jobs) {
        let folder = "\(dest)/\(i + 1)", scratch = "\(dest)/\(i + 1).scratch"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let bytes = try PodArchive.download(urls[i], into: folder, scratch: scratch, options: options)
            print("\(urls[i]) \(bytes) bytes")
        } catch {
            failures.add()
            FileHandle.standardError.write(Data("\(urls[i]): \(error)\n".utf8))
        }
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

// Threads, not concurrentPerform: that runs only as many iterations at once as there are cores.
let group = DispatchGroup()
for worker in 0..<jobs {
    group.enter()
    Thread {
        work(worker)
        group.leave()
    }.start()
}
group.wait()
exit(failures.value == 0 ? 0 : 1)
