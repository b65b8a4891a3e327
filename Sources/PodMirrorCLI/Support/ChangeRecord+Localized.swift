import PodMirrorFoundation

extension ChangeRecord {
    /// `summary` in the language chosen for this run (text output); JSON keeps `summary`.
    var localizedSummary: String { summaryText?.localized ?? summary }
    /// `error` in the language chosen for this run (text output); JSON keeps `error`.
    var localizedError: String? { errorText?.localized ?? error }
}
