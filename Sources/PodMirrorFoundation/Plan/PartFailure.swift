import Foundation

/// The failure of one independent change (one spec repo of `repo update`) after others were applied: it names
/// what failed, keeps the cause's code and exit status, and does not claim that nothing was changed.
struct PartFailure: PodMirrorError {
    /// What failed, e.g. the spec repo's name.
    var subject: String
    var underlying: any PodMirrorError

    init(subject: String, underlying: any PodMirrorError) {
        self.subject = subject
        self.underlying = underlying
    }

    var text: Message? {
        Message("plan.error.part", ["subject": subject]).filling("error", with: underlying.text, or: underlying.message)
    }
    var message: String {
        Message("plan.error.part", ["subject": subject, "error": underlying.message]).english
    }
    var remedyText: Message? { Message("plan.error.part.remedy") }
    var remedy: String? { remedyText?.english }
    var code: ErrorCode { underlying.code }
    var exitStatus: ExitStatus { underlying.exitStatus }
}
