import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The result of `repo verify` for one repo: intact, or the problems found, each naming its path.
package struct SpecRepoVerification: Sendable {
    package struct Problem: Sendable {
        package var code: VerifyProblemCode
        /// The file concerned, relative to the repo (worktree problems) or absolute (locks).
        package var path: String?
        package var text: Message
    }

    package var name: String
    package var path: String
    package var branch: String?
    package var head: String?
    /// `origin/<branch>`'s commit.
    package var originHead: String?
    package var deep: Bool
    package var problems: [Problem]
    /// Problems past this many are counted, not listed.
    static let listLimit = 1000
    package var problemCount: Int

    package var intact: Bool { problemCount == 0 }
}

/// `repo verify`: reads each spec repo and says what is wrong with it; changes nothing.
package struct RepoVerifier: Sendable {
    package var repos: ReposDirectory

    package init(repos: ReposDirectory) { self.repos = repos }

    /// `repo verify [NAME...]`: is each copy intact? HEAD on its branch at `origin/<branch>` (and at
    /// `expect`), no file of the worktree modified, deleted or added (index stat data like `git status`;
    /// `deep` also hashes every file against HEAD's tree), no git lock file left behind. Only reads.
    package func verify(
        names: [String], deep: Bool, expect: String?,
        cancellation: CancellationToken = .init()
    ) throws -> [SpecRepoVerification] {
        if let expect, !(expect.count >= 7 && expect.count <= 40 && expect.allSatisfy(\.isHexDigit)) {
            throw PodMirrorFailure(Message("bundle.error.bad-expect", ["value": expect]), code: .verifyBadExpect)
        }
        let trunk = TrunkState.read(repos)
        let selected =
            names.isEmpty
            ? SpecRepo.all(in: repos).filter { $0.kind == .git || ($0.name == "trunk" && trunk.origin == .podmirror) }
            : try repos.existingRepos(names)
        let specLockHeld = SpecLock.isHeld(reposDir: repos)
        return try selected.map {
            if $0.name == "trunk", trunk.origin == .podmirror {
                return try verifyTrunk(trunk, cancellation: cancellation)
            }
            return try verify($0, deep: deep, expect: expect, specLockHeld: specLockHeld, cancellation: cancellation)
        }
    }

    func verify(
        _ info: SpecRepo, deep: Bool, expect: String?, specLockHeld: Bool,
        cancellation: CancellationToken
    ) throws -> SpecRepoVerification {
        var result = SpecRepoVerification(
            name: info.name, path: info.path, branch: info.branch, head: info.head,
            originHead: nil, deep: deep, problems: [], problemCount: 0)
        func add(_ code: VerifyProblemCode, _ path: String?, _ text: Message) {
            result.problemCount += 1
            if result.problems.count < SpecRepoVerification.listLimit {
                result.problems.append(.init(code: code, path: path, text: text))
            }
        }
        guard info.kind == .git, let head = info.head else {
            add(
                .repoNotGit, nil, Message("verify.problem.not-git", ["name": info.name, "type": info.kind.rawValue]))
            return result
        }
        let repo = try GitRepository.open(info.path)
        if let branch = info.branch {
            let origin = repo.resolve("refs/remotes/origin/\(branch)")
            result.originHead = origin
            if origin == nil {
                add(.headNoOriginBranch, nil, Message("verify.problem.no-origin-branch", ["branch": branch]))
            } else if origin != head {
                add(
                    .headNotAtOrigin, nil,
                    Message(
                        "verify.problem.not-at-origin",
                        [
                            "branch": branch, "head": String(head.prefix(12)), "origin": String(origin!.prefix(12)),
                        ]))
            }
        } else {
            add(.headDetached, nil, Message("verify.problem.detached", ["head": String(head.prefix(12))]))
        }
        if let expect, !head.hasPrefix(expect.lowercased()) {
            add(.headNotExpected, nil, Message("verify.problem.not-expected", ["head": head, "expect": expect]))
        }
        for lock in SpecRepoGitLocks.find(repo.gitDirectory, repos.fileSystem) {
            add(
                .gitLock, lock,
                Message(specLockHeld ? "verify.problem.lock-busy" : "verify.problem.lock", ["path": lock]))
        }
        for c in try repo.statusScan(commit: head, deep: deep, cancellation: cancellation) {
            add(.worktree(c.kind), c.path, Message(Self.problemKey(c.kind), ["path": c.path]))
        }
        return result
    }

    static func problemKey(_ kind: GitPathChange.Kind) -> String {
        switch kind {
        case .modified: return "verify.problem.modified"
        case .deleted: return "verify.problem.deleted"
        case .added: return "verify.problem.added"
        case .typechange: return "verify.problem.typechange"
        case .unreadable: return "verify.problem.unreadable"
        }
    }
}
