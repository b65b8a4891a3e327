@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `pods fetch` against real git smart-HTTP servers on loopback, checked byte for byte against what
/// CocoaPods 1.17.0 writes into its download cache.
final class PodsFetchTests: PodSourcesServedTestCase {
    override var prefix: String { "pods-fetch" }

    var environment: RuntimeEnvironment {
        RuntimeEnvironment(
            variables: ["HOME": fixture.home, "PATH": "/usr/bin:/bin"], currentDirectory: fixture.project)
    }

    var podsDir: String { fixture.home + "/Library/Caches/CocoaPods/Pods" }

    func fetcher(
        lock: String, jobs: Int = 8, stall: TimeInterval = 30, lockTimeout: TimeInterval = 30,
        only: [String] = [], strictChecksums: Bool = false
    ) throws -> PodsFetcher {
        var request = PodsFetchRequest(
            lockfilePath: lock, only: only, jobs: jobs, cocoapodsVersion: "1.17.0",
            network: .test(stallTimeout: stall, lockTimeout: lockTimeout), environment: environment)
        request.strictChecksums = strictChecksums
        return try PodsFetcher(request: request)
    }

    func result(_ report: PodsFetchReport, _ name: String) -> PodFetchResult {
        report.pods.first { $0.name == name }!
    }

    /// Every file below `dir` (relative paths), symlinks and folders included, `.lock` and `.git` visible.
    func files(_ dir: String) -> [String] {
        let e = FileManager.default.enumerator(atPath: dir)
        var out: [String] = []
        while let p = e?.nextObject() as? String { out.append(p) }
        return out.sorted()
    }

