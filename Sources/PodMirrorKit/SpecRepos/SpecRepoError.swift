import Foundation

/// Errors about spec repos and the repos dir. Messages name the repo, path or (redacted) URL.
public struct SpecRepoError: PodMirrorError {
    public var message: String
    public var remedy: String?
    public var code: String
    public var exitStatus: ExitStatus
    public var text: Message?
    public var remedyText: Message?

    public init(_ message: String, remedy: String? = nil, code: String, exitStatus: ExitStatus = .failure,
                text: Message? = nil, remedyText: Message? = nil) {
        self.message = Redaction.redactText(message)
        self.remedy = remedy
        self.code = code
        self.exitStatus = exitStatus
        self.text = text
        self.remedyText = remedyText
    }

    static func badName(_ name: String, _ why: String) -> SpecRepoError {
        SpecRepoError("invalid repo name '\(name)': \(why)", remedy: "use a plain folder name such as `tuna` or `my-specs`",
                      code: "repo.bad-name", exitStatus: .usage)
    }

    static func notFound(_ name: String, in dir: String) -> SpecRepoError {
        SpecRepoError("Unable to find the `\(name)` repo in \(dir)", remedy: "`podmirror repo list` shows the repos",
                      code: "repo.not-found", exitStatus: .failure)
    }
}
