import Foundation

/// A bare pod repo with a long history, built with `git fast-import`: `commits` commits on `main`, each
/// rewriting one of `files` text files with `fileBytes` of fresh random text (so every commit's objects cost
/// their size on the wire), a tag `1.0.0` three commits below the tip, and a branch `release` at the tip.
package struct LongHistoryRepo {
    /// The bare repository (`<root>/<name>.git`).
    package let path: String
    /// The commit ids on `main`, oldest first.
    package let commits: [String]
    /// The commit the tag `1.0.0` points at.
    package var taggedCommit: String { commits[commits.count - 4] }

    package init(root: String, name: String, commits count: Int = 300, files: Int = 4, fileBytes: Int = 3_000)
        throws
    {
        path = root + "/\(name).git"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let initialized = try ProcessRunner.git(["init", "-q", "--bare", "-b", "main", path])
        guard initialized.status == 0 else { throw Self.failure("git init", initialized.stderr) }
        var stream = ""
        var generator = SystemRandomNumberGenerator()
        for i in 1...count {
            let raw = (0..<(fileBytes * 3 / 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Data(raw).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]) + "\n"
            let message = "commit \(i)\n"
            stream += "commit refs/heads/main\nmark :\(i)\n"
            stream += "committer Test <test@example.com> \(1_700_000_000 + i * 60) +0000\n"
            stream += "data \(message.utf8.count)\n\(message)"
            stream += "M 100644 inline Sources/data\(i % files).txt\ndata \(text.utf8.count)\n\(text)\n"
        }
        stream += "reset refs/tags/1.0.0\nfrom :\(count - 3)\n\n"
        stream += "reset refs/heads/release\nfrom :\(count)\n\n"
        let imported = try ProcessRunner.run(
            ProcessRunner.which("git") ?? "/usr/bin/git", ["-C", path, "fast-import", "--quiet"], stdin: stream)
        guard imported.status == 0 else { throw Self.failure("git fast-import", imported.stderr) }
        let list = try ProcessRunner.git(["-C", path, "rev-list", "--reverse", "main"])
        commits = list.stdout.split(separator: "\n").map(String.init)
        guard commits.count == count else { throw Self.failure("git rev-list", list.stderr) }
    }

    private static func failure(_ what: String, _ stderr: String) -> NSError {
        NSError(domain: "LongHistoryRepo", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(what): \(stderr)"])
    }
}
