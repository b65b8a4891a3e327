import Foundation
import PodMirrorTestSupport
import XCTest

/// `--help`, listings and progress labels follow the language; JSON, completion scripts generated for
/// English and exit codes do not change.
final class HelpLanguageCLITests: XCTestCase {
    let bin = InProcessPodmirror()
    let zh = ["LANG": "zh_CN.UTF-8"]
    let en = ["LANG": "C.UTF-8"]

    func run(_ args: [String], _ env: [String: String], home: TempDirectory = TempDirectory()) throws -> ProcessResult {
        try bin.run(args, home: home.path, extraEnvironment: env)
    }

    func testRootHelpFollowsTheLocale() throws {
        let chinese = try run(["--help"], zh)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        XCTAssertTrue(chinese.stdout.contains("一条命令配好本机的 CocoaPods"), chinese.stdout)
        XCTAssertTrue(chinese.stdout.contains("所有会做更改的命令都支持 --dry-run"), chinese.stdout)
        XCTAssertFalse(chinese.stdout.contains("Get a machine's CocoaPods set-up"), chinese.stdout)
        // ArgumentParser's own headings stay English.
        XCTAssertTrue(chinese.stdout.contains("USAGE:"), chinese.stdout)
        let english = try run(["--help"], en)
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertTrue(english.stdout.contains("Get a machine's CocoaPods set-up right in one command"), english.stdout)
        XCTAssertFalse(english.stdout.contains("一条命令"), english.stdout)
    }

    func testSetupHelpAbstractAndOptionsFollowTheLanguage() throws {
        let chinese = try run(["setup", "--help"], zh)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        for phrase in [
            "一条可重复执行的命令配好整台机器", "Specs 镜像：镜像目录中的名称", "打印执行计划（含 diff），不做任何更改",
            "消息语言：en 或 zh-Hans",
        ] {
            XCTAssertTrue(chinese.stdout.contains(phrase), "missing '\(phrase)' in:\n\(chinese.stdout)")
        }
        XCTAssertFalse(chinese.stdout.contains("Specs mirror: a catalog name"), chinese.stdout)
        // Chinese help is broken into lines by terminal cells (a CJK character takes two): none runs past 80
        // columns, apart from ArgumentParser's own usage line and its "(values: …; default: …)" notes.
        for line in chinese.stdout.split(separator: "\n")
        where !line.hasPrefix("USAGE:") && !line.contains("(values:") && !line.contains("(default:") {
            let cells = line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
            XCTAssertLessThanOrEqual(cells, 80, String(line))
        }
        let english = try run(["setup", "--help"], en)
        XCTAssertTrue(english.stdout.contains("Set up the whole machine in one idempotent command."), english.stdout)
        XCTAssertTrue(english.stdout.contains("Specs mirror: a catalog name"), english.stdout)
        // --lang on the command line and PODMIRROR_LANG decide before the locale, for help too.
        let flagEnglish = try run(["setup", "--help", "--lang", "en"], zh)
        XCTAssertTrue(flagEnglish.stdout.contains("Specs mirror: a catalog name"), flagEnglish.stdout)
        let flagChinese = try run(["setup", "--lang=zh-Hans", "--help"], en)
        XCTAssertTrue(flagChinese.stdout.contains("Specs 镜像：镜像目录中的名称"), flagChinese.stdout)
        let variable = try run(["repo", "add", "--help"], en.merging(["PODMIRROR_LANG": "zh-Hans"]) { $1 })
        XCTAssertTrue(variable.stdout.contains("把一个 Specs 仓库克隆到 repos 目录"), variable.stdout)
        // An unknown --lang is still a usage error (exit 2), reported in the locale's language.
        let bad = try run(["setup", "--lang", "fr", "--dry-run"], zh)
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertTrue(bad.stderr.contains("未知语言“fr”"), bad.stderr)
    }

