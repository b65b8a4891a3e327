import Foundation
import XCTest

/// `swiftpm use` and `swiftpm show` through the one runner: the rules of git's global config or `--source-mirror`,
/// dry run, `--check`, `--json`, and a malformed `mirrors.json` refused with nothing changed.
extension InProcessCommandTests {
    func swiftPMPackage() throws -> String {
        try home.write(
            "Pkg/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Pkg\", "
                + "dependencies: [.package(url: \"https://github.com/apple/swift-log.git\", from: \"1.0.0\")])\n")
        return home.sub("Pkg")
    }

    /// The test HOME without the machine's /etc/gitconfig (which may hold insteadOf rules of its own).
    var isolated: [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C", "GIT_CONFIG_NOSYSTEM": "1"]
    }

    func testSwiftPMUseTakesGitsSourceMirrorRulesAndChecksDryRunsAndAppliesOnce() throws {
        let pkg = try swiftPMPackage()
        let mirrors = home.sub("Pkg/.swiftpm/configuration/mirrors.json")
        let noRule = run(["swiftpm", "use", pkg], variables: isolated)
        XCTAssertEqual(noRule.status, 2, noRule.stderr)
        XCTAssertTrue(noRule.stderr.contains("gitconfig insteadof add"), noRule.stderr)

        let added = run(
            ["gitconfig", "insteadof", "add", "https://github.com/", "https://mirror.example/gh/"], variables: isolated)
        XCTAssertEqual(added.status, 0, added.stderr)
        let dry = run(["swiftpm", "use", "--dry-run"], in: pkg, variables: isolated)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(
            dry.stdout.contains("+      \"mirror\" : \"https://mirror.example/gh/apple/swift-log\""), dry.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: mirrors))
        XCTAssertEqual(run(["swiftpm", "use", "--check"], in: pkg, variables: isolated).status, 3)
        XCTAssertEqual(run(["swiftpm", "use"], in: pkg, variables: isolated).status, 0)
        XCTAssertEqual(
            run(["swiftpm", "use", "--check"], in: pkg, variables: isolated).status, 0, "a second run changes nothing")

        let shown = run(["swiftpm", "show", pkg, "--json"], variables: isolated)
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let packages = try XCTUnwrap(object["packages"] as? [[String: Any]])
        XCTAssertEqual(packages.first?["fetchFrom"] as? String, "mirror")
        XCTAssertEqual(packages.first?["mirror"] as? String, "https://mirror.example/gh/apple/swift-log.git")
        XCTAssertEqual(object["mirrorsFile"] as? String, mirrors)
    }

    func testSwiftPMUseWithSourceMirrorAndAMalformedFileRefusedNamingIt() throws {
        let pkg = try swiftPMPackage()
        let mirrors = try home.write("Pkg/.swiftpm/configuration/mirrors.json", "{\"version\": 1, \"object\": {}}")
        let refused = run([
            "swiftpm", "use", pkg, "--source-mirror", "https://github.com/=https://m.example/", "--json",
        ])
        XCTAssertEqual(refused.status, 1, refused.stdout)
        XCTAssertTrue(refused.stdout.contains("swiftpm.mirrors-invalid"), refused.stdout)
        XCTAssertTrue(refused.stdout.contains(mirrors), refused.stdout)
        XCTAssertEqual(
            String(decoding: try home.read("Pkg/.swiftpm/configuration/mirrors.json"), as: UTF8.self),
            "{\"version\": 1, \"object\": {}}")

        try FileManager.default.removeItem(atPath: mirrors)
        let written = run(["swiftpm", "use", pkg, "--source-mirror", "https://github.com/=https://m.example/"])
        XCTAssertEqual(written.status, 0, written.stderr)
        let shown = run(["swiftpm", "show"], in: pkg, variables: isolated)
        XCTAssertTrue(
            shown.stdout.contains("https://github.com/apple/swift-log.git → https://m.example/apple/swift-log.git"),
            shown.stdout)
    }
}

extension InProcessCommandTests {
    func testSwiftPMMirrorCredentialsAreWrittenButNeverShown() throws {
        let pkg = try swiftPMPackage()
        let pair = "https://github.com/=https://ci:s3cret@m.example/"
        for args in [["--dry-run"], ["--dry-run", "--json"], ["--json"], []] {
            let r = run(["swiftpm", "use", pkg, "--source-mirror", pair] + args, variables: isolated)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse((r.stdout + r.stderr).contains("s3cret"), r.stdout + r.stderr)
        }
        let shown = run(["swiftpm", "show", pkg, "--json"], variables: isolated)
        XCTAssertFalse((shown.stdout + shown.stderr).contains("s3cret"), shown.stdout)
        let file = String(decoding: try home.read("Pkg/.swiftpm/configuration/mirrors.json"), as: UTF8.self)
        XCTAssertTrue(file.contains("https://ci:s3cret@m.example/apple/swift-log.git"), "SwiftPM needs it as given")
    }
}
