import Foundation

/// Errors about spec repos and the repos dir. Messages name the repo, path or (redacted) URL.
extension PodMirrorFailure {
    /// A repo name podmirror refuses; `why` is one of the `repo.error.bad-name.*` reasons.
    static func badName(_ name: String, _ why: Message) -> PodMirrorFailure {
        var failure = PodMirrorFailure(
            Message("repo.error.bad-name", ["name": name, "why": why.localized]),
            remedy: Message("repo.error.bad-name.remedy"), code: .repoBadName)
        // The reason is a sentence of its own: JSON gets it in English whatever the language.
        failure.message = Message("repo.error.bad-name", ["name": name, "why": why.english]).english
        return failure
    }

    static func notFound(_ name: String, in dir: String) -> PodMirrorFailure {
        PodMirrorFailure(
            Message("repo.error.not-found", ["name": name, "path": dir]),
            remedy: Message("repo.error.not-found.remedy"), code: .repoNotFound)
    }
}
