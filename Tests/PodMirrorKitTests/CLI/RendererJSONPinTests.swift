import Foundation
@testable import PodMirrorCLI
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import XCTest

/// The exact `--json` fields of the results whose JSON the CLI renderers build from the Kit's typed values
/// (docs/json.md is the contract): every key, credentials redacted, `null` where a value is absent. Pinned byte for
/// byte with the one encoder every command prints through.
final class RendererJSONPinTests: XCTestCase {
    func text(_ fields: [String: JSONValue]) throws -> String {
        String(decoding: try Render.encoder.encode(JSONValue.object(fields)), as: UTF8.self)
    }

    func testRepoListFieldsOfEachRepo() throws {
        let repos = [
            SpecRepo(
                name: "master", path: "/r/master", kind: .git, url: "https://u:secret@git.example/Specs.git",
                branch: "master", head: "abc123", headDate: Date(timeIntervalSince1970: 1_700_000_000)),
            SpecRepo(
                name: "trunk", path: "/r/trunk", kind: .cdn, url: "https://cdn.cocoapods.org/", head: "def456",
                madeFrom: "https://u:secret@mirror.example/Specs.git"),
            SpecRepo(name: "local", path: "/r/local", kind: .dir),
        ]
        XCTAssertEqual(
            try text(SpecReposRenderer.jsonFields(.init(reposDir: "/r", repos: repos))),
            """
            {
              "repos" : [
                {
                  "branch" : "master",
                  "head" : "abc123",
                  "headDate" : "2023-11-14T22:13:20Z",
                  "name" : "master",
                  "path" : "/r/master",
                  "type" : "git",
                  "url" : "https://***@git.example/Specs.git"
                },
                {
                  "branch" : null,
                  "head" : "def456",
                  "madeFrom" : "https://***@mirror.example/Specs.git",
                  "name" : "trunk",
                  "path" : "/r/trunk",
                  "type" : "cdn",
                  "url" : "https://cdn.cocoapods.org/"
                },
                {
                  "branch" : null,
                  "head" : null,
                  "name" : "local",
                  "path" : "/r/local",
                  "type" : "dir",
                  "url" : null
                }
              ],
              "reposDir" : "/r"
            }
            """)
    }

    func testRepoVerifyFieldsOfEachRepoAndProblem() throws {
        let broken = SpecRepoVerification(
            name: "master", path: "/r/master", branch: "master", head: "abc", originHead: "def", deep: true,
            problems: [
                .init(code: .worktreeModified, path: "A/A.podspec.json", text: Message("verify.more", ["count": "2"])),
                .init(code: .headNotAtOrigin, path: nil, text: Message("verify.more", ["count": "1"])),
            ], problemCount: 3)
        let intact = SpecRepoVerification(
            name: "other", path: "/r/other", branch: nil, head: nil, deep: false, problems: [], problemCount: 0)
        XCTAssertEqual(
            try text(RepoVerificationRenderer.jsonFields(.init(reposDir: "/r", repos: [broken, intact]))),
            """
            {
              "intact" : false,
              "repos" : [
                {
                  "branch" : "master",
                  "deep" : true,
                  "head" : "abc",
                  "intact" : false,
                  "name" : "master",
                  "originHead" : "def",
                  "path" : "/r/master",
                  "problemCount" : 3,
                  "problems" : [
                    {
                      "code" : "worktree.modified",
                      "message" : "\(Message("verify.more", ["count": "2"]).english)",
                      "path" : "A/A.podspec.json"
                    },
                    {
                      "code" : "head.not-at-origin",
                      "message" : "\(Message("verify.more", ["count": "1"]).english)",
                      "path" : null
                    }
                  ]
                },
                {
                  "branch" : null,
                  "deep" : false,
                  "head" : null,
                  "intact" : true,
                  "name" : "other",
                  "originHead" : null,
                  "path" : "/r/other",
                  "problemCount" : 0,
                  "problems" : [

                  ]
                }
              ],
              "reposDir" : "/r",
              "warnings" : [

              ]
            }
            """)
    }

    func testPodsFetchFieldsWithCountsAndRedactedWarnings() throws {
        let pod = PodFetchResult(
            name: "A", version: "1.0", kind: .http, origin: .release, url: "https://example.invalid/a.zip",
            status: .fetched, reason: nil, error: nil, errorCode: nil, bytes: 10, seconds: 0.5,
            cachePath: "/c/Pods/Release/A/1.0-abcde", commit: nil, podspec: nil, specRepo: "trunk",
            reasonText: nil, errorText: nil, exitStatus: nil)
        let report = PodsFetchReport(
            lockfile: "/p/Podfile.lock", cachePath: "/c/Pods", cocoapodsVersion: "1.16.2", versionSource: .flag,
            versionAction: .write, pods: [pod],
            warnings: [
                Diagnostic(.warning, code: .bundleFallbackClone, "see https://u:secret@host.example/x", file: "/p/F")
            ], mode: .apply, interrupted: false)
        let fields = try PodsFetchRenderer.jsonFields(.init(report: report, listsEveryPod: true))
        XCTAssertEqual(try text(fields), try text(PodsListRenderer.jsonFields(report)))
        let expected = """
            {
              "cachePath" : "/c/Pods",
              "changed" : true,
              "cocoapodsVersion" : "1.16.2",
              "counts" : {
                "cached" : 0,
                "failed" : 0,
                "fetched" : 1,
                "interrupted" : 0,
                "missing" : 0,
                "skipped" : 0
              },
              "interrupted" : false,
              "lockfile" : "/p/Podfile.lock",
              "mode" : "apply",
              "pods" : [
                \(try text(JSONValue.fields(of: pod)).split(separator: "\n").joined(separator: "\n    "))
              ],
              "versionAction" : "write",
              "versionSource" : "--cocoapods-version",
              "warnings" : [
                \(try text(JSONValue.fields(of: Diagnostic(
                    .warning, code: .bundleFallbackClone, "see https://***@host.example/x", file: "/p/F")))
                    .split(separator: "\n").joined(separator: "\n    "))
              ]
            }
            """
        XCTAssertEqual(try text(fields), expected)
    }

    func testTrunkFactsOfASetupPlan() throws {
        let trunk = TrunkState(
            path: "/r/trunk", origin: .podmirror, url: "https://u:secret@mirror.example/Specs.git", commit: "abc",
            pending: "def", branch: "master", fetched: "fff", stats: TrunkStats(pods: 2, podspecs: 5, leftOut: 1))
        let facts = TrunkPlanFacts(
            url: "https://mirror.example/Specs.git", path: "/r/trunk", trunk: trunk, tip: .some(nil))
        let bare = TrunkPlanFacts(url: "u", path: "/r/trunk", trunk: TrunkState(path: "/r/trunk", origin: .absent))
        XCTAssertEqual(
            try text(JSONValue.fields(of: facts)),
            """
            {
              "path" : "/r/trunk",
              "tip" : null,
              "trunk" : {
                "branch" : "master",
                "commit" : "abc",
                "leftOut" : 1,
                "origin" : "podmirror",
                "path" : "/r/trunk",
                "pending" : "def",
                "pods" : 2,
                "podspecs" : 5,
                "url" : "https://***@mirror.example/Specs.git"
              },
              "url" : "https://mirror.example/Specs.git"
            }
            """)
        XCTAssertEqual(
            try text(JSONValue.fields(of: bare)),
            """
            {
              "path" : "/r/trunk",
              "trunk" : {
                "branch" : null,
                "commit" : null,
                "origin" : "absent",
                "path" : "/r/trunk",
                "url" : null
              },
              "url" : "u"
            }
            """)
    }
}
