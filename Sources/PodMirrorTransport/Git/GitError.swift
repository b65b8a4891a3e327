internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// A git operation failed. Names the (redacted) URL or repository path and libgit2's cause.
package struct GitError: PodMirrorError {
    package enum Kind: String, Sendable {
        /// The server could not be reached, answered with an error, or the transfer broke off.
        case transport
        /// No data arrived from the server for longer than the stall timeout.
        case timeout
        /// The URL uses a transport podmirror refuses (`ext::`, `fd::`, unknown schemes).
        case unsupportedTransport
        /// The repository on disk is not in a state the operation can work with.
        case repository
        /// The feature is not available in the linked libgit2 (e.g. `--depth` before 1.7).
        case unsupported
    }

    package var kind: Kind
    /// The operation, e.g. "clone", "fetch", "checkout".
    package var operation: String
    /// The catalog form of `operation`, when it names a file or a ref (the others are in `operationTexts`).
    var operationText: Message?
    /// Redacted URL or path the operation worked on.
    package var subject: String
    package var cause: String
    /// The catalog form of `cause`, when podmirror (not libgit2) words it.
    package var causeText: Message?
    /// For `.timeout`: the setting that bounds the stall (`--timeout`, `PODMIRROR_GIT_TIMEOUT`).
    var timeoutSetting: String?
    /// For `.timeout`: the transfer went on, but slower than the minimum rate (`MinimumRate`).
    var tooSlow = false

    package init(_ kind: Kind, operation: String, subject: String, cause: String) {
        self.kind = kind
        self.operation = operation
        // A transfer's subject may name two URLs (`MIRROR (for URL)`): each is redacted on its own.
        let marker = GitTransfer.subjectMarker
        self.subject = subject.components(separatedBy: marker).map(Redaction.redactURL).joined(separator: marker)
        self.cause = Redaction.redactText(cause)
    }

    /// A failure whose cause podmirror words itself (in the catalog).
    package init(_ kind: Kind, operation: String, subject: String, cause: Message) {
        self.init(kind, operation: operation, subject: subject, cause: cause.english)
        causeText = cause.mapArguments(Redaction.redactText)
    }

    /// A failure of an operation that names a file or a ref, worded in the catalog.
    package init(_ kind: Kind, operation: Message, subject: String, cause: Message) {
        self.init(kind, operation: operation.english, subject: subject, cause: cause)
        operationText = operation
    }

    /// A transfer that got no data for the stall timeout of `network`.
    static func stalled(operation: String, subject: String, network: NetworkSettings) -> GitError {
        var error = GitError(
            .timeout, operation: operation, subject: subject,
            cause: Message("git.cause.stalled", ["seconds": String(Int(network.stallTimeout))]))
        error.timeoutSetting = network.stallTimeoutSetting
        return error
    }

    /// A transfer that went on, but slower than the minimum rate of `network`.
    static func tooSlow(operation: String, subject: String, network: NetworkSettings) -> GitError {
        var error = GitError(.timeout, operation: operation, subject: subject, cause: network.minimumRate.cause)
        error.timeoutSetting = MinimumRate.settingNames
        error.tooSlow = true
        return error
    }

    /// The operation, the subject's `(for …)` and a cause podmirror words, in the reader's language; a cause
    /// libgit2 words stays in its words.
    package var text: Message? {
        var parts: [String: Message] = [:]
        if let operation = operationText ?? Self.operationTexts[operation] { parts["operation"] = operation }
        if let subject = GitTransfer.subjectText(subject) { parts["subject"] = subject }
        if let causeText { parts["cause"] = causeText }
        return Message("git.error.failed", ["operation": operation, "subject": subject, "cause": cause], parts: parts)
    }

    /// The operations podmirror runs with a fixed verb, in the catalog.
    static let operationTexts: [String: Message] = [
        "clone": Message("git.operation.clone"), "fetch": Message("git.operation.fetch"),
        "fetch into": Message("git.operation.fetch-into"), "connect to": Message("git.operation.connect-to"),
        "ls-remote": Message("git.operation.ls-remote"), "use proxy for": Message("git.operation.use-proxy-for"),
        "use URL": Message("git.operation.use-url"), "check out": Message("git.operation.check-out"),
        "open": Message("git.operation.open"), "export": Message("git.operation.export"),
        "index the pack of": Message("git.operation.index-pack-of"), "pack": Message("git.operation.pack"),
        "read the pack index": Message("git.operation.read-pack-index"),
        "read the pack": Message("git.operation.read-pack"),
        "shallow clone of": Message("git.operation.shallow-clone-of"),
        "submodule update": Message("git.operation.submodule-update"),
    ]

    package var message: String {
        Message("git.error.failed", ["operation": operation, "subject": subject, "cause": cause]).english
    }

    package var remedy: String? { remedyText?.english }

    package var code: ErrorCode {
        switch kind {
        case .transport: .gitTransport
        case .timeout: .gitTimeout
        case .unsupportedTransport: .gitUnsupportedTransport
        case .repository: .gitRepository
        case .unsupported: .gitUnsupported
        }
    }

    package var remedyText: Message? {
        switch kind {
        case .transport: Message("git.error.transport.remedy")
        case .timeout where tooSlow:
            Message("network.too-slow.remedy", ["setting": timeoutSetting ?? MinimumRate.settingNames])
        case .timeout: Message("git.timeout.remedy", ["setting": timeoutSetting ?? NetworkSettings.timeoutSettingNames])
        case .unsupportedTransport: Message("git.error.unsupported-transport.remedy")
        case .repository, .unsupported: nil
        }
    }

    /// Builds an error from libgit2's last error; network classes map to `.transport`. When libgit2 set none
    /// (some failed writes, a full disk) and the call left `errno`, the system's reason is the cause.
    static func fromLibgit2(_ rc: Int32, operation: String, subject: String, errno saved: Int32 = 0) -> GitError {
        if pm_error_last() == nil, saved != 0 {
            return GitError(
                .repository, operation: operation, subject: subject, cause: String(cString: strerror(saved)))
        }
        let e = pm_error_last()
        let klass = e.map { Int32($0.pointee.klass) } ?? 0
        let msg = Libgit2.lastErrorMessage("libgit2 error \(rc)")
        let network: Set<Int32> = [
            Int32(GIT_ERROR_NET.rawValue), Int32(GIT_ERROR_HTTP.rawValue), Int32(GIT_ERROR_SSL.rawValue),
            Int32(GIT_ERROR_SSH.rawValue), Int32(GIT_ERROR_INDEXER.rawValue), Int32(GIT_ERROR_ZLIB.rawValue),
        ]
        // libgit2 reports a refused connection or an unknown host as an OS-class error (NET-class over HTTP).
        let noServer = msg.hasPrefix("failed to connect") || msg.hasPrefix("failed to resolve address")
        let unreachable = klass == Int32(GIT_ERROR_OS.rawValue) && noServer
        let isTransport =
            network.contains(klass) || unreachable || rc == GIT_EEOF.rawValue || rc == GIT_ECERTIFICATE.rawValue
            || rc == GIT_EAUTH.rawValue
        var error = GitError(isTransport ? .transport : .repository, operation: operation, subject: subject, cause: msg)
        // libgit2's own words for a server it cannot reach, framed in the reader's language.
        if isTransport, noServer { error.causeText = Message("network.cause.unreachable", ["reason": error.cause]) }
        return error
    }
}

/// Runs a libgit2 call that writes files and throws a `GitError` when it fails. libgit2 leaves its last error
/// in place on success and sets none for some failed writes (a full disk while writing the index), so the error
/// is cleared first and, when the call sets none, the system's reason (`No space left on device`) is the cause.
@discardableResult
func checkWrite(_ operation: String, _ subject: String, _ call: () -> Int32) throws -> Int32 {
    git_error_clear()
    errno = 0
    let rc = call()
    let saved = errno
    guard rc < 0 else { return rc }
    throw GitError.fromLibgit2(rc, operation: operation, subject: subject, errno: saved)
}

/// Throws a `GitError` when a libgit2 call fails.
@discardableResult
package func check(_ rc: Int32, _ operation: String, _ subject: String) throws -> Int32 {
    if rc < 0 { throw GitError.fromLibgit2(rc, operation: operation, subject: subject) }
    return rc
}
