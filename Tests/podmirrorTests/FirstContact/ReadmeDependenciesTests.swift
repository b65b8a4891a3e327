import Foundation
import XCTest

/// Both READMEs name every package scripts/deps.sh installs, by the name it installs it under.
final class ReadmeDependenciesTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testBothReadmesNameWhatDepsShInstalls() throws {
        let deps = try read("scripts/deps.sh")
        var packages = Set<String>()
        // `need+=(libgit2-dev)`, `web+=(nginx)`, `brew install libgit2 pkg-config`.
        let added = try NSRegularExpression(pattern: #"(?:need|web)\+=\(([a-z0-9.+-]+)\)"#)
        for m in added.matches(in: deps, range: NSRange(deps.startIndex..., in: deps)) {
            packages.insert(String(deps[Range(m.range(at: 1), in: deps)!]))
        }
        let brew = try NSRegularExpression(pattern: #"brew install ([a-z0-9 .+-]+)"#)
        for m in brew.matches(in: deps, range: NSRange(deps.startIndex..., in: deps)) {
            for word in deps[Range(m.range(at: 1), in: deps)!].split(separator: " ") { packages.insert(String(word)) }
        }
        XCTAssertTrue(packages.isSuperset(of: ["libgit2-dev", "libcurl4-openssl-dev", "pkg-config", "fcgiwrap"]))
        for readme in ["README.md", "README.zh-CN.md"] {
            let text = try read(readme)
            for package in packages.sorted() {
                XCTAssertTrue(text.contains("`\(package)`") || text.contains(" \(package)"), "\(readme): \(package)")
            }
            // The runtime package name (libcurl4) is not what the build needs.
            XCTAssertFalse(text.contains("`libcurl4`"), readme)
        }
    }
}