    /// `help COMMAND` takes --lang where the other commands do; Chinese help keeps within 80 cells even where
    /// ArgumentParser appends `(values: …)`/`(default: …)`, breaking only between words or next to a CJK character.
    func testHelpCommandTakesLangAndChineseHelpFitsWithItsNotes() throws {
        for args in [
            ["--lang", "zh-Hans", "help", "repo"], ["help", "repo", "--lang", "zh-Hans"], ["--lang=zh-Hans", "help"],
        ] {
            let r = try run(args, en)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("Specs 仓库"), "\(args): \(r.stdout)")
        }
        for command in [["setup"], ["init"], ["pods", "fetch"], ["doctor"]] {
            let r = try run(command + ["--help", "--lang", "zh-Hans"], en)
            XCTAssertEqual(r.status, 0, r.stderr)
            for line in r.stdout.split(separator: "\n") where !line.hasPrefix("USAGE:") {
                let cells = line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
                XCTAssertLessThanOrEqual(cells, 80, "\(command): \(line)")
            }
            if command == ["setup"] {
                XCTAssertTrue(
                    r.stdout.contains("(values:\n                          podfile, insteadof, trunk)"), r.stdout)
            }
        }
    }

    /// scripts/gen-docs.sh sets PODMIRROR_LANG=en: the committed completions come out the same under a
    /// Chinese locale.
    func testCompletionScriptsWithEnglishPinnedMatchTheCommittedOnes() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/completions")
        for shell in ["zsh", "fish"] {
            let r = try run(
                ["--generate-completion-script", shell], zh.merging(["PODMIRROR_LANG": "en"]) { $1 })
            XCTAssertEqual(r.status, 0, r.stderr)
            let committed = try String(
                contentsOf: docs.appendingPathComponent("podmirror.\(shell)"), encoding: .utf8)
            XCTAssertEqual(r.stdout, committed, shell)
            let chinese = try run(["--generate-completion-script", shell], zh)
            XCTAssertTrue(chinese.stdout.contains("Specs 镜像"), "\(shell) completions under zh_CN")
        }
    }

    /// Paths complete as paths: Podfiles, bundles and `--seed` as files, project folders (`--project`, `init`,
    /// `deintegrate`, `reinstall` PATH) as folders (an .xcodeproj is one).
    func testPathOptionsCompleteFileNames() throws {
        let zsh = try run(["--generate-completion-script", "zsh"], ["PODMIRROR_LANG": "en"]).stdout
        for line in [
            "'*--podfile[A Podfile to edit (repeatable).]:podfile:_files'", "':file:_files'", "':bundle:_files'",
            "--seed[A git bundle (path, file\\:// or http(s)\\:// URL)",
        ] {
            XCTAssertTrue(zsh.contains(line), line)
        }
        XCTAssertTrue(zsh.contains("(the mirror becomes its origin).]:seed:_files'"), "--seed")
        XCTAssertTrue(zsh.contains("(instead of --project).]:lockfile:_files'"), "--lockfile")
        XCTAssertTrue(zsh.contains("Podfile.lock (default\\: the current folder).]:project:_files -/'"), "--project")
        XCTAssertEqual(
            zsh.components(separatedBy: "':path:_files -/'").count - 1, 5, "init, deintegrate, reinstall, swiftpm")
        let bash = try run(["--generate-completion-script", "bash"], ["PODMIRROR_LANG": "en"]).stdout
        XCTAssertTrue(bash.contains("'--podfile')\n        __podmirror_add_completions -f"), "bash --podfile")
    }

    /// Completions offer the catalog's mirror names, the `--lang` values, and the repos folder's repo names.
    func testCompletionsOfferMirrorNamesLanguagesAndRepoNames() throws {
        let bash = try run(["--generate-completion-script", "bash"], [:])
        XCTAssertEqual(bash.status, 0, bash.stderr)
        for word in ["tuna", "ruby-china", "zh-Hans"] {
            XCTAssertTrue(bash.stdout.contains(word), word)
        }
        let home = TempDirectory()
        for name in ["master", "tsinghua"] {
            try FileManager.default.createDirectory(
                atPath: home.sub(".cocoapods/repos/\(name)"), withIntermediateDirectories: true)
        }
        // The call the scripts make to complete `podmirror repo remove <TAB>`.
        let r = try PodmirrorBinary().run(
            ["---completion", "repo", "remove", "--", "positional@0", "2", "0", "podmirror", "repo", "remove", ""],
            home: home.path)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").sorted(), ["master", "tsinghua"])
    }

    func testMirrorListFollowsTheLocaleAndItsJSONDoesNot() throws {
        let chinese = try run(["mirror", "list"], zh)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        XCTAssertTrue(chinese.stdout.contains("Specs 源"), chinese.stdout)
        XCTAssertTrue(chinese.stdout.contains("（官方）"), chinese.stdout)
        XCTAssertFalse(chinese.stdout.contains("Specs sources"), chinese.stdout)
        let english = try run(["mirror", "list"], en)
        XCTAssertTrue(english.stdout.contains("Specs sources"), english.stdout)
        XCTAssertTrue(english.stdout.contains("(official)"), english.stdout)
        let zhJSON = try run(["mirror", "list", "--json"], zh)
        let enJSON = try run(["mirror", "list", "--json"], en)
        XCTAssertEqual(zhJSON.status, 0, zhJSON.stderr)
        XCTAssertEqual(zhJSON.stdout, enJSON.stdout)
    }

    func testPodfileShowFollowsTheLocale() throws {
        let home = TempDirectory()
        let podfile = try home.write(
            "Podfile",
            "platform :ios, '13.0'\ninhibit_all_warnings!\n\ntarget 'App' do\n  pod 'Alamofire'\nend\n\n"
                + "post_install do |installer|\nend\n")
        let chinese = try run(["podfile", "show", "--podfile", podfile], zh, home: home)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        for phrase in ["source：（无：隐式使用 trunk", "platform：:ios, '13.0'", "inhibit_all_warnings!：是", "（第 8 行，"] {
            XCTAssertTrue(chinese.stdout.contains(phrase), "missing '\(phrase)' in:\n\(chinese.stdout)")
        }
        let english = try run(["podfile", "show", "--podfile", podfile], en, home: home)
        for phrase in ["sources: (none: trunk", "platform: :ios, '13.0'", "inhibit_all_warnings!: yes", "(line 8, "] {
            XCTAssertTrue(english.stdout.contains(phrase), "missing '\(phrase)' in:\n\(english.stdout)")
        }
        let zhJSON = try run(["podfile", "show", "--podfile", podfile, "--json"], zh, home: home)
        let enJSON = try run(["podfile", "show", "--podfile", podfile, "--json"], en, home: home)
        XCTAssertEqual(zhJSON.stdout, enJSON.stdout)
    }

    func testGitconfigPlanLinesFollowTheLocale() throws {
        let chinese = try run(["gitconfig", "insteadof", "reset", "--dry-run"], zh)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        XCTAssertTrue(chinese.stdout.contains("中的 git insteadOf：没有 podmirror 写入的规则"), chinese.stdout)
        let english = try run(["gitconfig", "insteadof", "reset", "--dry-run"], en)
        XCTAssertTrue(english.stdout.contains(": no podmirror rules"), english.stdout)
        let zhJSON = try run(["gitconfig", "insteadof", "reset", "--dry-run", "--json"], zh)
        XCTAssertTrue(zhJSON.stdout.contains(": no podmirror rules"), zhJSON.stdout)
        XCTAssertFalse(zhJSON.stdout.contains("没有"), zhJSON.stdout)
    }

    /// git's transfer stages (`--verbose` prints each with its counts) are progress labels in the run's language.
    func testGitProgressStagesFollowTheLocale() throws {
        let served = TempDirectory("pm-served")
        _ = try SpecsFixture(root: served.path, name: "specs", pods: 5, commits: 1, seed: "zh")
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let home = TempDirectory()
        let chinese = try run(["repo", "add", "zh", server.url("specs.git"), "--verbose"], zh, home: home)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        XCTAssertTrue(chinese.stderr.contains("git：正在检出文件"), chinese.stderr)
        XCTAssertFalse(chinese.stderr.contains("checking out files"), chinese.stderr)
        XCTAssertTrue(chinese.stdout.contains("已更改"), chinese.stdout)
        let list = try run(["repo", "list"], zh, home: home)
        XCTAssertTrue(list.stdout.contains("- 类型：git（master）"), list.stdout)
        XCTAssertTrue(list.stdout.contains("1 个仓库"), list.stdout)
        let english = try run(["repo", "add", "en", server.url("specs.git"), "--verbose"], en)
        XCTAssertEqual(english.status, 0, english.stderr)
        XCTAssertTrue(english.stderr.contains("git: checking out files"), english.stderr)
    }
}
