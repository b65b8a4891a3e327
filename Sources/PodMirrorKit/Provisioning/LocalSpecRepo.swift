import CLibgit2
import Foundation

/// A spec repo in the repos dir, as doctor sees it: its type and URL by CocoaPods' rules (§1.3, §1.4)
/// and the git state `pod repo update` depends on, read through libgit2.
///
/// A small reader for doctor only; repo changes live in SpecRepos/.
struct LocalSpecRepo {
    enum Kind: String { case git, cdn, trunk, fileSystem = "file system" }

    var name: String
    var path: String
    var kind: Kind
    /// origin's URL (git), the `.url` content (CDN), the hard-wired trunk URL, or nil.
    var url: String?
    /// Git only: HEAD is detached.
    var detached = false
    /// Git only: the checked-out branch.
    var branch: String?
    /// Git only: `refs/remotes/origin/<branch>` exists.
    var hasTrackingRef = true
    /// Git only: tracked files differ from HEAD (what `reset --hard` would discard).
    var dirtyCount = 0

    static let trunkURL = "https://cdn.cocoapods.org/"

    /// The repos dir: `$CP_REPOS_DIR`, else `$CP_HOME_DIR/repos`, else `~/.cocoapods/repos`.
    static func reposDir(_ env: RuntimeEnvironment) -> String {
        if let d = env.variables["CP_REPOS_DIR"], !d.isEmpty { return env.expandPath(d) }
        if let h = env.variables["CP_HOME_DIR"], !h.isEmpty { return env.expandPath(h) + "/repos" }
        return env.home + "/.cocoapods/repos"
    }

    static func all(in dir: String, fileSystem fs: any FileSystem) throws -> [LocalSpecRepo] {
        try fs.contentsOfDirectory(dir).filter { fs.isDirectory(dir + "/" + $0) }
            .sorted { $0.lowercased() < $1.lowercased() }
            .map { try read(name: $0, path: dir + "/" + $0, fileSystem: fs) }
    }

    static func read(name: String, path: String, fileSystem fs: any FileSystem) throws -> LocalSpecRepo {
        if name == "trunk" { return LocalSpecRepo(name: name, path: path, kind: .trunk, url: trunkURL) }
        if fs.fileExists(path + "/.url") {
            var url = (try? fs.readText(path + "/.url")) ?? ""
            if url.hasSuffix("\n") { url.removeLast() }
            if url.hasSuffix("/") { url.removeLast() }
            return LocalSpecRepo(name: name, path: path, kind: .cdn, url: url + "/")
        }
        guard fs.fileExists(path + "/.git") else { return LocalSpecRepo(name: name, path: path, kind: .fileSystem) }
        Libgit2.initialize()
        var repo: OpaquePointer?
        guard git_repository_open(&repo, path) == 0 else { return LocalSpecRepo(name: name, path: path, kind: .fileSystem) }
        defer { git_repository_free(repo) }
        var head: OpaquePointer?
        guard git_repository_head(&head, repo) == 0 else { return LocalSpecRepo(name: name, path: path, kind: .fileSystem) }
        defer { git_reference_free(head) }
        var r = LocalSpecRepo(name: name, path: path, kind: .git)
        // The raw `remote.origin.url`, as CocoaPods reads it: libgit2's remote object would apply
        // url.*.insteadOf rewrites, which CocoaPods does not (spec §1.4).
        var config: OpaquePointer?
        var buf = git_buf()
        if git_repository_config_snapshot(&config, repo) == 0, git_config_get_string_buf(&buf, config, "remote.origin.url") == 0, let p = buf.ptr {
            r.url = String(cString: p)
        } else {
            r.url = "file://" + path + "/.git"
        }
        git_buf_dispose(&buf)
        git_config_free(config)
        r.detached = git_repository_head_detached(repo) == 1
        if !r.detached, let short = git_reference_shorthand(head) {
            r.branch = String(cString: short)
            var tracking: OpaquePointer?
            r.hasTrackingRef = git_reference_lookup(&tracking, repo, "refs/remotes/origin/\(r.branch!)") == 0
            git_reference_free(tracking)
        }
        var opts = git_status_options()
        git_status_options_init(&opts, UInt32(GIT_STATUS_OPTIONS_VERSION))
        opts.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        opts.flags = GIT_STATUS_OPT_EXCLUDE_SUBMODULES.rawValue
        var list: OpaquePointer?
        if git_status_list_new(&list, repo, &opts) == 0 {
            r.dirtyCount = git_status_list_entrycount(list)
            git_status_list_free(list)
        }
        return r
    }

    /// CocoaPods' URL canonical form for matching (Core `Source::Manager#canonic_url`): lower case,
    /// one `.git` then one trailing `/` dropped. With `podfileSide`, any GitHub CocoaPods/Specs spelling
    /// then becomes `https://github.com/cocoapods/specs` (`source_with_url`; local URLs are not rewritten).
    static func canonical(_ url: String, podfileSide: Bool = false) -> String {
        var s = url.lowercased()
        if s.hasSuffix(".git") { s.removeLast(4) }
        if s.hasSuffix("/") { s.removeLast() }
        if podfileSide, s.range(of: #"github\.com[:/]+cocoapods/specs"#, options: .regularExpression) != nil {
            s = "https://github.com/cocoapods/specs"
        }
        return s
    }
}
