import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport

/// The real file system with one injected fault: the N-th mutating call (write, remove, move,
/// create folder; counted from 0) fails with `reason` — once (a transient fault), or for it and
/// every later call (a disk that stays full or read-only). Reads always work. Lets Kit tests drive
/// every failure path of a plan without root-only tricks.
// @unchecked: `count` and `log` are read and written under `lock`; the rest is constant.
package final class FaultyFileSystem: FileSystem, @unchecked Sendable {
    package let failAt: Int
    package let persistent: Bool
    package let reason: String
    private let real = LocalFileSystem()
    private let lock = NSLock()
    private var count = 0
    /// Calls made so far, `op path` (failed ones marked), for messages.
    package private(set) var log: [String] = []

    package init(failAt: Int, persistent: Bool = false, reason: String = "No space left on device") {
        self.failAt = failAt
        self.persistent = persistent
        self.reason = reason
    }

    /// Mutating calls made so far.
    package var mutations: Int { lock.lock(); defer { lock.unlock() }; return count }

    private func mutate(_ op: String, _ path: String, _ body: () throws -> Void) throws {
        lock.lock()
        let n = count
        count += 1
        let fail = persistent ? n >= failAt : n == failAt
        log.append("\(op) \(path)\(fail ? " [fault]" : "")")
        lock.unlock()
        if fail { throw FileError(path: path, operation: FileError.Operation(rawValue: op) ?? .write, reason: reason) }
        try body()
    }

    package func readFile(_ path: String) throws -> [UInt8] { try real.readFile(path) }
    package func fileExists(_ path: String) -> Bool { real.fileExists(path) }
    package func isDirectory(_ path: String) -> Bool { real.isDirectory(path) }
    package func isExecutableFile(_ path: String) -> Bool { real.isExecutableFile(path) }
    package func contentsOfDirectory(_ path: String) throws -> [String] { try real.contentsOfDirectory(path) }
    package func subpaths(_ path: String) -> [String] { real.subpaths(path) }
    package func destinationOfSymbolicLink(_ path: String) throws -> String {
        try real.destinationOfSymbolicLink(path)
    }
    package func writeAtomically(_ bytes: [UInt8], to path: String, defaultMode: mode_t) throws {
        try mutate("write", path) { try real.writeAtomically(bytes, to: path, defaultMode: defaultMode) }
    }
    package func removeItem(_ path: String) throws { try mutate("remove", path) { try real.removeItem(path) } }
    package func moveItem(_ source: String, to destination: String) throws {
        try mutate("move", source) { try real.moveItem(source, to: destination) }
    }
    package func createDirectory(_ path: String) throws {
        try mutate("create directory", path) { try real.createDirectory(path) }
    }
}
