import Foundation

/// Errors about spec repos and the repos dir. Messages name the repo, path or (redacted) URL.
public struct SpecRepoError: PodMirrorError {
    public var message: String
    public var remedy: String?
    public var code: String
    public var exitStatus: ExitStatus
    public var text: Message?
    public var remedyText: Message?

    public init(
        _ message: String, remedy: String? = nil, code: String, exitStatus: ExitStatus = .failure,
        text: Message? = nil, remedyText: Message? = nil
    ) {
        self.message = Redaction.redactText(message)
        self.remedy = remedy
        self.code = code
        self.exitStatus = exitStatus
        self.text = text
        self.remedyText = remedyText
    }

    static func badName(_ name: String, _ why: String) -> SpecRepoError {
        // `why` is English only (its callers are not in the catalog yet).
        let message = Message("repo.error.bad-name", ["name": name, "why": why])
        let remedy = Message("repo.error.bad-name.remedy")
        return SpecRepoError(
            message.english, remedy: remedy.english, code: "repo.bad-name", exitStatus: .usage,
            text: message, remedyText: remedy)
    }

    static func notFound(_ name: String, in dir: String) -> SpecRepoError {
        let message = Message("repo.error.not-found", ["name": name, "path": dir])
        let remedy = Message("repo.error.not-found.remedy")
        return SpecRepoError(
            message.english, remedy: remedy.english, code: "repo.not-found", exitStatus: .failure,
            text: message, remedyText: remedy)
    }
}
