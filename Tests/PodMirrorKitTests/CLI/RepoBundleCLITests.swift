import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo export` / `repo import`: git bundles, checked against the git CLI both ways.
final class RepoBundleCLITests: RepoCLITestCase {
    var files: TempDirectory!

    override func setUpWithError() throws {
        try super.setUpWithError()
        files = TempDirectory("pm-bundles")
    }

    /// The git CLI verifies the bundle, clones it at `tip` and finds the clone whole; the clone's path.
    private func gitClones(_ file: String, at tip: String) throws -> String {
        let verify = try ProcessRunner.git(["-C", official.work, "bundle", "verify", file])
        XCTAssertEqual(verify.status, 0, verify.stderr)
        let clone = files.sub("clone")
        let r = try ProcessRunner.git(["clone", "-q", file, clone])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try git(clone, ["rev-parse", "HEAD"]), tip)
        XCTAssertEqual(try ProcessRunner.git(["-C", clone, "fsck", "--no-progress"]).status, 0)
        return clone
    }

    func testExportWritesABundleTheGitCLIVerifiesAndClones() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let file = files.sub("specs.bundle")
        let out = try json(["repo", "export", "master", file])
        XCTAssertEqual(out["tip"] as? String, official.head)
        XCTAssertEqual(out["branch"] as? String, "master")
        XCTAssertEqual(out["packReused"] as? Bool, true, "a fresh clone keeps all its objects in one pack")
        let bytes = try XCTUnwrap(out["bytes"] as? Int)
        XCTAssertEqual(bytes, (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int))
        XCTAssertNotNil(out["seconds"] as? Double)
        let head = try XCTUnwrap(FileManager.default.contents(atPath: file)).prefix(16)
        XCTAssertEqual(String(decoding: head, as: UTF8.self), "# v2 git bundle\n")
        let clone = try gitClones(file, at: official.head)
        XCTAssertEqual(try git(clone, ["rev-parse", "--abbrev-ref", "HEAD"]), "master")
        XCTAssertEqual(try git(clone, ["ls-files"]), try git(official.work, ["ls-files"]))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: files.path).sorted(), ["clone", "specs.bundle"])
    }

    func testExportWithALooseCommitBuildsAPackGitVerifiesAndClones() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let path = repos + "/master"
        // A commit made in the copy is a loose object outside the clone's pack: that pack is no longer complete.
        try "{}\n".write(toFile: path + "/Local.podspec.json", atomically: false, encoding: .utf8)
        _ = try git(path, ["add", "Local.podspec.json"])
        _ = try git(path, ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "local"])
        let tip = try git(path, ["rev-parse", "HEAD"])
        XCTAssertNotEqual(tip, official.head)
        let file = files.sub("loose.bundle")
        let out = try json(["repo", "export", "master", file])
        XCTAssertEqual(out["packReused"] as? Bool, false)
        XCTAssertEqual(out["tip"] as? String, tip)
        let clone = try gitClones(file, at: tip)
        XCTAssertEqual(try git(clone, ["show", "HEAD:Local.podspec.json"]), "{}")
    }

    /// After `repo update` the copy keeps two packs (the clone's and the update's, which repeats the bases of
    /// its deltas): they are joined into the bundle's one pack, each object once, which git verifies, clones
    /// and checks. A third pack repeating the tip commit is left out the same way; a fourth holding every
    /// object again, with deltas naming bases by offset, cannot be thinned, so the packbuilder builds the pack.
    func testExportAfterAnUpdateJoinsThePacksUnlessTheyShareAnObject() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let tip = try official.addCommits(2)
        XCTAssertEqual(try pm(["repo", "update", "master"]).status, 0)
        let path = repos + "/master"
        let packs = try FileManager.default.contentsOfDirectory(atPath: path + "/.git/objects/pack")
            .filter { $0.hasSuffix(".pack") }
        XCTAssertEqual(packs.count, 2)
        let file = files.sub("joined.bundle")
        let out = try json(["repo", "export", "master", file])
        XCTAssertEqual(out["packReused"] as? Bool, true)
        XCTAssertEqual(out["tip"] as? String, tip)
        let clone = try gitClones(file, at: tip)
        let counted = try git(clone, ["count-objects", "-v"])
        XCTAssertTrue(counted.contains("in-pack: \(out["objects"] as? Int ?? -1)"), counted)
        XCTAssertEqual(
            try pm(["repo", "import", file, "--name", "copy", "--origin", server.url("specs.git")]).status, 0)
        XCTAssertEqual(try git(repos + "/copy", ["rev-parse", "HEAD"]), tip)

        let pack = { (input: String, flags: [String]) in
            let r = try ProcessRunner.run(
                ProcessRunner.which("git")!, ["-C", path, "pack-objects", "-q"] + flags + [".git/objects/pack/pack"],
                stdin: input)
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        try pack(tip + "\n", [])
        // The file is this tip's bundle already (an export would leave it): written afresh for each pack layout.
        try FileManager.default.removeItem(atPath: file)
        let third = try json(["repo", "export", "master", file])
        XCTAssertEqual(third["packReused"] as? Bool, true)
        XCTAssertEqual(third["objects"] as? Int, out["objects"] as? Int, "the repeated commit is left out")
        XCTAssertEqual(try ProcessRunner.git(["-C", official.work, "bundle", "verify", file]).status, 0)
        try pack("HEAD\n", ["--revs", "--delta-base-offset"])
        try FileManager.default.removeItem(atPath: file)
        let rebuilt = try json(["repo", "export", "master", file])
        XCTAssertEqual(rebuilt["packReused"] as? Bool, false)
        let again = try ProcessRunner.git(["-C", official.work, "bundle", "verify", file])
        XCTAssertEqual(again.status, 0, again.stderr)
    }

    func testExportPastAFileSizeLimitKeepsTheOldFileAndLeavesNothing() throws {
        _ = try SpecsFixture(root: served.path, name: "big", pods: 40, commits: 2, seed: "big", padding: 3000)
        XCTAssertEqual(try pm(["repo", "add", "big", server.url("big.git")]).status, 0)
        let file = files.sub("big.bundle")
        try Data("old bundle bytes\n".utf8).write(to: URL(fileURLWithPath: file))
        let before = TreeSnapshot(files.path)
        // `ulimit -f 16`: at most 8-16 KB per file (the bundle is far bigger).
        let r = try ProcessRunner.run(
            "/bin/sh", ["-c", "ulimit -f 16; exec \"$0\" \"$@\"", bin.path, "repo", "export", "big", file],
            environment: bin.environment(home: home.path))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot write \(file)"), r.stderr)
        XCTAssertEqual(before.differences(to: TreeSnapshot(files.path)), [])
        XCTAssertEqual(TreeSnapshot(files.path).leftovers, [])
    }

    /// A killed `repo export` (kill -9: no clean-up runs) leaves its temporary bundle beside FILE; the next
    /// export removes it once its owner is gone, also when FILE is already current, and keeps a live one's.
    func testTheNextExportRemovesTheTemporaryBundleOfAKilledOne() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let file = files.sub("specs.bundle")
        let dead = try ProcessRunner.exitedProcessID()
        let stale = try files.write(".specs.bundle.podmirror-\(dead)-Ab12Cd", "# v2 git bundle\nhalf a pack")
        let live = try files.write(".specs.bundle.podmirror-\(getpid())-Ef34Gh", "being written")
        let out = try json(["repo", "export", "master", file])
        let kinds = (out["changes"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        XCTAssertTrue(kinds.contains("leftover-remove"), "\(kinds)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        _ = try gitClones(file, at: official.head)

        let again = try files.write(".specs.bundle.podmirror-\(dead)-Zz99Yy", "# v2 git bundle\n")
        XCTAssertEqual(try pm(["repo", "export", "master", file, "--check"]).status, 3, "the leftover is drift")
        XCTAssertTrue(FileManager.default.fileExists(atPath: again), "--check changes nothing")
        XCTAssertEqual(try pm(["repo", "export", "master", file]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: again))
        try FileManager.default.removeItem(atPath: live)
        XCTAssertEqual(try pm(["repo", "export", "master", file, "--check"]).status, 0)
    }

    func testExportOfAMissingRepoFails() throws {
        let r = try pm(["repo", "export", "nope", files.sub("x.bundle")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("Unable to find the `nope` repo"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: files.sub("x.bundle")))
    }

    /// A bundle written by `git bundle create` for the official fixture.
    func gitBundle(_ file: String, of work: String? = nil) throws -> String {
        let r = try ProcessRunner.git(["-C", work ?? official.work, "bundle", "create", file, "master"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return file
    }

    func testImportsABundleGitWroteAndUpdatesFetchOnlyTheDelta() throws {
        let file = try gitBundle(files.sub("git.bundle"))
        let url = server.url("specs.git")
        let out = try json(["repo", "import", file, "--origin", url, "--expect", String(official.head.prefix(10))])
        XCTAssertEqual(out["method"] as? String, "bundle")
        XCTAssertEqual(out["name"] as? String, "0", "CocoaPods' name for the origin URL")
        XCTAssertEqual(out["newHead"] as? String, official.head)
        let path = repos + "/0"
        try assertCocoaPodsClone(path, url: url, head: official.head)
        XCTAssertEqual(try git(path, ["ls-files"]), try git(official.work, ["ls-files"]))
        XCTAssertEqual(try git(path, ["rev-parse", "--abbrev-ref", "origin/HEAD"]), "origin/master")
        XCTAssertEqual(leftovers(), [])
        XCTAssertEqual(server.bytesSent, 0, "a bundle import uses no network")

        // The same tip again: nothing to do.
        let again = try json(["repo", "import", file, "--origin", url])
        XCTAssertEqual(again["changed"] as? Bool, false)
        XCTAssertEqual(again["method"] as? String, "none")

        let new = try official.addCommits(3)
        let bundleBytes = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let update = try json(["repo", "update", "0"])
        XCTAssertEqual(update["newHead"] as? String, new)
        try assertCocoaPodsClone(path, url: url, head: new)
        XCTAssertGreaterThan(server.bytesSent, 0)
        XCTAssertLessThan(
            server.bytesSent, bundleBytes / 2, "only the delta travelled (\(server.bytesSent) of \(bundleBytes) bytes)")
    }

    func testImportOfItsOwnExportRoundTrips() throws {
        XCTAssertEqual(try pm(["repo", "add", "master", server.url("specs.git")]).status, 0)
        let file = files.sub("specs.bundle")
        XCTAssertEqual(try pm(["repo", "export", "master", file]).status, 0)
        let out = try json([
            "repo", "import", "file://" + file, "--name", "seeded", "--origin", server.url("specs.git"),
        ])
        XCTAssertEqual(out["method"] as? String, "bundle")
        try assertCocoaPodsClone(repos + "/seeded", url: server.url("specs.git"), head: official.head)
    }

    /// An existing repo plus Spec_Lock, to show a failed import leaves every byte as it was.
    func preparedRepos() throws -> TreeSnapshot {
        XCTAssertEqual(try pm(["repo", "add", "other", server.url("specs.git")]).status, 0)
        return TreeSnapshot(repos)
    }

    func testTruncatedBundleIsAClearErrorAndLeavesNothing() throws {
        let full = try XCTUnwrap(FileManager.default.contents(atPath: try gitBundle(files.sub("git.bundle"))))
        let file = files.sub("cut.bundle")
        try full.prefix(full.count * 2 / 3).write(to: URL(fileURLWithPath: file))
        let before = try preparedRepos()
        let r = try pm(["repo", "import", file, "--name", "fresh", "--origin", server.url("specs.git"), "--json"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let error = try XCTUnwrap(try PodmirrorBinary.json(r)["error"] as? [String: Any])
        XCTAssertEqual(error["code"] as? String, "bundle.corrupt")
        XCTAssertTrue((error["message"] as? String ?? "").contains("truncated or corrupt"), "\(error)")
        XCTAssertEqual(before.differences(to: TreeSnapshot(repos)), [])
        XCTAssertEqual(TreeSnapshot(repos).leftovers, [])
    }

    func testNotABundleAndWrongExpectChangeNothing() throws {
        let before = try preparedRepos()
        let junk = files.sub("junk.bundle")
        try Data("PK\u{3}\u{4} this is a zip, not a bundle\n".utf8).write(to: URL(fileURLWithPath: junk))
        var r = try pm(["repo", "import", junk, "--origin", server.url("specs.git")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("is not a git bundle: the first line is not `# v2 git bundle`"), r.stderr)
        r = try pm(["repo", "import", files.sub("missing.bundle"), "--origin", server.url("specs.git")])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot read"), r.stderr)
        let file = try gitBundle(files.sub("git.bundle"))
        r = try pm([
            "repo", "import", file, "--origin", server.url("specs.git"), "--expect", "0123456789abcdef", "--json",
        ])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertEqual(
            (try PodmirrorBinary.json(r)["error"] as? [String: Any])?["code"] as? String, "bundle.expect-mismatch")
        r = try pm(["repo", "import", file, "--origin", server.url("specs.git"), "--expect", "xyz"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertEqual(before.differences(to: TreeSnapshot(repos)), [])
        XCTAssertEqual(TreeSnapshot(repos).leftovers, [])
    }

    func testFallbackCloneWhenTheBundleIsBad() throws {
        let full = try XCTUnwrap(FileManager.default.contents(atPath: try gitBundle(files.sub("git.bundle"))))
        let file = files.sub("cut.bundle")
        try full.prefix(full.count - 30).write(to: URL(fileURLWithPath: file))
        let out = try json(["repo", "import", file, "--origin", server.url("specs.git"), "--fallback-clone"])
        XCTAssertEqual(out["method"] as? String, "clone")
        XCTAssertNotNil(out["bundleError"] as? String)
        let warned = (out["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        XCTAssertEqual(warned, ["bundle.fallback-clone"], "a fallback while applying warns as one while planning")
        try assertCocoaPodsClone(repos + "/0", url: server.url("specs.git"), head: official.head)
        XCTAssertEqual(leftovers(), [])
        // In text: the clone is said, as a warning, and no line claims the bundle was imported.
        let text = try pm([
            "repo", "import", file, "--origin", server.url("specs.git"), "--name", "t", "--fallback-clone",
        ])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stderr.contains("warning: the bundle cannot be used"), text.stderr)
        XCTAssertTrue(text.stdout.contains("clone \(server.url("specs.git"))"), text.stdout)
        XCTAssertFalse(text.stdout.contains("import the bundle"), text.stdout)
        // A file that is no bundle at all falls back while planning (the warning says why).
        let junk = files.sub("junk.bundle")
        try Data("junk\n".utf8).write(to: URL(fileURLWithPath: junk))
        let second = try json([
            "repo", "import", junk, "--origin", server.url("specs.git"), "--name", "two", "--fallback-clone",
        ])
        XCTAssertEqual(second["method"] as? String, "clone")
        let codes = (second["warnings"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["bundle.fallback-clone"])
    }

    func testSIGINTDuringImportKeepsThePreviousState() throws {
        let big = try SpecsFixture(root: served.path, name: "big", pods: 3000, commits: 2, seed: "big", padding: 400)
        let file = try gitBundle(files.sub("big.bundle"), of: big.work)
        let before = try preparedRepos()
        let p = try bin.start(["repo", "import", file, "--origin", server.url("big.git")], home: home.path)
        try waitFor { !self.leftovers().isEmpty || !p.isRunning }
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        if p.terminationStatus == 0 { throw XCTSkip("the import finished before SIGINT arrived") }
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertEqual(before.differences(to: TreeSnapshot(repos)), [])
        XCTAssertEqual(TreeSnapshot(repos).leftovers, [])
    }

    func waitFor(_ timeout: TimeInterval = 30, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { throw XCTSkip("condition not reached in \(timeout) s") }
            usleep(2_000)
        }
    }

    func testSetupSeedImportsTheBundleOnceThenIsIdempotent() throws {
        let file = try gitBundle(files.sub("seed.bundle"))
        let url = server.url("specs.git")
        try home.write("Podfile", "source 'https://cdn.cocoapods.org/'\n\npod 'A'\n")
        let args = [
            "setup", "--strategy", "podfile", "--mirror", url, "--seed", file, "--podfile", home.sub("Podfile"),
            "--no-verify",
        ]
        let r = try pm(args + ["--json"])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let kinds = (try PodmirrorBinary.json(r)["changes"] as? [[String: Any]])?.map { $0["kind"] as? String }
        XCTAssertEqual(kinds, ["spec-repo-import", "podfile-edit"])
        try assertCocoaPodsClone(repos + "/0", url: url, head: official.head)
        XCTAssertEqual(server.bytesSent, 0, "seeded without the network")
        XCTAssertEqual(String(decoding: try home.read("Podfile"), as: UTF8.self), "source '\(url)'\n\npod 'A'\n")
        // A provisioning script passes --seed on every run: nothing changes the second time.
        let again = try pm(args + ["--json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        let changes = try PodmirrorBinary.json(again)["changes"] as? [[String: Any]] ?? []
        XCTAssertTrue(changes.allSatisfy { $0["changed"] as? Bool == false }, "\(changes)")
        XCTAssertEqual(
            try pm(["setup", "--seed", file, "--podfile", home.sub("Podfile"), "--platform", "ios:13.0"]).status, 2,
            "--seed without --mirror is a usage error")
    }

    /// A file server on 127.0.0.1 that honours `Range` and breaks the first answer off after `cut` bytes.
    final class BreakingFileServer {
        let process = Process()
        let state = TempDirectory("pm-fileserver")
        var port = 0
        var log: [String] {
            ((try? String(contentsOfFile: state.sub("log"), encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
        }

        init(file: String, cut: Int) throws {
            let script = #"""
                import sys, socket
                from http.server import BaseHTTPRequestHandler, HTTPServer
                data = open(sys.argv[1], 'rb').read(); cut = int(sys.argv[2]); state = sys.argv[3]; seen = [0]
                class H(BaseHTTPRequestHandler):
                    protocol_version = 'HTTP/1.1'
                    def log_message(self, *a): pass
                    def do_GET(self):
                        seen[0] += 1
                        rng = self.headers.get('Range')
                        open(state + '/log', 'a').write('%s %s\n' % (self.path, rng))
                        if self.path != '/specs.bundle':
                            self.send_response(404); self.send_header('Content-Length', '0'); self.end_headers(); return
                        start = int(rng.split('=')[1].split('-')[0]) if rng else 0
                        body = data[start:]
                        self.send_response(206 if rng else 200)
                        if rng: self.send_header('Content-Range', 'bytes %d-%d/%d' % (start, len(data) - 1, len(data)))
                        self.send_header('Content-Length', str(len(body)))
                        self.end_headers()
                        if seen[0] == 1:
                            self.wfile.write(body[:cut]); self.wfile.flush()
                            self.connection.shutdown(socket.SHUT_RDWR); self.close_connection = True
                            return
                        self.wfile.write(body)
                s = HTTPServer(('127.0.0.1', 0), H)
                open(state + '/port', 'w').write(str(s.server_address[1]))
                s.serve_forever()
                """#
            try script.write(toFile: state.sub("server.py"), atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: ProcessRunner.which("python3") ?? "/usr/bin/python3")
            process.arguments = [state.sub("server.py"), file, String(cut), state.path]
            try process.run()
            for _ in 0..<200 {
                if let p = try? String(contentsOfFile: state.sub("port"), encoding: .utf8), let n = Int(p) {
                    port = n
                    return
                }
                usleep(25_000)
            }
            throw XCTSkip("the file server did not start")
        }

        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
        deinit { stop() }
    }

    func testHTTPBundleBrokenOffMidwayIsResumedWithRange() throws {
        let file = try gitBundle(files.sub("specs.bundle"))
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let web = try BreakingFileServer(file: file, cut: size / 2)
        defer { web.stop() }
        let out = try json([
            "repo", "import", "http://127.0.0.1:\(web.port)/specs.bundle", "--origin", server.url("specs.git"),
            "--name", "web",
        ])
        XCTAssertEqual(out["method"] as? String, "bundle")
        try assertCocoaPodsClone(repos + "/web", url: server.url("specs.git"), head: official.head)
        XCTAssertEqual(
            web.log, ["/specs.bundle None", "/specs.bundle bytes=\(size / 2)-"], "the second request resumed")
        XCTAssertEqual(leftovers(), [])
        // A missing bundle is a network error (exit 4) that leaves nothing behind.
        let before = TreeSnapshot(repos)
        let r = try pm([
            "repo", "import", "http://127.0.0.1:\(web.port)/missing.bundle", "--origin", server.url("specs.git"),
            "--name", "gone",
        ])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("cannot download http://127.0.0.1:\(web.port)/missing.bundle"), r.stderr)
        XCTAssertEqual(before.differences(to: TreeSnapshot(repos)), [])
    }
}
