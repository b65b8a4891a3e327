import Foundation
import PodMirrorTestSupport
import XCTest

/// `repo use MIRROR` takes over the repo the project's Podfile uses and gives it the mirror's name: it says what
/// it re-pointed and renamed, warns about the Podfile that still names the old URL (text and JSON), and doctor
/// then suggests moving the Podfile's source — whose fix works — not a `repo use` that switches back.
final class RepoUsePodfileCLITests: RepoCLITestCase {
    func testRepoUseSaysWhatItRenamedAndWarnsAboutThePodfileThatNamesTheOldURL() throws {
        let old = server.url("specs.git")
        XCTAssertEqual(try pm(["repo", "add", "0", old]).status, 0)
        let podfile = try home.write("Podfile", "source '\(old)'\n\ntarget 'App' do\n  pod 'A'\nend\n")
        let mirror = try official.mirror(named: "mirror2", seed: "m2")
        try mirror.addCommits(1)
        let url = server.url("mirror2.git")

        let dry = try pm(["repo", "use", url, "--dry-run"], env: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(dry.status, 0, dry.stderr)

        let r = try pm(["repo", "use", url], env: ["PODMIRROR_LANG": "en"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: repos).filter { !$0.hasPrefix("Spec_Lock") }
        XCTAssertEqual(names.count, 1, "\(names)")
        let newName = try XCTUnwrap(names.first)
        XCTAssertNotEqual(newName, "0")
        XCTAssertTrue(r.stdout.contains("re-pointed `0` at \(url) and renamed it `\(newName)`"), r.stdout)
        XCTAssertTrue(r.stderr.contains("`0` is now `\(newName)`"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\(podfile) still names \(old)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("podmirror podfile source use \(url) --podfile \(podfile)"), r.stderr)

        // Doctor: the source moves to the repo's URL; its fix is the Podfile edit, which then replaces the old URL.
        let doctor = try json(["doctor", "--offline"], status: 1)
        let findings = doctor["findings"] as? [[String: Any]] ?? []
        let unmatched = try XCTUnwrap(findings.first { $0["id"] as? String == "podfile.source-unmatched" }, "\(doctor)")
        let fix = try XCTUnwrap(unmatched["fix"] as? String)
        XCTAssertEqual(fix, "podmirror podfile source use \(url) --podfile \(podfile)")
        XCTAssertFalse(fix.contains("repo use"))
        XCTAssertEqual(try pm(Array(fix.split(separator: " ").dropFirst().map(String.init))).status, 0)
        let text = try String(contentsOfFile: podfile, encoding: .utf8)
        XCTAssertFalse(text.contains(old), text)
        XCTAssertTrue(text.contains("source '\(url)'"), text)
    }

    func testRepoUseJSONCarriesTheRenameAndThePodfileWarning() throws {
        let old = server.url("specs.git")
        XCTAssertEqual(try pm(["repo", "add", "0", old]).status, 0)
        let podfile = try home.write("App/Podfile", "source '\(old)'\ntarget 'App' do\nend\n")
        _ = try official.mirror(named: "mirror2", seed: "m2")
        let object = try json(["repo", "use", server.url("mirror2.git"), "--podfile", podfile])
        let change = try XCTUnwrap((object["changes"] as? [[String: Any]])?.first)
        XCTAssertEqual((change["details"] as? [String: Any])?["previousName"] as? String, "0", "\(change)")
        let codes = (object["warnings"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(Set(codes), ["repo.renamed", "repo.podfile-old-source"], "\(object)")
    }

    /// "My mirror is down": `podfile source use tuna` after `setup --mirror URL` replaces URL (its clone is laid
    /// out as the Specs repo is), instead of keeping it first; a URL with no local copy is kept with a warning
    /// that names it.
    func testPodfileSourceUseReplacesTheMirrorSetupPutThere() throws {
        let url = server.url("specs.git")
        let podfile = try home.write("Podfile", "target 'App' do\n  pod 'A'\nend\n")
        let setup = try pm(["setup", "--strategy", "podfile", "--mirror", url, "--podfile", podfile, "--no-verify"])
        XCTAssertEqual(setup.status, 0, setup.stderr)
        XCTAssertTrue(try String(contentsOfFile: podfile, encoding: .utf8).hasPrefix("source '\(url)'"))
        let use = try pm(["podfile", "source", "use", "tuna", "--podfile", podfile])
        XCTAssertEqual(use.status, 0, use.stderr)
        let text = try String(contentsOfFile: podfile, encoding: .utf8)
        XCTAssertFalse(text.contains(url), text)
        XCTAssertTrue(text.hasPrefix("source 'https://mirrors.tuna.tsinghua.edu.cn/git/CocoaPods/Specs.git'"), text)

        let unknown = "https://specs.mirror.example/Specs.git"
        let other = try home.write("Other/Podfile", "source '\(unknown)'\ntarget 'App' do\nend\n")
        let object = try json(["podfile", "source", "use", "tuna", "--podfile", other])
        let warning = (object["warnings"] as? [[String: Any]] ?? []).first {
            $0["code"] as? String == "podfile.only-private-sources"
        }
        XCTAssertTrue((warning?["message"] as? String)?.contains(unknown) == true, "\(object)")
    }
}
