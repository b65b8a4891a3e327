import Foundation
import PodMirrorFoundation

/// Where RubyGems and Bundler keep the settings podmirror edits, decided exactly as they decide it.
///
/// RubyGems (`lib/rubygems/defaults.rb` `Gem.find_config_file`, `lib/rubygems/config_file.rb`):
/// the user gemrc is `~/.gemrc` when that file exists, otherwise (RubyGems 3.2 and later)
/// `$XDG_CONFIG_HOME/gem/gemrc` (`~/.config/gem/gemrc` when XDG_CONFIG_HOME is unset); RubyGems 3.0
/// and 3.1 read only `~/.gemrc`. podmirror edits the XDG file when it exists and creates `~/.gemrc`. When `GEMRC` is
/// set, `Gem::ConfigFile` reads the files it lists after the user file (later ones win) and current RubyGems also
/// writes `gem sources` changes to `GEMRC`; podmirror edits the last file `GEMRC` lists.
///
/// Bundler (`lib/bundler.rb` `user_bundle_path`): `$BUNDLE_USER_CONFIG`, else
/// `$BUNDLE_USER_HOME/config`, else `~/.bundle/config`.
package struct GemConfigLocation: Sendable, Equatable {
    /// The gemrc podmirror reads and edits.
    package var gemrc: String
    /// Why this file: `GEMRC`, `~/.gemrc`, or `XDG_CONFIG_HOME`.
    package var gemrcReason: String
    /// Bundler's global config file.
    package var bundlerConfig: String
    var bundlerReason: String

    package init(environment env: RuntimeEnvironment) {
        let vars = env.variables
        let home = env.home
        if let list = vars["GEMRC"], !list.isEmpty,
            let last = list.split(separator: ":").map(String.init).last(where: { !$0.isEmpty })
        {
            gemrc = env.expandPath(last)
            gemrcReason = "GEMRC"
        } else if env.fileSystem.fileExists(home + "/.gemrc") {
            gemrc = home + "/.gemrc"
            gemrcReason = "~/.gemrc"
        } else {
            let configHome = vars["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            let xdg = env.expandPath(configHome) + "/gem/gemrc"
            if env.fileSystem.fileExists(xdg) {
                gemrc = xdg
                gemrcReason =
                    vars["XDG_CONFIG_HOME"].map { $0.isEmpty ? "~/.config" : "XDG_CONFIG_HOME" } ?? "~/.config"
            } else {
                // A new gemrc is `~/.gemrc`: every RubyGems reads it, while the XDG file is read only since
                // RubyGems 3.2 (macOS's system Ruby 2.6 has RubyGems 3.0, which reads `~/.gemrc` and the
                // system-wide file alone).
                gemrc = home + "/.gemrc"
                gemrcReason = "~/.gemrc"
            }
        }
        if let c = vars["BUNDLE_USER_CONFIG"], !c.isEmpty {
            bundlerConfig = env.expandPath(c)
            bundlerReason = "BUNDLE_USER_CONFIG"
        } else if let h = vars["BUNDLE_USER_HOME"], !h.isEmpty {
            bundlerConfig = env.expandPath(h) + "/config"
            bundlerReason = "BUNDLE_USER_HOME"
        } else {
            bundlerConfig = home + "/.bundle/config"
            bundlerReason = "~/.bundle/config"
        }
    }
}
