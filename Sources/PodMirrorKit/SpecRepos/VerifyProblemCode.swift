import Foundation

/// The code of a problem `repo verify` finds (`repos[].problems[].code` in JSON); `meaning` is its line in
/// docs/json.md.
public enum VerifyProblemCode: String, CaseIterable, Sendable, Codable {
    /// The repo is not a git repo (a CDN source or a plain folder).
    case repoNotGit = "repo.not-git"
    /// The repo's branch has no `origin/<branch>`.
    case headNoOriginBranch = "head.no-origin-branch"
    /// HEAD is not at `origin/<branch>`.
    case headNotAtOrigin = "head.not-at-origin"
    /// HEAD is detached.
    case headDetached = "head.detached"
    /// HEAD is not the commit `--expect` names.
    case headNotExpected = "head.not-expected"
    /// A git lock file is left in the repo's git folder.
    case gitLock = "git.lock"
    /// A worktree file differs from HEAD.
    case worktreeModified = "worktree.modified"
    /// A file of HEAD is missing from the worktree.
    case worktreeDeleted = "worktree.deleted"
    /// A worktree file is not in HEAD.
    case worktreeAdded = "worktree.added"
    /// A worktree path changed type (file, folder, link).
    case worktreeTypechange = "worktree.typechange"
    /// A worktree file could not be read.
    case worktreeUnreadable = "worktree.unreadable"

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
    public var meaning: String {
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
        }
    }
}
