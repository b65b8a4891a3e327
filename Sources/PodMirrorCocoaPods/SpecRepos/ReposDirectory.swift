import Foundation
import PodMirrorFoundation

/// Where CocoaPods keeps spec repos and its cache, computed exactly as CocoaPods does.
package struct ReposDirectory: Sendable {
    /// `$CP_REPOS_DIR`, else `$CP_HOME_DIR/repos`, else `~/.cocoapods/repos` (each `expand_path`ed).
    package var path: String
    /// `$CP_CACHE_DIR`, else `$CP_HOME_DIR/cache` when CP_HOME_DIR is set, else `~/Library/Caches/CocoaPods` (even on
    /// Linux).
    var cacheRoot: String
    /// The file system the repos dir and the cache are read and changed through.
    package var fileSystem: any FileSystem

    package init(path: String, cacheRoot: String, fileSystem: any FileSystem) {
        self.path = path
        self.cacheRoot = cacheRoot
        self.fileSystem = fileSystem
    }

    package init(environment env: RuntimeEnvironment) {
        let vars = env.variables
        fileSystem = env.fileSystem
        let home = vars["CP_HOME_DIR"].flatMap { $0.isEmpty ? nil : env.expandPath($0) }
        if let d = vars["CP_REPOS_DIR"], !d.isEmpty {
            path = env.expandPath(d)
        } else {
            path = (home ?? env.expandPath("~/.cocoapods")) + "/repos"
        }
        if let c = vars["CP_CACHE_DIR"], !c.isEmpty {
            cacheRoot = env.expandPath(c)
        } else if let home {
            cacheRoot = home + "/cache"
        } else {
            cacheRoot = env.expandPath("~/Library/Caches/CocoaPods")
        }
    }

    /// `Spec_Lock`, the file `pod repo update` flocks.
    package var lockPath: String { path + "/Spec_Lock" }

    /// `<cache root>/search_index.json`, which `pod search` rebuilds when it is missing.
    var searchIndexPath: String { cacheRoot + "/search_index.json" }

    package func repoPath(_ name: String) -> String { path + "/" + name }

    /// Prefix of podmirror's own temporary folders inside the repos dir (same file system, so
    /// finished clones are renamed into place atomically).
    static let stagingPrefix = ".podmirror-"
}
