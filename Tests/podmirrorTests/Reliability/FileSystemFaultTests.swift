import Foundation
import PodMirrorTestSupport
import XCTest

/// File-system faults through the built binary: read-only files and folders, a file-size limit hit
/// while writing, symlinked config files. Each must fail with exit 1 naming the file, or succeed
/// editing the link's target, and never leave a half-written or temporary file.
final class FileSystemFaultTests: ReliabilityTestCase {
    static let gemrc =
        "---\n# my gem sources\n:sources:\n- https://rubygems.org/\n- https://gems.private.example/\n"
        + ":update_sources: true\n"
    static let gitconfig = "[user]\n\tname = Someone\n\temail = someone@example.com\n[core]\n\tautocrlf = input\n"

    func testReadOnlyGemrcFailsNamingItAndKeepsEveryByte() throws {
        let home = TempDirectory()
        let gemrc = try home.write(".gemrc", Self.gemrc)
        try makeReadOnly(gemrc)
        let before = TreeSnapshot(home.path)
        let r = try bin.run(["gems", "source", "use", "tuna"], home: home.path)
        // Root gets chattr +i (the kernel refuses the rename); a user gets mode 0444, which podmirror refuses itself.
        assertFailedCleanly(
            r, status: 1, mentions: [gemrc, Self.isRoot ? "not permitted" : "mode 0444"], before: before)
    }

    func testReadOnlyHomeFolderForNewGemrcFailsAndCreatesNothing() throws {
        // No gemrc yet: the file GEMRC names, <folder>/gem/gemrc, must be created in a folder that cannot be written.
        let home = TempDirectory()
        try FileManager.default.createDirectory(atPath: home.sub(".config"), withIntermediateDirectories: true)
        try makeReadOnly(home.sub(".config"))
        let before = TreeSnapshot(home.path)
        let r = try bin.run(
            ["gems", "source", "use", "tuna", "--json"], home: home.path,
            extraEnvironment: ["GEMRC": home.sub(".config/gem/gemrc")])
        assertFailedCleanly(r, status: 1, mentions: [home.sub(".config/gem")], before: before)
        let obj = try PodmirrorBinary.json(r)
        XCTAssertEqual(obj["ok"] as? Bool, false)
        XCTAssertEqual((obj["error"] as? [String: Any])?["exitStatus"] as? Int, 1)
    }

    func testSecondFileFailingRollsBackTheFirst() throws {
        // `--bundler` edits the gemrc, then ~/.bundle/config; the second is immutable, so the first is undone.
        let home = TempDirectory()
        try home.write(".gemrc", Self.gemrc)
        let bundle = try home.write(".bundle/config", "---\nBUNDLE_JOBS: \"4\"\n")
        try makeImmutable(bundle)
        let before = TreeSnapshot(home.path)
        let r = try bin.run(["gems", "source", "use", "ruby-china", "--bundler"], home: home.path)
        assertFailedCleanly(
            r, status: 1, mentions: [bundle, "rolled back: RubyGems sources in \(home.path)/.gemrc"], before: before)
        // What was undone is said in words, never by an internal change id.
        XCTAssertFalse(r.stderr.contains("gems.gemrc"), r.stderr)
    }

    func testReadOnlyGlobalGitconfigFailsNamingIt() throws {
        let home = TempDirectory()
        let config = try home.write(".gitconfig", Self.gitconfig)
        try makeReadOnly(config)
        let before = TreeSnapshot(home.path)
        let r = try bin.run(["gitconfig", "insteadof", "use", "tuna"], home: home.path)
        assertFailedCleanly(r, status: 1, mentions: [config], before: before)
    }

    func testFileSizeLimitWhileWritingLeavesOldFileAndNoTempFile() throws {
        // A file larger than the limit: reading is allowed, the rewrite hits `ulimit -f` (EFBIG; before
        // the CLI ignored SIGXFSZ the process was killed and left `.gemrc.podmirror-XXXXXX` behind).
        let padding = (0..<120).map { "# note \($0): keep this line exactly as it is\n" }.joined()
        for (name, original, args) in [
            (".gemrc", Self.gemrc + padding, ["gems", "source", "use", "tuna"]),
            (".gitconfig", Self.gitconfig + padding, ["gitconfig", "insteadof", "use", "tuna"]),
        ] {
            let home = TempDirectory()
            try home.write(name, original)
            let before = TreeSnapshot(home.path)
            let r = try runWithFileSizeLimit(blocks: 4, args, home: home.path)
            assertFailedCleanly(r, status: 1, mentions: [home.sub(name), "too large"], before: before)
        }
    }

    func testSymlinkedGemrcEditsTheTargetAndKeepsTheLink() throws {
        let home = TempDirectory()
        let dotfiles = TempDirectory("dotfiles")
        let target = try dotfiles.write("gemrc", Self.gemrc)
        chmod(target, 0o600)
        try FileManager.default.createSymbolicLink(atPath: home.sub(".gemrc"), withDestinationPath: target)
        let homeBefore = TreeSnapshot(home.path)
        let r = try bin.run(["gems", "source", "use", "tuna"], home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        // The link is untouched (same target), the target changed in place with its mode kept.
        assertUnchanged(homeBefore)
        let text = String(decoding: try dotfiles.read("gemrc"), as: UTF8.self)
        XCTAssertEqual(
            text,
            Self.gemrc.replacingOccurrences(
                of: "https://rubygems.org/", with: "https://mirrors.tuna.tsinghua.edu.cn/rubygems/"))
        XCTAssertEqual(TreeSnapshot(target).entries[""].map { "\($0)" }?.hasPrefix("file mode 600"), true)
        XCTAssertEqual(TreeSnapshot(dotfiles.path).leftovers, [])
    }

    func testSymlinkChainToGitconfigEditsTheFinalTarget() throws {
        let home = TempDirectory()
        let dotfiles = TempDirectory("dotfiles")
        let target = try dotfiles.write("git/config", Self.gitconfig)
        try FileManager.default.createSymbolicLink(
            atPath: dotfiles.sub("gitconfig-link"), withDestinationPath: "git/config")
        try FileManager.default.createSymbolicLink(
            atPath: home.sub(".gitconfig"), withDestinationPath: dotfiles.sub("gitconfig-link"))
        let homeBefore = TreeSnapshot(home.path)
        // The run warns (GitHub URLs stay direct), and podmirror remembers shown warnings in its state folder:
        // kept outside HOME here, so the snapshot shows only what the edit did.
        let state = TempDirectory("state")
        let r = try bin.run(
            ["gitconfig", "insteadof", "use", "tuna"], home: home.path, extraEnvironment: ["XDG_STATE_HOME": state.path]
        )
        XCTAssertEqual(r.status, 0, r.stderr)
        assertUnchanged(homeBefore)
        XCTAssertEqual(TreeSnapshot(dotfiles.sub("gitconfig-link")).entries[""], .symlink(target: "git/config"))
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: target)), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(Self.gitconfig), text)
        XCTAssertTrue(text.contains("insteadOf = https://github.com/CocoaPods/Specs.git"), text)
        XCTAssertEqual(TreeSnapshot(dotfiles.path).leftovers, [])
    }
}
