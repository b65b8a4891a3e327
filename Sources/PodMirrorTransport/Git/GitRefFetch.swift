internal import CLibgit2
import Foundation
import PodMirrorFoundation

extension GitRepository {
    /// Makes the objects of the repository at `path` readable here for good: its objects folder is added to
    /// `objects/info/alternates` (git's alternates; nothing is copied). Open the repository again to see them.
    package func addAlternate(objectsOf path: String) throws {
        let other = try GitRepository.open(path)
        let file = gitDirectory + "/objects/info/alternates"
        let existing = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let line = other.gitDirectory + "/objects\n"
        guard !existing.split(separator: "\n").contains(Substring(line.dropLast())) else { return }
        try FileManager.default.createDirectory(
            atPath: gitDirectory + "/objects/info", withIntermediateDirectories: true)
        try (existing + line).write(toFile: file, atomically: true, encoding: .utf8)
    }
}

extension GitTransfer {
    /// Fetches `refspecs` (`+SRC:DST`, SRC a ref the server advertises) of `url` into `repo` through an in-memory
    /// remote: nothing is added to the repository's config, no tags are followed. The negotiation offers every ref
    /// of `repo` as a commit it has (haves), so the server sends only what those lack. The transfer connects to
    /// `url` after the insteadOf rules (`options.connectURL`). Returns the bytes received.
    @discardableResult
    package static func fetch(url: String, refspecs: [String], into repo: GitRepository, options: TransferOptions)
        throws -> Int64
    {
        try GitURL.validate(url)
        Libgit2.initialize()
        let connect = options.connectURL(for: url)
        try GitURL.validate(connect)
        // A full disk while a pack is written says so (not "libgit2 error -1").
        try check(pm_name_refused_pack_writes(repo.pointer), "fetch into", repo.path)
        var bytes: Int64 = 0
        try GitSourceFetcher.fetch(
            repo, at: connect, refspecs: refspecs, url: subject(url, connectingTo: connect), options: options,
            depth: nil, bytes: &bytes)
        return bytes
    }
}
