import Foundation
import PodMirrorTestSupport
import XCTest

/// Every command's `--json` output is one document that follows docs/podmirror.schema.json, on success
/// and on failure, while child processes run too.
final class JSONContractCLITests: XCTestCase {
    let bin = InProcessPodmirror()

    func testEveryCommandsJSONFollowsTheSchema() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let validator = try JSONSchemaValidator(
            schemaFile: checkout.appendingPathComponent("docs/podmirror.schema.json").path)
        let served = TempDirectory()
        let home = TempDirectory()
        let tools = TempDirectory()
        _ = try SpecsFixture(root: served.path, name: "Specs", pods: 5, commits: 1)
        let server = try GitHTTPServer(root: served.path)
        defer { server.stop() }
        let gems = try StaticHTTPServer(routes: StaticHTTPServer.gemMirrorRoutes())
        defer { gems.stop() }
        // A stand-in gem that chats on stdout while setup --json runs it.
        chmod(try tools.write("gem", "#!/bin/sh\necho 'Successfully installed cocoapods'\n"), 0o755)
        let url = server.url("Specs.git")
        let podfile = try home.write("Podfile", "platform :ios, '12.0'\ntarget 'App' do\n  pod 'A'\nend\n")
        // A source podmirror cannot read: `podfile show` lists a problem with its code.
        let computed = try home.write("computed/Podfile", "source ENV['SPECS']\nplatform :ios, '12.0'\n")
        let package = try home.write(
            "spm/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", dependencies: "
                + "[.package(url: \"https://github.com/a/B.git\", from: \"1.0.0\")])\n")
        let spm = (package as NSString).deletingLastPathComponent
        let runs: [[String]] = [
            ["mirror", "list"], ["mirror", "test", url], ["mirror", "test", "--gems", gems.url + "/"],
            ["repo", "list"], ["repo", "add", "specs", url], ["repo", "add", "specs", url], ["repo", "update"],
            ["repo", "use", url, "--name", "specs"], ["repo", "remove", "nothere"],
            ["setup", "--strategy", "podfile", "--mirror", url, "--podfile", podfile, "--dry-run"],
            ["setup", "--gems", gems.url + "/", "--check"],
            ["setup", "--strategy", "podfile", "--mirror", "nowhere"], ["setup", "--install-cocoapods"],
            ["podfile", "show", "--podfile", podfile], ["podfile", "show", "--podfile", computed], ["repo", "verify"],
            ["podfile", "platform", "ios", "13.0", "--podfile", podfile],
            ["podfile", "platform", "ios", "13.0", "--podfile", home.sub("missing/Podfile")],
            ["gems", "source", "list"], ["gems", "source", "use", gems.url + "/", "--dry-run"],
            ["gitconfig", "insteadof", "use", url, "--dry-run"],
            ["doctor", "--offline", "--podfile", podfile], ["deintegrate", home.path], ["swiftpm", "show", spm],
            ["swiftpm", "use", spm, "--source-mirror", "https://github.com/=https://m.example/", "--dry-run"],
            ["swiftpm", "use", home.sub("nowhere")],
        ]
        // The validator itself refuses what the contract forbids.
        XCTAssertFalse(
            validator.problems(document: #"{"command": "x", "ok": true, "error": null}"#).isEmpty, "warnings missing")
        XCTAssertFalse(
            validator.problems(document: #"{"command": "x", "ok": true, "warnings": [], "error": "boom"}"#).isEmpty)
        XCTAssertFalse(validator.problems(document: "Successfully installed\n{}").isEmpty, "not one document")
        // Codes are the enums' values (docs/json.md): a code no enum has is refused.
        let diagnostic = #"{"severity": "warning", "code": "no.such-code", "message": "m", "file": null, "line": null}"#
        XCTAssertFalse(
            validator.problems(document: #"{"command": "x", "ok": true, "warnings": [\#(diagnostic)], "error": null}"#)
                .isEmpty, "unknown warning code")
        XCTAssertFalse(
            validator.problems(
                document: #"{"command": "x", "ok": true, "warnings": [], "error": null, "repos": "#
                    + #"[{"problems": [{"code": "worktree.gone", "path": null, "message": "m"}]}]}"#
            ).isEmpty, "unknown verify problem code")
        for args in runs {
            let r = try bin.run(
                args + ["--json"], home: home.path,
                extraEnvironment: ["PATH": tools.path + ":/usr/bin:/bin"])
            let problems = validator.problems(document: r.stdout)
            XCTAssertEqual(problems, [], "\(args.joined(separator: " ")) (exit \(r.status)): \(r.stdout)\(r.stderr)")
        }
    }
}
