import Foundation
import PodMirrorTestSupport
import XCTest

/// The keys of a spec repo change's `details`, and the ones `repo` commands repeat at the top of their JSON, are
/// what scripts read (docs/json.md): each command keeps exactly these, `null` where a fact is not known.
final class RepoDetailsCLITests: RepoCLITestCase {
    /// The single change's `details`: each key, and whether its value is null.
    private func details(_ out: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws
        -> [String: Bool]
    {
        let changes = try XCTUnwrap(out["changes"] as? [[String: Any]], file: file, line: line)
        XCTAssertEqual(changes.count, 1, file: file, line: line)
        return try XCTUnwrap(changes.first?["details"] as? [String: Any], file: file, line: line)
            .mapValues { $0 is NSNull }
    }

    /// Which of `keys` the document has at its top.
    private func lifted(_ out: [String: Any], _ keys: [String]) -> Set<String> {
        Set(keys.filter { out[$0] != nil })
    }

    func testEveryRepoCommandKeepsItsDetailsKeys() throws {
        let heads = ["method", "oldHead", "newHead", "name", "url"]
        let url = server.url("specs.git")
        _ = try official.mirror(named: "mirror", seed: "m")
        var out = try json(["repo", "add", "specs", url, "--dry-run"])
        XCTAssertEqual(
            try details(out), ["name": false, "url": false, "path": false, "branch": true, "method": false])
        out = try json(["repo", "add", "specs", url])
        XCTAssertEqual(
            try details(out),
            [
                "name": false, "url": false, "path": false, "branch": false, "method": false, "head": false,
                "newHead": false,
            ])
        XCTAssertEqual(lifted(out, heads), ["method", "newHead", "name", "url"])
        out = try json(["repo", "add", "specs", url])
        XCTAssertEqual(
            try details(out),
            [
                "name": false, "url": false, "path": false, "branch": false, "method": false, "oldHead": false,
                "newHead": false,
            ])
        XCTAssertEqual(out["method"] as? String, "none")

        out = try json(["repo", "use", server.url("mirror.git"), "--name", "specs"])
        XCTAssertEqual(out["method"] as? String, "repoint")
        XCTAssertEqual(
            try details(out),
            [
                "name": false, "previousName": false, "url": false, "previousURL": false, "branch": false,
                "oldHead": false, "newHead": false, "method": false, "path": false, "changedPaths": false,
                "packsMoved": false, "searchIndexRemoved": false,
            ])
        XCTAssertEqual(lifted(out, heads), Set(heads))
        out = try json(["repo", "use", server.url("mirror.git"), "--name", "specs"])
        XCTAssertEqual(
            try details(out), ["name": false, "url": false, "method": false, "oldHead": false, "newHead": false])

        let bundle = home.sub("specs.bundle")
        let exportKeys = ["name", "file", "branch", "tip", "bytes", "objects", "packReused", "seconds"]
        out = try json(["repo", "export", "specs", bundle, "--dry-run"])
        XCTAssertEqual(try details(out), ["name": false, "file": false, "branch": false, "tip": false])
        XCTAssertEqual(lifted(out, exportKeys), ["name", "file", "branch", "tip"])
        out = try json(["repo", "export", "specs", bundle])
        XCTAssertEqual(try details(out), Dictionary(uniqueKeysWithValues: exportKeys.map { ($0, false) }))
        XCTAssertEqual(lifted(out, exportKeys), Set(exportKeys))

        out = try json(["repo", "remove", "specs"])
        XCTAssertEqual(try details(out), ["name": false, "path": false, "type": false, "url": false])

        out = try json(["repo", "import", bundle, "--name", "specs"])
        XCTAssertEqual(
            try details(out),
            [
                "name": false, "url": false, "path": false, "method": false, "bundle": false, "branch": false,
                "tip": false, "oldHead": true, "head": false, "newHead": false,
            ])
        XCTAssertEqual(
            lifted(out, heads + ["tip", "branch", "bundleError"]), Set(heads + ["tip", "branch"]))
        XCTAssertTrue(out["oldHead"] is NSNull, "an import replaces no commit")
    }
}