    func md5(_ s: String) throws -> String {
        try ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import hashlib,sys;print(hashlib.md5(sys.argv[1].encode()).hexdigest())", s,
            ]
        )
        .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The tree `git clone` + checkout gives for `rev` (reference), without `.git`.
    func referenceCheckout(_ pod: String, _ rev: String, submodules: Bool = false) throws -> String {
        try fixture.referenceCheckout(pod, rev, submodules: submodules)
    }

    func assertSameTree(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) {
        let sa = TreeSnapshot(a)
        let sb = TreeSnapshot(b)
        XCTAssertEqual(sa.differences(to: sb), [], "\(a) vs \(b)", file: file, line: line)
    }

    // MARK: Slugs, lockfile, spec lookup

    func testPodfileLockSectionsAsCocoaPodsWritesThem() throws {
        let lock = try PodfileLock.parse(try fixture.podfileLock(), path: "Podfile.lock")
        XCTAssertEqual(
            lock.pods.map(\.name),
            [
                "PMBar", "PMFoo", "PMGitA", "PMGitB", "PMGitC", "PMLocal", "PMPrep",
                "PMRuby", "PMSubm",
            ])
        XCTAssertEqual(lock.specRepo(of: "PMBar"), fixture.unshardedURL)
        XCTAssertEqual(lock.checkoutOptions["PMGitB"]?["commit"], fixture.commits["PMGitB.main"])
        XCTAssertEqual(lock.externalSources["PMLocal"]?["path"], "../PMLocal")
        XCTAssertEqual(lock.cocoapodsVersion, "1.17.0")
        XCTAssertEqual(lock.specChecksums["PMFoo"], try fixture.sha1(ofSpec: "PMFoo"))
        XCTAssertThrowsError(try PodfileLock.parse("PODS: [1, 2\n", path: "/x/Podfile.lock")) { e in
            XCTAssertTrue("\(e)".contains("/x/Podfile.lock"), "\(e)")
        }
        XCTAssertThrowsError(try PodfileLock.parse("PODS:\n  - no version here\n", path: "/x/Podfile.lock")) { e in
            XCTAssertEqual((e as? PodMirrorFailure)?.code, .podsLockShape)
            XCTAssertTrue("\(e)".contains("/x/Podfile.lock:2"), "\(e)")
        }
        // A file that is not a mapping at all says so, not "the (document) section is not what CocoaPods writes".
        XCTAssertThrowsError(try PodfileLock.parse("just some notes\n", path: "/x/Podfile.lock")) { e in
            XCTAssertEqual((e as? PodMirrorFailure)?.code, .podsLockShape)
            XCTAssertTrue("\(e)".contains("/x/Podfile.lock is not a Podfile.lock"), "\(e)")
            XCTAssertFalse("\(e)".contains("(document)"), "\(e)")
        }
    }
    // MARK: Fetching

    func testFetchFillsCacheByteForByteAndSecondRunChangesNothing() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock())
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        for name in ["PMBar", "PMFoo", "PMGitA", "PMGitB", "PMGitC", "PMRuby", "PMSubm"] {
            XCTAssertEqual(result(report, name).status, .fetched, "\(name): \(result(report, name))")
        }
        XCTAssertEqual(result(report, "PMLocal").status, .skipped)
        XCTAssertEqual(result(report, "PMPrep").status, .skipped)
        XCTAssertTrue(result(report, "PMPrep").reason!.contains("prepare_command"))
        XCTAssertTrue(report.changed)
        for name in ["PMBar", "PMGitA"] { XCTAssertGreaterThan(result(report, name).seconds, 0, name) }

        // VERSION: exactly the 6 bytes, no newline.
        XCTAssertEqual(
            try tmp.read(podsDir.replacingOccurrences(of: tmp.path + "/", with: "") + "/VERSION"),
            Array("1.17.0".utf8))
        // Release entries: version-sha1[0,5]; spec file = byte copy of the spec repo file.
        for pod in ["PMFoo", "PMBar", "PMSubm"] {
            let sha = try fixture.sha1(ofSpec: pod)
            let slug = "Release/\(pod)/1.0.0-\(sha.prefix(5))"
            XCTAssertEqual(result(report, pod).cachePath, podsDir + "/" + slug)
            let specBytes = FileManager.default.contents(atPath: podsDir + "/Specs/\(slug).podspec.json")
            XCTAssertEqual(
                specBytes, FileManager.default.contents(atPath: fixture.reposDir + "/" + fixture.specFiles[pod]!))
            assertSameTree(podsDir + "/" + slug, try referenceCheckout(pod, "1.0.0", submodules: pod == "PMSubm"))
        }
        XCTAssertEqual(
            FileManager.default.contents(
                atPath: podsDir
                    + "/Release/PMSubm/1.0.0-\(try fixture.sha1(ofSpec: "PMSubm").prefix(5))/Vendor/PMLib/Lib.swift"),
            Data("// lib\n".utf8))
        // Checkout semantics: `.gitattributes` eol=crlf applied.
        let fooSlug = "Release/PMFoo/1.0.0-\(try fixture.sha1(ofSpec: "PMFoo").prefix(5))"
        XCTAssertEqual(
            FileManager.default.contents(atPath: podsDir + "/\(fooSlug)/crlf.txt"),
            Data("line one\r\nline two\r\n".utf8))
        // Ruby podspec: read statically, minimal JSON spec.
        let rubySlug = "Release/PMRuby/1.0.0-\(try fixture.sha1(ofSpec: "PMRuby").prefix(5))"
        let rubySpec =
            try JSONSerialization.jsonObject(
                with: FileManager.default.contents(atPath: podsDir + "/Specs/\(rubySlug).podspec.json")!)
            as? [String: Any]
        XCTAssertEqual(rubySpec?["name"] as? String, "PMRuby")
        XCTAssertEqual((rubySpec?["source"] as? [String: Any])?["tag"] as? String, "1.0.0")
        // External entries: md5 of the sorted CHECKOUT OPTIONS, no suffix; spec = the repository's file.
        let base = fixture.base
        let externals: [(String, String, String)] = [
            ("PMGitA", "git=\(base)/podsrc/PMGitA.git-tag=1.0.0", "1.0.0"),
            (
                "PMGitB", "commit=\(fixture.commits["PMGitB.main"]!)-git=\(base)/podsrc/PMGitB.git",
                fixture.commits["PMGitB.main"]!
            ),
            (
                "PMGitC", "commit=\(fixture.commits["PMGitC.third"]!)-git=\(base)/podsrc/PMGitC.git",
                fixture.commits["PMGitC.third"]!
            ),
        ]
        for (pod, opts, rev) in externals {
            let slug = "External/\(pod)/\(try md5(opts))"
            XCTAssertEqual(result(report, pod).cachePath, podsDir + "/" + slug)
            let ref = try referenceCheckout(pod, rev)
            assertSameTree(podsDir + "/" + slug, ref)
            // The spec CocoaPods writes (`to_pretty_json`): the same JSON object, re-written.
            let cached = try XCTUnwrap(FileManager.default.contents(atPath: podsDir + "/Specs/\(slug).podspec.json"))
            let upstream = try XCTUnwrap(FileManager.default.contents(atPath: ref + "/\(pod).podspec.json"))
            XCTAssertEqual(
                try JSONSerialization.jsonObject(with: cached) as? NSDictionary,
                try JSONSerialization.jsonObject(with: upstream) as? NSDictionary)
            XCTAssertTrue(String(decoding: cached, as: UTF8.self).contains("\n  \"source\": {\n    \"git\": "), pod)
        }
        // Nothing else: no .git, no .lock, no staging left.
        let all = files(podsDir)
        XCTAssertEqual(all.filter { $0.hasSuffix(".git") || $0.contains("/.git/") || $0.hasSuffix(".lock") }, [])
        XCTAssertFalse(all.contains { $0.hasPrefix(".podmirror") }, "\(all)")
        XCTAssertEqual(Set(all.filter { !$0.contains("/") }), ["External", "Release", "Specs", "VERSION"])

        // Second run: everything cached, no byte changes.
        let before = TreeSnapshot(podsDir)
        let again = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertFalse(again.changed)
        XCTAssertEqual(again.pods.filter { $0.status == .fetched }.map(\.name), [])
        XCTAssertEqual(result(again, "PMFoo").status, .cached)
        XCTAssertEqual(TreeSnapshot(podsDir).differences(to: before), [])
    }

    /// A `:git` pod whose repository has only a Ruby podspec, served at `podsrc/<name>.git`; returns its commit.
    func publishRubyOnlyPod(_ name: String, podspec: String) throws -> String {
        let work = tmp.path + "/work-ruby/" + name
        try FileManager.default.createDirectory(atPath: work + "/Sources", withIntermediateDirectories: true)
        try podspec.write(toFile: work + "/\(name).podspec", atomically: true, encoding: .utf8)
        try "struct R {}\n".write(toFile: work + "/Sources/R.swift", atomically: true, encoding: .utf8)
        for args in [
            ["init", "-q", "-b", "main"], ["add", "-A"],
            ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "r"],
        ] {
            XCTAssertEqual(try ProcessRunner.git(["-C", work] + args).status, 0)
        }
        XCTAssertEqual(
            try ProcessRunner.git(["clone", "-q", "--bare", work, fixture.root + "/podsrc/\(name).git"]).status, 0)
        return try ProcessRunner.git(["-C", work, "rev-parse", "HEAD"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
    }

    /// Podfile.lock of one `:branch` pod, as CocoaPods writes it.
    func externalLock(_ name: String, commit: String, checksum: String) -> String {
        let url = fixture.base + "/podsrc/\(name).git"
        return """
            PODS:
              - \(name) (0.4.0)

            DEPENDENCIES:
              - \(name) (from `\(url)`, branch `main`)

            EXTERNAL SOURCES:
              \(name):
                :branch: main
                :git: \(url)

            CHECKOUT OPTIONS:
              \(name):
                :commit: \(commit)
                :git: \(url)

            SPEC CHECKSUMS:
              \(name): \(checksum)

            COCOAPODS: 1.17.0

            """
    }

    /// A `:branch` pod with only a Ruby podspec: stored with the spec CocoaPods writes when the static reading is
    /// exact (its SHA1 is the lock's), else taken from `Pods/Local Podspecs` when the project has it, else left to
    /// CocoaPods.
    func testExternalPodWithOnlyARubyPodspecIsStoredAsCocoaPodsWould() throws {
        let url = "https://example.invalid/PMGitR.git"
        let expected = Array(PodspecJSONTests.rubyPodspecJSON.utf8)
        let sum = Digest.hex(.sha1, expected)
        let commit = try publishRubyOnlyPod("PMGitR", podspec: PodspecJSONTests.rubyPodspec)
        XCTAssertTrue(PodspecJSONTests.rubyPodspec.contains(url))
        // A static reading that does not give the lock's checksum is not trusted.
        var lock = try fixture.writeLock(
            externalLock("PMGitR", commit: commit, checksum: String(repeating: "0", count: 40)))
        let other = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken()).pods[0]
        XCTAssertEqual(other.status, .skipped, "\(other)")
        XCTAssertTrue(other.reason!.contains("SPEC CHECKSUMS"), other.reason!)
        lock = try fixture.writeLock(externalLock("PMGitR", commit: commit, checksum: sum))
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        let r = result(report, "PMGitR")
        XCTAssertEqual(r.status, .fetched, "\(r)")
        let slug = "External/PMGitR/" + (try md5("commit=\(commit)-git=\(fixture.base)/podsrc/PMGitR.git"))
        XCTAssertEqual(r.cachePath, podsDir + "/" + slug)
        XCTAssertEqual(FileManager.default.contents(atPath: podsDir + "/Specs/\(slug).podspec.json"), Data(expected))
        XCTAssertEqual(
            try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken()).pods[0].status, .cached)

        // Not readable exactly (a constant): left to CocoaPods, nothing stored.
        let unreadable = PodspecJSONTests.rubyPodspec.replacingOccurrences(of: "PMGitR", with: "PMGitU")
            .replacingOccurrences(of: "'Sources/**/*.{swift,h}'", with: "SOURCES")
        let commitU = try publishRubyOnlyPod("PMGitU", podspec: unreadable)
        let storedU = Array(PodspecJSONTests.rubyPodspecJSON.replacingOccurrences(of: "PMGitR", with: "PMGitU").utf8)
        lock = try fixture.writeLock(externalLock("PMGitU", commit: commitU, checksum: Digest.hex(.sha1, storedU)))
        let skipped = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken()).pods[0]
        XCTAssertEqual(skipped.status, .skipped, "\(skipped)")
        XCTAssertTrue(skipped.reason!.contains("CocoaPods downloads it"), skipped.reason!)
        XCTAssertFalse(FileManager.default.fileExists(atPath: skipped.cachePath!))
        // The next run skips it without downloading it again (its repository is gone now).
        let bareU = fixture.root + "/podsrc/PMGitU.git"
        try FileManager.default.moveItem(atPath: bareU, toPath: bareU + ".away")
        let again = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken()).pods[0]
        XCTAssertEqual(again.status, .skipped, "\(again)")
        XCTAssertEqual(again.reason, skipped.reason)
        XCTAssertEqual(again.bytes, 0)
        try FileManager.default.moveItem(atPath: bareU + ".away", toPath: bareU)
        // The spec CocoaPods stored in the project, with the lock's checksum, is what it writes into the entry.
        let local = fixture.project + "/Pods/Local Podspecs"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        try Data(storedU).write(to: URL(fileURLWithPath: local + "/PMGitU.podspec.json"))
        let fromLocal = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken()).pods[0]
        XCTAssertEqual(fromLocal.status, .fetched, "\(fromLocal)")
        XCTAssertEqual(
            FileManager.default.contents(
                atPath: fromLocal.cachePath!.replacingOccurrences(
                    of: podsDir + "/", with: podsDir + "/Specs/") + ".podspec.json"),
            Data(storedU))
    }

    func testVersionFileOfAnotherCocoaPodsIsWipedLikeCocoaPods() throws {
        try FileManager.default.createDirectory(atPath: podsDir + "/Release/Old", withIntermediateDirectories: true)
        try "1.16.2".write(toFile: podsDir + "/VERSION", atomically: true, encoding: .utf8)
        let lock = try fixture.writeLock(try fixture.podfileLock())
        let report = try fetcher(lock: lock, only: ["PMFoo"]).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(report.versionAction, .wipe)
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir + "/Release/Old"))
        XCTAssertEqual(FileManager.default.contents(atPath: podsDir + "/VERSION"), Data("1.17.0".utf8))
        XCTAssertEqual(report.pods.map(\.status), [.fetched])
    }

    func testTempFilesAKilledRunLeftAreRemovedAndALiveOnesKept() throws {
        try FileManager.default.createDirectory(
            atPath: podsDir + "/.podmirror-left", withIntermediateDirectories: true)
        // pid 2^22+1 is above Linux's largest pid_max and macOS's 99,999: no process has it.
        let dead = podsDir + "/.VERSION.podmirror-4194305-a1B2c3"
        let deadRecord = podsDir + "/.podmirror-left/.0123abcd.podmirror-4194305-x9Y8z7"
        let live = podsDir + "/.VERSION.podmirror-\(getpid())-d4E5f6"
        for path in [dead, deadRecord, live] { try "1.17".write(toFile: path, atomically: false, encoding: .utf8) }
        let lock = try fixture.writeLock(try fixture.podfileLock())
        let report = try fetcher(lock: lock, only: ["PMFoo"]).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(report.pods.map(\.status), [.fetched])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dead))
        XCTAssertFalse(FileManager.default.fileExists(atPath: deadRecord))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live), "another running podmirror's file")
        XCTAssertEqual(FileManager.default.contents(atPath: podsDir + "/VERSION"), Data("1.17.0".utf8))
    }

    func testDryRunAndCheckWriteNothing() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock())
        let report = try fetcher(lock: lock).run(mode: .dryRun, cancellation: CancellationToken())
        XCTAssertEqual(result(report, "PMFoo").status, .missing)
        XCTAssertTrue(report.changed)
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir))
    }

    func testDoctorReportsPodsNotInTheCacheAndTheSourceMirrorRules() throws {
        try fixture.writeLock(try fixture.podfileLock())
        let podfile = fixture.project + "/Podfile"
        try "target 'App' do\nend\n".write(toFile: podfile, atomically: true, encoding: .utf8)
        // The rules of every file git reads, the system file's once; the Specs repo's own rule is not a pod
        // source mirror (it was listed, and the system file's rules twice).
        try
            ("[url \"https://mirror.example/specs.git\"]\n\tinsteadOf = https://github.com/CocoaPods/Specs.git\n"
            + "[url \"https://mirror.example/github/\"]\n\tinsteadOf = https://github.com/\n").write(
                toFile: fixture.home + "/.gitconfig", atomically: true, encoding: .utf8)
        let system = fixture.home + "/system-gitconfig"
        try "[url \"https://system.example/gitlab/\"]\n\tinsteadOf = https://gitlab.com/\n"
            .write(toFile: system, atomically: true, encoding: .utf8)
        var variables = environment.variables
        variables["GIT_CONFIG_SYSTEM"] = system
        let report = Doctor(
            environment: RuntimeEnvironment(variables: variables, currentDirectory: fixture.project),
            catalog: try MirrorCatalog.bundled(), podfiles: [podfile], checkNetwork: false
        ).run()
        let missing = report.findings.first { $0.id.rawValue == "pods.not-cached" }
        XCTAssertEqual(missing?.severity, .warning)
        XCTAssertTrue(missing?.message.contains("PMFoo") ?? false, "\(report.findings)")
        XCTAssertEqual(missing?.fix, "podmirror pods fetch --project \(fixture.project)")
        let rules = try XCTUnwrap(report.findings.first { $0.id.rawValue == "pods.source-mirrors" }?.message)
        XCTAssertTrue(rules.contains("https://github.com/ → https://mirror.example/github/"), rules)
        XCTAssertEqual(
            rules.components(separatedBy: "https://gitlab.com/ → https://system.example/gitlab/").count, 2, rules)
        XCTAssertFalse(rules.contains("CocoaPods/Specs.git"), rules)
    }

    // MARK: Faults and hostile input

    /// `:tag => 'X'` is cloned with `git clone --branch X`, which takes `refs/heads/X` first, then
    /// `refs/tags/X`; the real `git clone --branch` is the reference for both the commit and the tree.
    func testTagIsResolvedAsGitCloneBranchDoesBranchFirst() throws {
        let bare = fixture.root + "/podsrc/PMGitA.git"
        // A "tag" that exists only as a branch, and a branch named like an existing tag.
        try ProcessRunner.git(["-C", bare, "branch", "0.4.0", fixture.commits["PMGitA.third"]!])
        try ProcessRunner.git(["-C", bare, "branch", "1.0.0", fixture.commits["PMGitA.main"]!])
        for tag in ["0.4.0", "1.0.0"] {
            let lock = try fixture.writeLock(try fixture.podfileLock(tagOverride: ["PMGitA": tag]))
            let report = try fetcher(lock: lock, only: ["PMGitA"]).run(mode: .apply, cancellation: CancellationToken())
            let a = result(report, "PMGitA")
            XCTAssertEqual(a.status, .fetched, "\(tag): \(a)")
            let ref = tmp.path + "/clone-branch-\(tag)"
            let clone = try ProcessRunner.git(["clone", "-q", "--branch", tag, bare, ref])
            XCTAssertEqual(clone.status, 0, clone.stderr)
            let head = try ProcessRunner.git(["-C", ref, "rev-parse", "HEAD"]).stdout
            XCTAssertEqual(a.commit, head.trimmingCharacters(in: .whitespacesAndNewlines), tag)
            try FileManager.default.removeItem(atPath: ref + "/.git")
            assertSameTree(a.cachePath!, ref)
        }
    }

    func testMissingTagFailsThatPodOnlyAndLeavesNoEntry() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock(tagOverride: ["PMGitA": "9.9.9"]))
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        let a = result(report, "PMGitA")
        XCTAssertEqual(a.status, .failed)
        XCTAssertTrue(a.error!.contains("9.9.9"), a.error!)
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.cachePath!))
        XCTAssertEqual(result(report, "PMFoo").status, .fetched)
        XCTAssertEqual(result(report, "PMGitB").status, .fetched)
        XCTAssertFalse(files(podsDir).contains { $0.hasPrefix(".podmirror") || $0.hasSuffix(".lock") })
    }

    /// A lockfile made against trunk, after the switch to a mirror (no `trunk` folder, the Podfile's source is
    /// the mirror): each podspec comes from the Podfile's sources in order, else from any local repo holding it.
    func testTrunkLockfileResolvesThroughThePodfileSourcesThenAnyLocalRepo() throws {
        let text = try fixture.podfileLock()
        let lock = try fixture.writeLock(
            text.replacingOccurrences(of: "  \"\(fixture.unshardedURL)\":\n    - PMBar\n", with: "")
                .replacingOccurrences(of: "  \"\(fixture.shardedURL)\":\n", with: "  trunk:\n    - PMBar\n"))
        XCTAssertEqual(
            try PodfileLock.read(path: lock, fileSystem: LocalFileSystem()).specRepos.keys.sorted(), ["trunk"])
        // The flat repo also holds PMFoo 1.0.0, with other bytes than the lockfile's checksum.
        let otherFoo = fixture.reposDir + "/flat/PMFoo/1.0.0/PMFoo.podspec.json"
        try FileManager.default.createDirectory(
            atPath: (otherFoo as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fooBytes = FileManager.default.contents(atPath: fixture.reposDir + "/" + fixture.specFiles["PMFoo"]!)!
        try (fooBytes + Data(" ".utf8)).write(to: URL(fileURLWithPath: otherFoo))
        let podfile = fixture.project + "/Podfile"
        func run(sources: [String]?, strict: Bool = true) throws -> PodsFetchReport {
            try? FileManager.default.removeItem(atPath: podfile)
            if let sources {
                let lines = sources.map { "source '\($0)'\n" }.joined()
                try (lines + "platform :ios, '12.0'\ntarget 'App' do\n  pod 'PMFoo'\nend\n").write(
                    toFile: podfile, atomically: true, encoding: .utf8)
            }
            let fetch = try fetcher(lock: lock, only: ["PMFoo", "PMBar"], strictChecksums: strict)
            return try fetch.run(mode: .dryRun, cancellation: CancellationToken())
        }
        // The first Podfile source holding the version serves it, as CocoaPods' resolver takes it.
        let flatFirst = try run(sources: [fixture.unshardedURL, fixture.shardedURL])
        XCTAssertEqual(result(flatFirst, "PMFoo").errorCode, .podsSpecChecksum)
        XCTAssertEqual(
            result(try run(sources: [fixture.unshardedURL, fixture.shardedURL], strict: false), "PMFoo").specRepo,
            "flat", "without --strict-checksums the first source's podspec is fetched, as pod install takes it")
        XCTAssertTrue(result(flatFirst, "PMFoo").error!.contains(otherFoo), result(flatFirst, "PMFoo").error!)
        XCTAssertEqual(result(flatFirst, "PMBar").specRepo, "flat")
        let shardedFirst = try run(sources: [fixture.shardedURL, fixture.unshardedURL])
        XCTAssertEqual(result(shardedFirst, "PMFoo").status, .missing, "\(result(shardedFirst, "PMFoo"))")
        XCTAssertEqual(result(shardedFirst, "PMFoo").specRepo, "sharded")
        // No Podfile source matches a local repo (or no Podfile): any local repo holding it, the lock's
        // checksum first.
        for sources in [[fixture.base + "/elsewhere.git"], nil] {
            let report = try run(sources: sources)
            XCTAssertEqual(result(report, "PMFoo").status, .missing, "\(result(report, "PMFoo"))")
            XCTAssertEqual(result(report, "PMFoo").specRepo, "sharded")
            XCTAssertEqual(result(report, "PMBar").specRepo, "flat")
        }
        // And the download fills the entry CocoaPods looks for.
        let fetched = try fetcher(lock: lock, only: ["PMFoo"]).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(fetched, "PMFoo").status, .fetched, "\(result(fetched, "PMFoo"))")
        let sha = try fixture.sha1(ofSpec: "PMFoo")
        XCTAssertEqual(
            FileManager.default.contents(atPath: podsDir + "/Specs/Release/PMFoo/1.0.0-\(sha.prefix(5)).podspec.json"),
            fooBytes)
    }

    func testLockfileNamingPodNoLocalRepoHasIsReportedNamingIt() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock(extraPods: [("PMGhost", "3.0.0")]))
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        let ghost = result(report, "PMGhost")
        XCTAssertEqual(ghost.status, .failed)
        XCTAssertEqual(ghost.errorCode?.rawValue, "pods.spec-missing")
        XCTAssertTrue(ghost.error!.contains("PMGhost 3.0.0"), ghost.error!)
        XCTAssertEqual(result(report, "PMFoo").status, .fetched)
    }

    /// A lock's name or version is part of cache and spec repo paths: one CocoaPods would refuse fails that pod
    /// before any path is made of it, and the others are fetched.
    func testALockNameOrVersionCocoaPodsRefusesFailsThatPodBeforeAnyPathIsMade() throws {
        let lock = try fixture.writeLock(
            try fixture.podfileLock(extraPods: [("PMEvil", "1.0/../../../../escape"), ("..", "1.0.0")]))
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(report, "PMEvil").errorCode, .podsLockVersion, "\(result(report, "PMEvil"))")
        XCTAssertEqual(result(report, "..").errorCode, .podsLockName, "\(result(report, ".."))")
        XCTAssertTrue(result(report, "PMEvil").error!.contains("1.0/../../../../escape"))
        XCTAssertEqual(result(report, "PMFoo").status, .fetched)
        let e = FileManager.default.enumerator(atPath: tmp.path)
        while let rel = e?.nextObject() as? String {
            XCTAssertFalse(rel.hasSuffix("escape") || rel.contains("escape/"), rel)
        }
    }

    func testStrictChecksumsRefuseAMismatchNamingPodRepoAndBothChecksums() throws {
        let text = try fixture.podfileLock()
        let real = try fixture.sha1(ofSpec: "PMFoo")
        let lock = try fixture.writeLock(
            text.replacingOccurrences(of: "PMFoo: \(real)", with: "PMFoo: " + String(repeating: "a", count: 40)))
        let report = try fetcher(lock: lock, strictChecksums: true).run(mode: .apply, cancellation: CancellationToken())
        let foo = result(report, "PMFoo")
        XCTAssertEqual(foo.errorCode?.rawValue, "pods.spec-checksum")
        for part in ["PMFoo", "sharded", real, String(repeating: "a", count: 40)] {
            XCTAssertTrue(foo.error!.contains(part), "\(part) missing in \(foo.error!)")
        }
        XCTAssertEqual(result(report, "PMBar").status, .fetched)
        XCTAssertFalse(report.warnings.contains { $0.code == .podsChecksumRewrite })
    }

    /// As `pod install` does (real: WordPress-Ratings-iOS 0.0.2 in trunk), a podspec that does not hash to the
    /// lock's checksum is installed all the same and its checksum written: fetch it, under its own checksum's
    /// entry, and warn once that `pod install` will rewrite the lock's line.
    func testAChecksumMismatchIsFetchedAsPodInstallWillInstallItWithOneWarning() throws {
        let text = try fixture.podfileLock()
        let real = try fixture.sha1(ofSpec: "PMFoo")
        let stale = String(repeating: "a", count: 40)
        let lock = try fixture.writeLock(text.replacingOccurrences(of: "PMFoo: \(real)", with: "PMFoo: \(stale)"))
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: CancellationToken())
        XCTAssertEqual(result(report, "PMFoo").status, .fetched, "\(result(report, "PMFoo"))")
        XCTAssertEqual(result(report, "PMFoo").cachePath, podsDir + "/Release/PMFoo/1.0.0-\(real.prefix(5))")
        let warnings = report.warnings.filter { $0.code == .podsChecksumRewrite }
        XCTAssertEqual(warnings.count, 1)
        for part in ["PMFoo", real, stale, "pod install"] {
            XCTAssertTrue(warnings.first?.message.contains(part) == true, "\(part) missing in \(warnings)")
        }
        if case .array(let list)? = try PodsRender.json(report)["warnings"] {
            XCTAssertTrue(list.contains { "\($0)".contains("pods.checksum-rewrite") }, "\(list)")
        } else {
            XCTFail("no warnings in the JSON report")
        }
    }

    /// A second server serves PMGitA only; faults there fail PMGitA and nothing else.
    func runWithFaultyServer(
        _ fault: GitHTTPServer.Fault, stall: TimeInterval = 30,
        big: Bool = false
    ) throws -> PodsFetchReport {
        if big {
            // Enough pack data that the fault strikes mid-transfer.
            let w = tmp.path + "/work/PMGitA"
            var rng = SystemRandomNumberGenerator()
            let blob = (0..<600_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
            try Data(blob).write(to: URL(fileURLWithPath: w + "/big.bin"))
            try ProcessRunner.git(["-C", w, "add", "-A"])
            try ProcessRunner.git(["-C", w, "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "big"])
            try ProcessRunner.git(["-C", w, "tag", "-f", "2.0.0"])
            let bare = fixture.root + "/podsrc/PMGitA.git"
            try ProcessRunner.git(["-C", w, "push", "-q", "-f", bare, "main", "--tags"])
        }
        let faulty = try GitHTTPServer(root: fixture.root)
        defer { faulty.stop() }
        faulty.setFault(fault)
        let url = faulty.url("podsrc/PMGitA.git")
        let lock = try fixture.writeLock(
            try fixture.podfileLock(
                gitURLOverride: ["PMGitA": url],
                tagOverride: big ? ["PMGitA": "2.0.0"] : [:]))
        return try fetcher(lock: lock, stall: stall).run(mode: .apply, cancellation: CancellationToken())
    }

    /// A TCP connection to `port` on 127.0.0.1, or -1.
    func connectLoopback(_ port: Int) -> Int32 {
        let fd = socket(AF_INET, PlatformShims.streamSocket, 0)
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return rc == 0 ? fd : -1
    }

    func testAStalledGitFetchLeavesSocketsOfOtherTransfersAlone() throws {
        let neighbourServer = try ArchiveHTTPServer(files: ["/ping": Array("pong".utf8)])
        defer { neighbourServer.stop() }
        final class Box: @unchecked Sendable { var report: PodsFetchReport?; var error: Error? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let faulty = try GitHTTPServer(root: fixture.root)
        defer { faulty.stop() }
        faulty.setFault(.stallAfter(bytes: 50_000))
        let w = tmp.path + "/work/PMGitA"
        let blob = (0..<600_000).map { _ in UInt8.random(in: 0...255) }
        try Data(blob).write(to: URL(fileURLWithPath: w + "/big.bin"))
        try ProcessRunner.git(["-C", w, "add", "-A"])
        try ProcessRunner.git(["-C", w, "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "big"])
        try ProcessRunner.git(["-C", w, "tag", "-f", "2.0.0"])
        try ProcessRunner.git(["-C", w, "push", "-q", "-f", fixture.root + "/podsrc/PMGitA.git", "main", "--tags"])
        let lock = try fixture.writeLock(
            try fixture.podfileLock(
                gitURLOverride: ["PMGitA": faulty.url("podsrc/PMGitA.git")], tagOverride: ["PMGitA": "2.0.0"]))
        let job = try fetcher(lock: lock, stall: 2, only: ["PMGitA"])
        Thread.detachNewThread {
            do { box.report = try job.run(mode: .apply, cancellation: CancellationToken()) } catch { box.error = error }
            done.signal()
        }
        // Another transfer's connection, opened after the stalled one began and idle while it times out.
        usleep(500_000)
        let neighbour = connectLoopback(neighbourServer.port)
        XCTAssertGreaterThanOrEqual(neighbour, 0)
        defer { close(neighbour) }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertNil(box.error)
        let a = box.report.map { result($0, "PMGitA") }
        XCTAssertEqual(a?.status, .failed, "\(String(describing: a))")
        XCTAssertTrue(a?.error?.contains("no data from the server") ?? false, "\(String(describing: a))")
        // The neighbour's connection still works: a request over it gets its answer.
        let noSignal = PlatformShims.sendNoSignal
        let request = Array("GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        XCTAssertEqual(request.withUnsafeBytes { send(neighbour, $0.baseAddress, $0.count, noSignal) }, request.count)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(neighbour, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            answer += buffer[0..<n]
        }
        let text = String(decoding: answer, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("HTTP/1.1 200") && text.hasSuffix("pong"), text)
    }

    func assertOnlyGitAFailed(_ report: PodsFetchReport, file: StaticString = #filePath, line: UInt = #line) {
        let a = result(report, "PMGitA")
        XCTAssertEqual(a.status, .failed, "\(a)", file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: a.cachePath!), file: file, line: line)
        for pod in ["PMFoo", "PMBar", "PMGitB", "PMGitC", "PMSubm", "PMRuby"] {
            XCTAssertEqual(result(report, pod).status, .fetched, pod, file: file, line: line)
        }
        XCTAssertFalse(
            files(podsDir).contains { $0.hasPrefix(".podmirror") || $0.hasSuffix(".lock") },
            file: file, line: line)
    }

    func testHTTP500FailsThatPodOnly() throws {
        let report = try runWithFaultyServer(.http500)
        assertOnlyGitAFailed(report)
        XCTAssertEqual(result(report, "PMGitA").exitStatus, .network)
    }

    func testServerKilledMidDownloadFailsThatPodOnly() throws {
        assertOnlyGitAFailed(try runWithFaultyServer(.killAfter(bytes: 100_000), big: true))
    }

    func testStallFailsThatPodOnlyAfterTheTimeout() throws {
        let report = try runWithFaultyServer(.stallAfter(bytes: 50_000), stall: 2, big: true)
        assertOnlyGitAFailed(report)
        XCTAssertEqual(result(report, "PMGitA").errorCode?.rawValue, "git.timeout")
    }

    func testCacheLockHeldByAnotherProcessFailsThatPodOnly() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock())
        let slug = "Release/PMFoo/1.0.0-\(try fixture.sha1(ofSpec: "PMFoo").prefix(5))"
        try FileManager.default.createDirectory(atPath: podsDir + "/Release/PMFoo", withIntermediateDirectories: true)
        // `flock` (util-linux) holds CocoaPods' lock file the way `pod install` does.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: ProcessRunner.which("flock") ?? "/usr/bin/flock")
        holder.arguments = ["-x", podsDir + "/" + slug + ".lock", "sleep", "8"]
        try holder.run()
        defer { holder.terminate(); holder.waitUntilExit() }
        usleep(300_000)
        let report = try fetcher(lock: lock, lockTimeout: 1).run(mode: .apply, cancellation: CancellationToken())
        let foo = result(report, "PMFoo")
        XCTAssertEqual(foo.status, .failed)
        XCTAssertEqual(foo.exitStatus, .lockHeld)
        XCTAssertFalse(FileManager.default.fileExists(atPath: podsDir + "/" + slug))
        XCTAssertEqual(result(report, "PMBar").status, .fetched)
        XCTAssertFalse(files(podsDir).contains { $0.hasPrefix(".podmirror") })
    }

    func testCancelledRunLeavesNoPartialEntry() throws {
        let lock = try fixture.writeLock(try fixture.podfileLock())
        let token = CancellationToken()
        token.cancel()
        let report = try fetcher(lock: lock).run(mode: .apply, cancellation: token)
        XCTAssertTrue(report.interrupted)
        XCTAssertEqual(report.pods.filter { $0.status == .fetched }, [])
        XCTAssertEqual(files(podsDir).filter { $0 != "VERSION" }, [])
    }
}

/// Podfile.lock-independent pieces: slugs, shards, cache root rules, the static Ruby podspec reader,
/// trunk CDN lookups.
final class PodSourcesUnitTests: XCTestCase {
    var tmp: TempDirectory!
    override func setUp() { tmp = TempDirectory("pod-sources-unit") }
    override func tearDown() { tmp = nil }

    func testExternalSlugReproducesCocoaPodsExample() {
        XCTAssertEqual(
            DownloadCache.externalSlug(
                name: "PMGitA",
                params: [
                    "tag": "1.0.0",
                    "git": "http://127.0.0.1:57183/podsrc/PMGitA.git",
                ]),
            "External/PMGitA/3230c2ce85859fc573fb8edbb1997179")
        XCTAssertEqual(
            DownloadCache.releaseSlug(
                name: "PMFoo", version: "1.0.0",
                specSHA1: "6a9bcc63759dd7b2087c135bf5c6da952167ee7f"),
            "Release/PMFoo/1.0.0-6a9bc")
    }

    func testShardPathsMatchTheSpecRepoExample() {
        XCTAssertEqual(SpecLookup.shardPath(name: "PMFoo", prefixLengths: [1, 1, 1]), "b/c/1/")
        XCTAssertEqual(SpecLookup.shardPath(name: "PMSub", prefixLengths: [1, 1, 1]), "6/4/8/")
        XCTAssertEqual(SpecLookup.shardPath(name: "PMFoo", prefixLengths: []), "")
    }

    func testAPodOfTheLockMakesASpecFolderOnlyFromANameAndVersionCocoaPodsAccepts() {
        func folder(_ name: String, _ version: String) -> String? {
            PodfileLock.Pod(name: name, version: version).specFolder(prefixLengths: [1, 1, 1])
        }
        XCTAssertEqual(folder("PMFoo", "1.0.0-beta.1"), "b/c/1/PMFoo/1.0.0-beta.1")
        XCTAssertEqual(
            PodfileLock.Pod(name: "PMFoo", version: "2.0").specFolder(prefixLengths: []), "PMFoo/2.0")
        for (name, version) in [("..", "1.0"), ("PMFoo", ".."), ("a/b", "1.0"), ("PMFoo", "1.0/../.."), ("", "1.0")] {
            XCTAssertNil(folder(name, version), "\(name) \(version)")
        }
    }

    func testCacheRootFollowsCocoaPodsRules() throws {
        let h = tmp.path + "/roothome"
        try FileManager.default.createDirectory(atPath: h + "/.cocoapods", withIntermediateDirectories: true)
        func root(_ vars: [String: String], cwd: String = "/tmp") throws -> String {
            try PodsFetcher.cacheRoot(
                environment: RuntimeEnvironment(variables: vars.merging(["HOME": h]) { $1 }, currentDirectory: cwd))
        }
        XCTAssertEqual(try root([:]), h + "/Library/Caches/CocoaPods")
        XCTAssertEqual(try root(["CP_HOME_DIR": tmp.path + "/cphome"]), tmp.path + "/cphome/cache")
        try "cache_root: ~/mycache\n".write(toFile: h + "/.cocoapods/config.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try root([:]), h + "/mycache")
        try FileManager.default.createDirectory(atPath: tmp.path + "/cphome", withIntermediateDirectories: true)
        try "cache_root: /opt/c\n".write(toFile: tmp.path + "/cphome/config.yaml", atomically: true, encoding: .utf8)
        XCTAssertEqual(try root(["CP_HOME_DIR": tmp.path + "/cphome"]), "/opt/c")
        XCTAssertEqual(try root(["CP_CACHE_DIR": "relcache"]), "/tmp/relcache")
        // Nested 10,000 levels deep, the YAML parser's recursion overflowed the stack (SIGSEGV): refused, named.
        let deep = "cache_root: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        try (deep + "\n").write(toFile: h + "/.cocoapods/config.yaml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try root([:])) { error in
            let message = (error as? PodMirrorError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains(h + "/.cocoapods/config.yaml"), message)
            XCTAssertTrue(message.contains("more than 512 levels deep"), message)
        }
    }

    func testRubyPodspecReadOnlyWhenLiteral() {
        let ok = PodSpecSource.ruby(
            "s.source = { :git => 'https://x/y.git', :tag => s.version.to_s }\n", version: "2.0")
        XCTAssertEqual(try? ok.get().params, ["git": "https://x/y.git", "tag": "2.0"])
        let interp = PodSpecSource.ruby("s.source = { :git => \"https://x/#{name}.git\", :tag => '1' }\n", version: "1")
        guard case .failure(.rubyPodspec) = interp else { return XCTFail("\(interp)") }
        let computed = PodSpecSource.ruby("s.source = SOURCES[:x]\n", version: "1")
        guard case .failure(.rubyPodspec) = computed else { return XCTFail("\(computed)") }
    }

    func testTrunkCDNSpecFromLocalFilesElseItsCDNURL() throws {
        let repos = tmp.path + "/repos"
        let trunk = repos + "/trunk"
        try FileManager.default.createDirectory(
            atPath: trunk + "/Specs/b/c/1/PMFoo/1.0.0", withIntermediateDirectories: true)
        try "https://cdn.cocoapods.org/\n".write(toFile: trunk + "/.url", atomically: true, encoding: .utf8)
        try "---\nprefix_lengths:\n- 1\n- 1\n- 1\n".write(
            toFile: trunk + "/CocoaPods-version.yml", atomically: true, encoding: .utf8)
        let spec = "{\"name\": \"PMFoo\", \"version\": \"1.0.0\"}\n"
        try spec.write(toFile: trunk + "/Specs/b/c/1/PMFoo/1.0.0/PMFoo.podspec.json", atomically: true, encoding: .utf8)
        let lookup = SpecLookup(
            repos: ReposDirectory(path: repos, cacheRoot: tmp.path + "/cache", fileSystem: LocalFileSystem()))
        guard case .found(let found) = try lookup.find(name: "PMFoo", version: "1.0.0", source: "trunk", checksum: nil)
        else {
            return XCTFail("PMFoo not found")
        }
        XCTAssertEqual(found.bytes, Array(spec.utf8))
        XCTAssertEqual(found.repoName, "trunk")
        let missing = try lookup.find(name: "PMBar", version: "2.0.0", source: "trunk", checksum: nil)
        guard case .remote(let cdn) = missing else { return XCTFail("\(missing)") }
        XCTAssertEqual(cdn.localPath, trunk + "/Specs/c/f/d/PMBar/2.0.0/PMBar.podspec.json")
        XCTAssertEqual(cdn.url, "https://cdn.cocoapods.org/Specs/c/f/d/PMBar/2.0.0/PMBar.podspec.json")
        XCTAssertEqual(cdn.repoName, "trunk")
        // `+` stays as CocoaPods' CDN source writes it; the path is percent-encoded otherwise.
        let plus = try lookup.find(name: "UIView+Shake", version: "1.0 beta", source: "trunk", checksum: nil)
        guard case .remote(let cdnPlus) = plus else { return XCTFail("\(plus)") }
        XCTAssertEqual(
            cdnPlus.url, "https://cdn.cocoapods.org/Specs/c/4/b/UIView+Shake/1.0%20beta/UIView+Shake.podspec.json")
    }
}
