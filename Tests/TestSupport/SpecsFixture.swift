import Foundation

/// A small Specs-shaped git repo built with the git CLI (reference tool; podmirror never runs git):
/// `Specs/<a>/<b>/<c>/<Pod>/<version>/<Pod>.podspec.json` sharded by md5 like CocoaPods/Specs, plus
/// `CocoaPods-version.yml`. A working clone `work` commits; `bare` (`<root>/<name>.git`) is what a
/// `GitHTTPServer` over `root` serves.
// @unchecked: `counter` changes only in commits, which a test makes from its own thread.
package final class SpecsFixture: @unchecked Sendable {
    package let root: String
    package let name: String
    package let work: String
    package var bare: String { "\(root)/\(name).git" }
    private var counter = 0
    private let seed: String

    /// Builds `<root>/<name>.git` with `pods` podspecs in `commits` commits. Different seeds give
    /// unrelated histories; `padding` bytes of random text per podspec make the pack bigger.
    package init(root: String, name: String, pods: Int = 40, commits: Int = 4, seed: String = "a", padding: Int = 0)
        throws
    {
        self.root = root
        self.name = name
        self.seed = seed
        work = "\(root)/.work-\(name)"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "master", work])
        try write("CocoaPods-version.yml", "---\nmin: 1.0.0\nlast: 1.17.0\nprefix_lengths:\n- 1\n- 1\n- 1\n")
        let perCommit = max(1, pods / max(1, commits))
        for c in 0..<commits {
            for _ in 0..<perCommit { try addPod(padding: padding) }
            try git(["-C", work, "add", "-A"])
            try git(["-C", work, "commit", "-q", "-m", "specs \(seed) \(c)"])
        }
        try git(["clone", "-q", "--bare", work, bare])
    }

    private init(root: String, name: String, work: String, seed: String, counter: Int) {
        self.root = root
        self.name = name
        self.work = work
        self.seed = seed
        self.counter = counter
    }

    /// A mirror sharing this history: `<root>/<name>.git` cloned from this bare repo.
    package func mirror(named mirrorName: String, seed mirrorSeed: String) throws -> SpecsFixture {
        let m = SpecsFixture(
            root: root, name: mirrorName, work: "\(root)/.work-\(mirrorName)", seed: mirrorSeed, counter: 0)
        try git(["clone", "-q", bare, m.work])
        try git(["clone", "-q", "--bare", bare, m.bare])
        try git(["-C", m.work, "remote", "set-url", "origin", m.bare])
        return m
    }

    /// Adds `count` commits, each adding one podspec (and removing one every third commit), and pushes them;
    /// `padding` bytes of random text per new podspec make the fetch bigger.
    @discardableResult
    package func addCommits(_ count: Int, padding: Int = 0) throws -> String {
        for i in 0..<count {
            try addPod(padding: padding)
            if i % 3 == 2, let victim = try? firstPodspec() { try FileManager.default.removeItem(atPath: victim) }
            try git(["-C", work, "add", "-A"])
            try git(["-C", work, "commit", "-q", "-m", "more specs \(seed) \(counter)"])
        }
        try git(["-C", work, "push", "-q", bare, "master"])
        return head
    }

    package var head: String {
        (try? git(["--git-dir", bare, "rev-parse", "master"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            ?? ""
    }

    private func addPod(padding: Int) throws {
        counter += 1
        let pod = "Pod\(seed.capitalized)\(counter)"
        let hex = md5Hex(pod)
        let chars = Array(hex)
        let rel = "Specs/\(chars[0])/\(chars[1])/\(chars[2])/\(pod)/1.0.\(counter % 7)/\(pod).podspec.json"
        var pad = ""
        if padding > 0 {
            var g = SystemRandomNumberGenerator()
            pad = String((0..<padding).map { _ in "0123456789abcdef".randomElement(using: &g)! })
        }
        try write(
            rel,
            """
            {
              "name": "\(pod)",
              "version": "1.0.\(counter % 7)",
              "summary": "A pod for tests (\(seed)).",
              "homepage": "https://example.com/\(pod)",
              "license": "MIT",
              "authors": {"Test": "test@example.com"},
              "source": {"git": "https://example.com/\(pod).git", "tag": "1.0.\(counter % 7)"},
              "platforms": {"ios": "12.0"},
              "source_files": "Sources/**/*.swift",
              "description": "\(pad)"
            }

            """)
    }

    private func firstPodspec() throws -> String? {
        let e = FileManager.default.enumerator(atPath: work + "/Specs")
        while let p = e?.nextObject() as? String {
            if p.hasSuffix(".podspec.json") { return work + "/Specs/" + p }
        }
        return nil
    }

    private func write(_ rel: String, _ text: String) throws {
        let p = work + "/" + rel
        try FileManager.default.createDirectory(
            atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: p, atomically: false, encoding: .utf8)
    }

    @discardableResult
    private func git(_ args: [String]) throws -> ProcessResult {
        let r = try ProcessRunner.git(args)
        if r.status != 0 {
            throw NSError(
                domain: "SpecsFixture", code: Int(r.status),
                userInfo: [NSLocalizedDescriptionKey: "git \(args.joined(separator: " ")): \(r.stderr)"])
        }
        return r
    }

    /// A stable hex shard for the pod name (FNV-1a; the layout only needs three hex characters).
    private func md5Hex(_ s: String) -> String {
        var h: UInt32 = 2_166_136_261
        for b in s.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return String(format: "%08x", h)
    }
}
