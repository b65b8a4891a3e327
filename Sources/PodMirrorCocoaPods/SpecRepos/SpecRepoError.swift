import Foundation
import PodMirrorFoundation

/// Errors about spec repos and the repos dir. Messages name the repo, path or (redacted) URL.
extension PodMirrorFailure {
    /// A repo name podmirror refuses; `why` is one of the `repo.error.bad-name.*` reasons.
    static func badName(_ name: String, _ why: Message) -> PodMirrorFailure {
        PodMirrorFailure(
            "repo.error.bad-name", ["name": name], sentence: "why", why, remedy: Message("repo.error.bad-name.remedy"),
            code: .repoBadName)
    }

    static func notFound(_ name: String, in dir: String) -> PodMirrorFailure {
        PodMirrorFailure(
            Message("repo.error.not-found", ["name": name, "path": dir]),
            remedy: Message("repo.error.not-found.remedy"), code: .repoNotFound)
    }
}
