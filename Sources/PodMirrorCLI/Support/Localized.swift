import PodMirrorCocoaPods
import PodMirrorFoundation
import PodMirrorTransport

// The Kit keeps its sentences as `Message`s; the CLI says them in the run's language (`RunScope`) when it renders
// text. JSON keeps the English fields.

extension Message {
    /// The text in the language chosen for this run (`RunScope.current.language`).
    var localized: String { text(in: RunScope.current.language) }
}

extension PodMirrorError {
    /// The message in the language chosen for this run (text output); JSON keeps `message`.
    var localizedMessage: String { text?.localized ?? message }
    /// The remedy in the language chosen for this run.
    var localizedRemedy: String? { remedyText?.localized ?? remedy }
}

extension Diagnostic {
    /// The message in the language chosen for this run.
    var localizedMessage: String { text?.localized ?? message }
}

extension HTTPFailure {
    /// `message` for a person: localized when podmirror worded it.
    var localized: String { text?.localized ?? message }
}

extension MirrorProbe.Result {
    /// `problem` for a person: localized when podmirror worded it.
    var problemLocalized: String? { problemText?.localized ?? problem }
}

extension PodFetchResult {
    /// The localized reason or error, for text output.
    var localizedDetail: String? {
        if let errorText { return errorText.localized }
        if let error { return error }
        if let reasonText { return reasonText.localized }
        return reason
    }

    /// The localized remedy, for text output.
    var localizedRemedy: String? { remedyText?.localized ?? remedy }
}

extension ChangeRecord {
    /// `summary` in the language chosen for this run (text output); JSON keeps `summary`.
    var localizedSummary: String { summaryText?.localized ?? summary }
    /// `error` in the language chosen for this run (text output); JSON keeps `error`.
    var localizedError: String? { errorText?.localized ?? error }
}
