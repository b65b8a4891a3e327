internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// The config files git reads, found from the environment as git finds them: the system file unless
/// `GIT_CONFIG_NOSYSTEM` is set (`$GIT_CONFIG_SYSTEM`, else the one libgit2 finds), then `$GIT_CONFIG_GLOBAL`
/// alone, or else the XDG file and `~/.gitconfig`. libgit2 1.5.1 ignores those three variables, so podmirror
/// reads the files itself wherever it must follow what git does (insteadOf rules, proxies).
package struct GitConfigFiles: Sendable {
    package var environment: RuntimeEnvironment

    package init(environment: RuntimeEnvironment) { self.environment = environment }

    /// The global config file git writes with `--global`: `$GIT_CONFIG_GLOBAL`, else `~/.gitconfig`
    /// when it exists, else `$XDG_CONFIG_HOME/git/config` when that exists, else `~/.gitconfig`.
    package var globalFile: String {
        if let g = globalOverride { return g }
        let home = environment.home + "/.gitconfig"
        if environment.fileSystem.fileExists(home) { return home }
        if environment.fileSystem.fileExists(xdgFile) { return xdgFile }
        return home
    }

    /// The XDG global file git also reads (`$XDG_CONFIG_HOME/git/config`, `~/.config/git/config`).
    var xdgFile: String {
        let base =
            environment.variables["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? environment.home + "/.config"
        return environment.expandPath(base) + "/git/config"
    }

    /// The system file git reads (never written by podmirror): `$GIT_CONFIG_SYSTEM`, else the one libgit2
    /// finds (`/etc/gitconfig` on Linux); nil when `GIT_CONFIG_NOSYSTEM` is set or there is none.
    var systemFile: String? {
        if let off = environment.variables["GIT_CONFIG_NOSYSTEM"], !off.isEmpty,
            !["0", "false", "no", "off"].contains(off.lowercased())
        {
            return nil
        }
        if let file = environment.variables["GIT_CONFIG_SYSTEM"], !file.isEmpty {
            let path = environment.expandPath(file)
            return environment.fileSystem.fileExists(path) ? path : nil
        }
        Libgit2.initialize()
        var found = git_buf()
        defer { git_buf_dispose(&found) }
        guard git_config_find_system(&found) == 0, let path = found.ptr else { return nil }
        return String(cString: path)
    }

    /// Every global file git reads that exists, the write target first.
    package var globalFiles: [String] {
        var out = [globalFile]
        if globalOverride == nil {
            for f in [environment.home + "/.gitconfig", xdgFile]
            where !out.contains(f) && environment.fileSystem.fileExists(f) { out.append(f) }
        }
        return out
    }

    /// Every file git reads that exists: the system file, then the global ones (the write target first).
    package var readFiles: [String] {
        let system = systemFile.map { [$0] } ?? []
        return system.filter { !globalFiles.contains($0) } + globalFiles
    }

    /// Every file git reads, lowest priority first, with its libgit2 level (`git_config_add_file_ondisk`);
    /// some may not exist.
    var readOrder: [(level: git_config_level_t, path: String)] {
        var out = systemFile.map { [(level: GIT_CONFIG_LEVEL_SYSTEM, path: $0)] } ?? []
        if let g = globalOverride {
            out.append((GIT_CONFIG_LEVEL_GLOBAL, g))
        } else {
            out.append((GIT_CONFIG_LEVEL_XDG, xdgFile))
            out.append((GIT_CONFIG_LEVEL_GLOBAL, environment.home + "/.gitconfig"))
        }
        return out
    }

    private var globalOverride: String? {
        environment.variables["GIT_CONFIG_GLOBAL"].flatMap { $0.isEmpty ? nil : environment.expandPath($0) }
    }
}
