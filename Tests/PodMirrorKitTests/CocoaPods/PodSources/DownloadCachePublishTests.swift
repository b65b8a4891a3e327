import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
import XCTest

/// Publishing into CocoaPods' download cache when two fetches of one pod race: a folder without its spec counts
/// as an interrupted writer's only when that writer no longer holds the entry's lock.
final class DownloadCachePublishTests: XCTestCase {
    let spec = Array(#"{"name":"PMFoo","version":"1.0.0"}"#.utf8)

    final class Outcome: @unchecked Sendable {
        var placed: Result<Bool, Error>?
        let done = DispatchSemaphore(value: 0)
    }

    /// A fetched tree in its own staging folder whose `who` file says which fetch made it.
    func staged(_ cache: DownloadCache, _ who: String) throws -> (content: String, staging: String) {
        let staging = try cache.makeStaging()
        let content = staging + "/content"
        try FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
        try who.write(toFile: content + "/who", atomically: true, encoding: .utf8)
        return (content, staging)
    }

    /// `publish` on its own thread.
    func publishing(_ cache: DownloadCache, _ slug: String, _ tree: (content: String, staging: String)) -> Outcome {
        let outcome = Outcome()
        let spec = spec
        Thread {
            outcome.placed = Result {
                try cache.publish(
                    slug: slug, content: tree.content, spec: spec, staging: tree.staging,
                    cancellation: CancellationToken())
            }
            outcome.done.signal()
        }.start()
        return outcome
    }

    func testAFreshEntryIsNeverReplacedWhileItsWriterStillPublishes() throws {
        let tmp = TempDirectory("cache-publish")
        let cache = DownloadCache(path: tmp.sub("Pods"), lockTimeout: 30, fileSystem: LocalFileSystem())
        let slug = DownloadCache.releaseSlug(name: "PMFoo", version: "1.0.0", specSHA1: "0123456789")
        let a = try staged(cache, "A")
        let b = try staged(cache, "B")
        // Another process holds the spec file's lock: fetch A places its folder, then waits to write the spec.
        let specDir = (cache.specPath(slug) as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: specDir, withIntermediateDirectories: true)
        let holder = try FlockHolder(cache.specPath(slug) + ".lock")
        let first = publishing(cache, slug, a)
        let who = cache.entryPath(slug) + "/who"
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: who) && Date() < deadline { usleep(10_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: who), "A placed its folder")
        // Fetch B of the same pod now finds the folder without its spec. Before, it took the lock A had let go,
        // called A's fresh folder interrupted and replaced it with its own.
        let second = publishing(cache, slug, b)
        XCTAssertEqual(second.done.wait(timeout: .now() + 1), .timedOut, "B waits for A's entry lock")
        XCTAssertEqual(try String(contentsOfFile: who, encoding: .utf8), "A")
        holder.release()
        XCTAssertEqual(first.done.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(second.done.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(try first.placed?.get(), true)
        XCTAssertEqual(try second.placed?.get(), false, "B finds the entry A published")
        XCTAssertEqual(try String(contentsOfFile: who, encoding: .utf8), "A")
        XCTAssertTrue(cache.isCached(slug))
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: cache.specPath(slug)))), spec)
    }

    func testAFolderWithoutItsSpecWhoseWriterIsGoneIsReplaced() throws {
        let tmp = TempDirectory("cache-publish")
        let cache = DownloadCache(path: tmp.sub("Pods"), lockTimeout: 30, fileSystem: LocalFileSystem())
        let slug = DownloadCache.releaseSlug(name: "PMFoo", version: "1.0.0", specSHA1: "0123456789")
        // What a killed writer left: the folder, no spec, nobody holding the lock.
        try FileManager.default.createDirectory(atPath: cache.entryPath(slug), withIntermediateDirectories: true)
        try "killed".write(toFile: cache.entryPath(slug) + "/who", atomically: true, encoding: .utf8)
        let b = try staged(cache, "B")
        XCTAssertTrue(
            try cache.publish(
                slug: slug, content: b.content, spec: spec, staging: b.staging, cancellation: CancellationToken()))
        XCTAssertEqual(try String(contentsOfFile: cache.entryPath(slug) + "/who", encoding: .utf8), "B")
        XCTAssertTrue(cache.isCached(slug))
    }
}
