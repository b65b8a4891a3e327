import Foundation

/// Pod source repositories, two local spec repos (sharded and unsharded) and a Podfile.lock written the
/// way CocoaPods writes one, for `pods fetch` tests and benchmarks. Repos are built with the `git` CLI
/// (reference tool) as bare repos under `<root>/podsrc/<Name>.git`; `base` is the URL they are served at.
package final class PodSourcesFixture: @unchecked Sendable {
    package let root: String
    /// `<home>/.cocoapods/repos`.
    package let reposDir: String
    package let home: String
    package let project: String
    package var base: String
    /// Commit ids by name: `PMGitB.main`, `PMGitC.commit`, `PMFoo.1.0.0`.
    package private(set) var commits: [String: String] = [:]
    /// The sharded repo's URL and the unsharded one's.
    package var shardedURL: String { base + "/specs-sharded.git" }
    package var unshardedURL: String { base + "/specs-flat.git" }

    /// Builds everything under `dir`; `base` is where `root` will be served (e.g. `http://127.0.0.1:PORT`).
    package init(dir: String, base: String) throws {
        root = dir + "/served"
        home = dir + "/home"
        reposDir = home + "/.cocoapods/repos"
        project = dir + "/project"
        self.base = base
        let fm = FileManager.default
        for d in [root + "/podsrc", reposDir, project] {
            try fm.createDirectory(atPath: d, withIntermediateDirectories: true)
        }
        try makeSources(dir: dir)
    }

    /// The files every pod repo has, and the checkout-semantics probe (`crlf.txt` is committed with LF
    /// and `.gitattributes` asks for CRLF in the working tree).
    static func baseFiles(_ name: String) -> [String: String] {
        [
            "LICENSE": "MIT License for \(name)\n",
            "README.md": "# \(name)\n",
            "Sources/\(name).swift": "public struct \(name) { public init() {} }\n",
            ".gitignore": "build/\n",
            ".gitattributes": "crlf.txt text eol=crlf\n",
            "crlf.txt": "line one\nline two\n",
            "Example/App.swift": "// example\n",
        ]
    }

    @discardableResult
    func git(_ args: [String], _ cwd: String) throws -> String {
        let env = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@example.invalid", "GIT_CONFIG_NOSYSTEM": "1", "HOME": cwd,
            "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
        ]) { $1 }
        let r = try ProcessRunner.run(ProcessRunner.which("git") ?? "/usr/bin/git", args, cwd: cwd, environment: env)
        if r.status != 0 {
            throw NSError(domain: "fixture", code: 1, userInfo: [NSLocalizedDescriptionKey: "git \(args): \(r.stderr)"])
        }
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func write(_ files: [String: String], in dir: String) throws {
        for (rel, text) in files {
            let p = dir + "/" + rel
            try FileManager.default.createDirectory(
                atPath: (p as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try text.write(toFile: p, atomically: true, encoding: .utf8)
        }
    }

    /// A work repo with one commit of `files`, published bare to `podsrc/<name>.git`. Returns the work dir.
    @discardableResult
    func makeRepo(_ name: String, files: [String: String], in dir: String) throws -> String {
        let work = dir + "/work/" + name
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try git(["init", "-q", "-b", "main", "."], work)
        try write(files, in: work)
        try git(["add", "-A"], work)
        try git(["commit", "-q", "-m", "initial"], work)
        return work
    }

    func publish(_ name: String, work: String) throws {
        let bare = root + "/podsrc/\(name).git"
        try? FileManager.default.removeItem(atPath: bare)
        try git(["clone", "-q", "--bare", work, bare], work)
        try git(["config", "http.receivepack", "false"], bare)
    }

    package func specJSON(_ name: String, version: String, source: String, extra: String = "") -> String {
        """
        {
          "name": "\(name)",
          "version": "\(version)",
          "summary": "\(name) test pod",
          "homepage": "\(base)/podsrc/\(name)",
          "license": {
            "type": "MIT",
            "file": "LICENSE"
          },
          "authors": {
            "e2e": "e2e@example.invalid"
          },
          "source": \(source),
          "platforms": {
            "ios": "12.0"
          },\(extra)
          "source_files": "Sources/*.swift"
        }

        """
    }

    func makeSources(dir: String) throws {
        // Released pods (spec repos point at tags).
        for name in ["PMFoo", "PMBar", "PMRuby", "PMPrep"] {
            let w = try makeRepo(name, files: Self.baseFiles(name), in: dir)
            try git(["tag", "1.0.0"], w)
            commits["\(name).1.0.0"] = try git(["rev-parse", "HEAD"], w)
            try write(["Later.swift": "// after the tag\n"], in: w)
            try git(["add", "-A"], w)
            try git(["commit", "-q", "-m", "after tag"], w)
            try publish(name, work: w)
        }
        // A library used as a submodule, and a pod that has it.
        let lib = try makeRepo("PMLib", files: ["Lib.swift": "// lib\n"], in: dir)
        try publish("PMLib", work: lib)
        var subFiles = Self.baseFiles("PMSubm")
        subFiles["PMSubm.podspec.json"] = specJSON(
            "PMSubm", version: "1.0.0",
            source: "{\"git\": \"\(base)/podsrc/PMSubm.git\", \"tag\": \"1.0.0\", \"submodules\": true}")
        let subm = try makeRepo("PMSubm", files: subFiles, in: dir)
        try git(["remote", "add", "origin", root + "/podsrc/PMSubm.git"], subm)
        try git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", "../PMLib.git", "Vendor/PMLib"], subm)
        // `.gitmodules` keeps `../PMLib.git`, resolved against the superproject's (served) origin.
        try git(["commit", "-q", "-m", "submodule"], subm)
        try git(["tag", "1.0.0"], subm)
        try publish("PMSubm", work: subm)
        // External pods: tag, branch (lock records the commit), commit.
        for name in ["PMGitA", "PMGitB", "PMGitC"] {
            var files = Self.baseFiles(name)
            files["\(name).podspec.json"] = specJSON(
                name, version: "1.0.0",
                source: "{\"git\": \"\(base)/podsrc/\(name).git\", \"tag\": \"1.0.0\"}")
            let w = try makeRepo(name, files: files, in: dir)
            try git(["tag", "1.0.0"], w)
            commits["\(name).first"] = try git(["rev-parse", "HEAD"], w)
            try write(["Second.swift": "// second\n"], in: w)
            try git(["add", "-A"], w)
            try git(["commit", "-q", "-m", "second"], w)
            commits["\(name).main"] = try git(["rev-parse", "HEAD"], w)
            try write(["Third.swift": "// third\n"], in: w)
            try git(["add", "-A"], w)
            try git(["commit", "-q", "-m", "third"], w)
            commits["\(name).third"] = try git(["rev-parse", "HEAD"], w)
            try publish(name, work: w)
        }
        try makeSpecRepos(dir: dir)
    }

    /// Spec paths (relative to the repo) by pod, for checksums.
    package private(set) var specFiles: [String: String] = [:]

    func makeSpecRepos(dir: String) throws {
        // Sharded (prefix_lengths [1, 1, 1], like trunk): PMFoo, PMRuby, PMPrep, PMSubm.
        let sharded = reposDir + "/sharded"
        try FileManager.default.createDirectory(atPath: sharded, withIntermediateDirectories: true)
        var files: [String: String] = [
            "CocoaPods-version.yml": "---\nmin: 1.0.0\nlast: 1.17.0\nprefix_lengths:\n- 1\n- 1\n- 1\n"
        ]
        func shard(_ name: String) -> String {
            let md5 =
                (try? ProcessRunner.run(
                    "/usr/bin/env",
                    [
                        "python3", "-c",
                        "import hashlib,sys;print(hashlib.md5(sys.argv[1].encode()).hexdigest())", name,
                    ]
                ).stdout) ?? ""
            let h = Array(md5)
            return "\(h[0])/\(h[1])/\(h[2])"
        }
        let tagSource = { (n: String) in
            "{\n    \"git\": \"\(self.base)/podsrc/\(n).git\",\n    \"tag\": \"1.0.0\"\n  }"
        }
        for (name, extra) in [("PMFoo", ""), ("PMPrep", "\n  \"prepare_command\": \"echo hi > prepared.txt\",")] {
            let rel = "Specs/\(shard(name))/\(name)/1.0.0/\(name).podspec.json"
            files[rel] = specJSON(name, version: "1.0.0", source: tagSource(name), extra: extra)
            specFiles[name] = "sharded/" + rel
        }
        let rubyRel = "Specs/\(shard("PMRuby"))/PMRuby/1.0.0/PMRuby.podspec"
        files[rubyRel] = """
            Pod::Spec.new do |s|
              s.name         = 'PMRuby'
              s.version      = '1.0.0'
              s.summary      = 'Ruby podspec'
              s.source       = { :git => '\(base)/podsrc/PMRuby.git', :tag => "#{s.version}" }
              s.source_files = 'Sources/*.swift'
            end

            """
        specFiles["PMRuby"] = "sharded/" + rubyRel
        let submRel = "Specs/\(shard("PMSubm"))/PMSubm/1.0.0/PMSubm.podspec.json"
        files[submRel] = specJSON(
            "PMSubm", version: "1.0.0",
            source:
                "{\n    \"git\": \"\(base)/podsrc/PMSubm.git\",\n    \"tag\": \"1.0.0\",\n    \"submodules\": true\n  }"
        )
        specFiles["PMSubm"] = "sharded/" + submRel
        try write(files, in: sharded)
        try git(["init", "-q", "-b", "master", "."], sharded)
        try git(["add", "-A"], sharded)
        try git(["commit", "-q", "-m", "specs"], sharded)
        try git(["remote", "add", "origin", shardedURL], sharded)
        // Unsharded (no CocoaPods-version.yml, no Specs folder): PMBar.
        let flat = reposDir + "/flat"
        try FileManager.default.createDirectory(atPath: flat, withIntermediateDirectories: true)
        try write(
            ["PMBar/1.0.0/PMBar.podspec.json": specJSON("PMBar", version: "1.0.0", source: tagSource("PMBar"))],
            in: flat)
        specFiles["PMBar"] = "flat/PMBar/1.0.0/PMBar.podspec.json"
        try git(["init", "-q", "-b", "master", "."], flat)
        try git(["add", "-A"], flat)
        try git(["commit", "-q", "-m", "specs"], flat)
        try git(["remote", "add", "origin", unshardedURL], flat)
    }

    /// Archive pods for `:http` sources, released through the sharded repo (commit added there):
    /// `PMHttp` (zip with one top folder `PMHttp-1.0.0/`, `sha256`), `PMTgz` (tar.gz with one top folder, `sha1`),
    /// `PMBadSum` (tar.gz with a wrong `sha256`) and `PMDmg` (a `.dmg`). Returns the archives by served path
    /// (`/PMHttp-1.0.0.zip`...), to serve at `archiveBase`; made with Python's zipfile/tarfile (reference tools).
    package func addArchivePods(archiveBase: String) throws -> [String: [UInt8]] {
        let src = root + "/../archives-src"
        var archives: [String: [UInt8]] = [:]
        func make(_ name: String, _ ext: String) throws -> [UInt8] {
            let top = src + "/\(name)/\(name)-1.0.0"
            try write(Self.baseFiles(name).filter { !$0.key.hasPrefix(".") }, in: top)
            let out = src + "/\(name)-1.0.0.\(ext)"
            let script =
                ext == "zip"
                ? "import os,sys,zipfile\nz=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED)\n"
                    + "for d,_,fs in sorted(os.walk(sys.argv[2])):\n for f in sorted(fs):\n"
                    + "  p=os.path.join(d,f); z.write(p, os.path.relpath(p, os.path.dirname(sys.argv[2])))\nz.close()\n"
                : "import os,sys,tarfile\nt=tarfile.open(sys.argv[1],'w:gz')\n"
                    + "t.add(sys.argv[2], arcname=os.path.basename(sys.argv[2]))\nt.close()\n"
            let r = try ProcessRunner.run("/usr/bin/env", ["python3", "-c", script, out, top])
            if r.status != 0 {
                throw NSError(domain: "fixture", code: 2, userInfo: [NSLocalizedDescriptionKey: r.stderr])
            }
            return Array(FileManager.default.contents(atPath: out) ?? Data())
        }
        func digest(_ algo: String, _ bytes: [UInt8]) throws -> String {
            let tmp = src + "/digest.bin"
            _ = FileManager.default.createFile(atPath: tmp, contents: Data(bytes))
            return try ProcessRunner.run(
                "/usr/bin/env",
                [
                    "python3", "-c",
                    "import hashlib,sys;print(hashlib.new(sys.argv[1], open(sys.argv[2],'rb').read()).hexdigest())",
                    algo, tmp,
                ]
            ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        archives["/PMHttp-1.0.0.zip"] = try make("PMHttp", "zip")
        archives["/PMTgz-1.0.0.tar.gz"] = try make("PMTgz", "tar.gz")
        archives["/PMBadSum-1.0.0.tar.gz"] = try make("PMBadSum", "tar.gz")
        archives["/PMDmg-1.0.0.dmg"] = Array("not really a disk image\n".utf8)
        let sources: [(String, String)] = [
            (
                "PMHttp",
                "{\n    \"http\": \"\(archiveBase)/PMHttp-1.0.0.zip\",\n    \"sha256\": \""
                    + (try digest("sha256", archives["/PMHttp-1.0.0.zip"]!)) + "\"\n  }"
            ),
            (
                "PMTgz",
                "{\n    \"http\": \"\(archiveBase)/PMTgz-1.0.0.tar.gz\",\n    \"sha1\": \""
                    + (try digest("sha1", archives["/PMTgz-1.0.0.tar.gz"]!)) + "\"\n  }"
            ),
            (
                "PMBadSum",
                "{\n    \"http\": \"\(archiveBase)/PMBadSum-1.0.0.tar.gz\",\n    \"sha256\": \""
                    + String(repeating: "ab", count: 32) + "\"\n  }"
            ),
            ("PMDmg", "{\n    \"http\": \"\(archiveBase)/PMDmg-1.0.0.dmg\"\n  }"),
        ]
        let sharded = reposDir + "/sharded"
        for (name, source) in sources {
            let md5 = try ProcessRunner.run(
                "/usr/bin/env",
                [
                    "python3", "-c",
                    "import hashlib,sys;print(hashlib.md5(sys.argv[1].encode()).hexdigest())", name,
                ]
            ).stdout
            let h = Array(md5)
            let rel = "Specs/\(h[0])/\(h[1])/\(h[2])/\(name)/1.0.0/\(name).podspec.json"
            try write([rel: specJSON(name, version: "1.0.0", source: source)], in: sharded)
            specFiles[name] = "sharded/" + rel
        }
        try git(["add", "-A"], sharded)
        try git(["commit", "-q", "-m", "archive pods"], sharded)
        return archives
    }

    /// SHA1 of a spec repo file (computed with Python's hashlib, the reference).
    package func sha1(ofSpec pod: String) throws -> String {
        try ProcessRunner.run(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import hashlib,sys;print(hashlib.sha1(open(sys.argv[1],'rb').read()).hexdigest())",
                reposDir + "/" + specFiles[pod]!,
            ]
        ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The tree `git clone` + checkout of `rev` gives for a pod's served repo (the reference for a cache entry),
    /// without `.git`, in a new folder beside `root`.
    package func referenceCheckout(_ pod: String, _ rev: String, submodules: Bool = false) throws -> String {
        let dest = (root as NSString).deletingLastPathComponent + "/ref-\(pod)-\(UUID().uuidString.prefix(6))"
        try ProcessRunner.git(["clone", "-q", root + "/podsrc/\(pod).git", dest])
        try ProcessRunner.git(["-C", dest, "checkout", "-q", rev])
        if submodules {
            try ProcessRunner.git([
                "-C", dest, "-c", "protocol.file.allow=always", "submodule", "update", "-q",
                "--init", "--recursive",
            ])
        }
        _ = try ProcessRunner.run("/usr/bin/find", [dest, "-name", ".git", "-prune", "-exec", "rm", "-rf", "{}", "+"])
        return dest
    }

    /// A Podfile.lock as CocoaPods 1.17.0 writes it, naming every fixture pod; `extraPods` adds released
    /// pods of the sharded repo (name, version) that need not exist.
    package func podfileLock(
        extraPods: [(String, String)] = [], gitURLOverride: [String: String] = [:],
        tagOverride: [String: String] = [:]
    ) throws -> String {
        func url(_ n: String) -> String { gitURLOverride[n] ?? "\(base)/podsrc/\(n).git" }
        let tagA = tagOverride["PMGitA"] ?? "1.0.0"
        var released = ["PMBar", "PMFoo", "PMPrep", "PMRuby", "PMSubm"] + extraPods.map(\.0)
        released.sort()
        let podsLines =
            ([
                "PMBar (1.0.0)", "PMFoo (1.0.0)", "PMGitA (1.0.0)", "PMGitB (1.0.0)", "PMGitC (1.0.0)",
                "PMLocal (0.1.0)", "PMPrep (1.0.0)", "PMRuby (1.0.0)", "PMSubm (1.0.0)",
            ]
            + extraPods.map { "\($0.0) (\($0.1))" }).sorted().map { "  - \($0)" }.joined(separator: "\n")
        var sums = [
            "PMGitA": "1111111111111111111111111111111111111111", "PMGitB": "2222222222222222222222222222222222222222",
            "PMGitC": "3333333333333333333333333333333333333333", "PMLocal": "4444444444444444444444444444444444444444",
        ]
        for p in ["PMBar", "PMFoo", "PMPrep", "PMRuby", "PMSubm"] { sums[p] = try sha1(ofSpec: p) }
        for (p, _) in extraPods {
            sums[p] = specFiles[p] != nil ? try sha1(ofSpec: p) : "5555555555555555555555555555555555555555"
        }
        let sharded = released.filter { $0 != "PMBar" }.map { "    - \($0)" }.joined(separator: "\n")
        return """
            PODS:
            \(podsLines)

            DEPENDENCIES:
              - PMBar
              - PMFoo (~> 1.0)
              - PMGitA (from `\(url("PMGitA"))`, tag `\(tagA)`)
              - PMGitB (from `\(url("PMGitB"))`, branch `main`)
              - PMGitC (from `\(url("PMGitC"))`, commit `\(commits["PMGitC.third"]!)`)
              - PMLocal (from `../PMLocal`)
              - PMPrep
              - PMRuby
              - PMSubm

            SPEC REPOS:
              "\(shardedURL)":
            \(sharded)
              "\(unshardedURL)":
                - PMBar

            EXTERNAL SOURCES:
              PMGitA:
                :git: \(url("PMGitA"))
                :tag: \(tagA)
              PMGitB:
                :branch: main
                :git: \(url("PMGitB"))
              PMGitC:
                :commit: \(commits["PMGitC.third"]!)
                :git: \(url("PMGitC"))
              PMLocal:
                :path: "../PMLocal"

            CHECKOUT OPTIONS:
              PMGitA:
                :git: \(url("PMGitA"))
                :tag: \(tagA)
              PMGitB:
                :commit: \(commits["PMGitB.main"]!)
                :git: \(url("PMGitB"))
              PMGitC:
                :commit: \(commits["PMGitC.third"]!)
                :git: \(url("PMGitC"))

            SPEC CHECKSUMS:
            \(sums.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n"))

            PODFILE CHECKSUM: 0123456789abcdef0123456789abcdef01234567

            COCOAPODS: 1.17.0

            """
    }

    /// Writes `<project>/Podfile.lock`.
    @discardableResult
    package func writeLock(_ text: String) throws -> String {
        let p = project + "/Podfile.lock"
        try text.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }
}

extension PodSourcesFixture {
    /// A fixture in a new temporary folder named after `prefix`, served by a git smart-HTTP server on loopback
    /// (stop it in tearDown).
    package static func served(_ prefix: String) throws -> (TempDirectory, GitHTTPServer, PodSourcesFixture) {
        let tmp = TempDirectory(prefix)
        let served = tmp.path + "/served"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        let server = try GitHTTPServer(root: served)
        return (tmp, server, try PodSourcesFixture(dir: tmp.path, base: "http://127.0.0.1:\(server.port)"))
    }
}
