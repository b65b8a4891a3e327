internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Moving a branch and its working tree: what `git reset --hard <commit>` does, but checking out
/// only the paths that differ between the old and the new tree:
/// a full `git_checkout_tree` would `lstat` every file of a 60k–400k-file Specs tree.
package enum GitCheckout {
    /// Moves `refs/heads/<branch>` (HEAD's branch) to `target` and updates the changed paths.
    /// Nothing is written when HEAD is already at `target`. Returns the number of changed paths.
    @discardableResult
    package static func resetHard(
        _ repo: GitRepository, branch: String, to target: String,
        options: TransferOptions, message: String
    ) throws -> Int {
        let old = repo.headOID
        if old == target { return 0 }
        let session = TransferSession(options)
        let newTree = try tree(repo, target)
        defer { git_tree_free(newTree) }
        var oldTree: OpaquePointer?
        if let old { oldTree = try? tree(repo, old) }
        defer { git_tree_free(oldTree) }
        var count = 0
        if let oldTree {
            let paths = try changedPaths(repo, from: oldTree, to: newTree)
            count = paths.count
            if !paths.isEmpty {
                try checkout(repo, tree: newTree, baseline: oldTree, paths: paths, session: session)
            }
        } else {
            try checkout(repo, tree: newTree, baseline: nil, paths: nil, session: session)
        }
        try repo.setReference("refs/heads/\(branch)", to: target, message: message)
        return count
    }

    /// Checks out the whole tree of `commit` into an empty working tree (a fresh repo).
    package static func checkoutFresh(_ repo: GitRepository, commit: String, options: TransferOptions) throws {
        try GitFreshCheckout.run(repo, commit: commit, session: TransferSession(options))
    }

    static func tree(_ repo: GitRepository, _ commitHex: String) throws -> OpaquePointer {
        guard var oid = GitOID.parse(commitHex) else {
            throw GitError(
                .repository, operation: Message("git.operation.read-commit-in", ["commit": commitHex]),
                subject: repo.path,
                cause: Message("git.cause.bad-object"))
        }
        var commit: OpaquePointer?
        try check(git_commit_lookup(&commit, repo.pointer, &oid), "read commit \(commitHex) in", repo.path)
        defer { git_commit_free(commit) }
        var t: OpaquePointer?
        try check(git_commit_tree(&t, commit), "read the tree of \(commitHex) in", repo.path)
        return t!
    }

    /// Paths added, removed or modified between two trees (both sides of renames, as no rename detection runs).
    static func changedPaths(_ repo: GitRepository, from a: OpaquePointer, to b: OpaquePointer) throws -> [String] {
        var diff: OpaquePointer?
        var opts = git_diff_options()
        git_diff_options_init(&opts, UInt32(GIT_DIFF_OPTIONS_VERSION))
        try check(git_diff_tree_to_tree(&diff, repo.pointer, a, b, &opts), "diff trees in", repo.path)
        defer { git_diff_free(diff) }
        var paths = Set<String>()
        for i in 0..<git_diff_num_deltas(diff) {
            guard let d = git_diff_get_delta(diff, i)?.pointee else { continue }
            if let p = d.old_file.path { paths.insert(String(cString: p)) }
            if let p = d.new_file.path { paths.insert(String(cString: p)) }
        }
        return paths.sorted()
    }

    static func checkout(
        _ repo: GitRepository, tree: OpaquePointer, baseline: OpaquePointer?, paths: [String]?,
        session: TransferSession
    ) throws {
        var strategy = GIT_CHECKOUT_FORCE.rawValue
        if paths != nil { strategy |= GIT_CHECKOUT_DISABLE_PATHSPEC_MATCH.rawValue }
        var co = session.checkoutOptions(strategy: git_checkout_strategy_t(strategy))
        co.baseline = baseline
        let strings = (paths ?? []).map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var mutable = strings
        try mutable.withUnsafeMutableBufferPointer { buf in
            if paths != nil { co.paths = git_strarray(strings: buf.baseAddress, count: buf.count) }
            try check(git_checkout_tree(repo.pointer, tree, &co), "check out files in", repo.path)
        }
    }
}
