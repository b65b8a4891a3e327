import Foundation
import PodMirrorFoundation
import PodMirrorTransport

/// The code of a problem `repo verify` finds (`repos[].problems[].code` in JSON); `meaning` is its line in
/// docs/json.md.
package enum VerifyProblemCode: String, CaseIterable, Sendable, Codable {
    case repoNotGit = "repo.not-git"
    case headNoOriginBranch = "head.no-origin-branch"
    case headNotAtOrigin = "head.not-at-origin"
    case headDetached = "head.detached"
    case headNotExpected = "head.not-expected"
    case gitLock = "git.lock"
    case worktreeModified = "worktree.modified"
    case worktreeDeleted = "worktree.deleted"
    case worktreeAdded = "worktree.added"
    case worktreeTypechange = "worktree.typechange"
    case worktreeUnreadable = "worktree.unreadable"
    case trunkPending = "trunk.pending"

    /// The code of a worktree difference.
    static func worktree(_ kind: GitPathChange.Kind) -> Self {
        switch kind {
        case .modified: .worktreeModified
        case .deleted: .worktreeDeleted
        case .added: .worktreeAdded
        case .typechange: .worktreeTypechange
        case .unreadable: .worktreeUnreadable
        }
    }
}

extension VerifyProblemCode: DocumentedCode {
    package var meaning: String {
        switch self {
        case .repoNotGit: "The repo is not a git repo (a CDN source or a plain folder); only git repos are verified."
        case .headNoOriginBranch: "The checked-out branch has no `origin/<branch>`, so `pod repo update` cannot reset."
        case .headNotAtOrigin: "HEAD is not at `origin/<branch>`."
        case .headDetached: "HEAD is detached (no branch checked out)."
        case .headNotExpected: "HEAD is not the commit `--expect` names."
        case .gitLock:
            "A git lock file is in the repo's git folder (`path`): stale, or held while another process holds "
                + "Spec_Lock."
        case .worktreeModified: "A worktree file (`path`) differs from HEAD's tree."
        case .worktreeDeleted: "A file of HEAD's tree (`path`) is missing from the worktree."
        case .worktreeAdded: "A worktree file (`path`) is not in HEAD's tree."
        case .worktreeTypechange:
            "A worktree path (`path`) is of another type than in HEAD's tree (file, folder, link)."
        case .worktreeUnreadable: "A worktree file (`path`) could not be read."
        case .trunkPending:
            "An update of trunk stopped half-way (a kill): the next `setup --strategy trunk` finishes it."
        }
    }
}
