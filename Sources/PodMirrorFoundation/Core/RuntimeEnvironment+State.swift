import Foundation

extension RuntimeEnvironment {
    /// Where podmirror keeps its own bookkeeping: `$XDG_STATE_HOME/podmirror` (an absolute value only), else
    /// `~/.local/state/podmirror`.
    package var stateDirectory: String {
        let state = variables["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/state"
        return state + "/podmirror"
    }
}
