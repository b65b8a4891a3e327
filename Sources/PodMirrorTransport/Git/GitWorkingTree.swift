internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// What `repo repair` asks of a repository's working tree, in git's terms.
extension GitRepository {
    /// origin's default branch: what `refs/remotes/origin/HEAD` names, else `master`, else `main`.
    package func originDefaultBranch() -> String? {
        var ref: OpaquePointer?
        if git_reference_lookup(&ref, pointer, "refs/remotes/origin/HEAD") == 0 {
            defer { git_reference_free(ref) }
            if git_reference_type(ref) == GIT_REFERENCE_SYMBOLIC, let t = git_reference_symbolic_target(ref) {
                let name = String(cString: t)
                let prefix = "refs/remotes/origin/"
                if name.hasPrefix(prefix) { return String(name.dropFirst(prefix.count)) }
            }
        }
        return ["master", "main"].first { resolve("refs/remotes/origin/\($0)") != nil }
    }

    /// The unified diff of the working tree's changes to tracked files against HEAD ("" when clean).
    package func workingTreeDiff() throws -> String {
        guard let head = headOID else { return "" }
        let tree = try GitCheckout.tree(self, head)
        defer { git_tree_free(tree) }
        var opts = git_diff_options()
        git_diff_options_init(&opts, UInt32(GIT_DIFF_OPTIONS_VERSION))
        var diff: OpaquePointer?
        try check(
            git_diff_tree_to_workdir_with_index(&diff, pointer, tree, &opts),
            "diff the working tree of", path)
        defer { git_diff_free(diff) }
        var buf = git_buf()
        defer { git_buf_dispose(&buf) }
        try check(git_diff_to_buf(&buf, diff, GIT_DIFF_FORMAT_PATCH), "diff the working tree of", path)
        guard let ptr = buf.ptr else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: ptr, count: buf.size), as: UTF8.self)
    }

    /// Checks out `commit`'s tree over the working tree, overwriting local changes (`git checkout -f`), with no
    /// baseline: every tracked file is written as the commit has it.
    package func checkoutForced(commit: String, options: TransferOptions) throws {
        let tree = try GitCheckout.tree(self, commit)
        defer { git_tree_free(tree) }
        try GitCheckout.checkout(self, tree: tree, baseline: nil, paths: nil, session: TransferSession(options))
    }
}
