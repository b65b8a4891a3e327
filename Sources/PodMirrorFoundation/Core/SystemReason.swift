import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's reason for a failed call as a sentence: in English the system's own words (`strerror`), in
/// another language the catalog's `system.errno.<NAME>` where it has that error, else the system's words.
package enum SystemReason {
    /// The errors a user meets with files and sockets, with their catalog keys: the English text of each is
    /// `{reason}` (the system's words), the others' their own translation.
    static let keys: [Int32: String] = [
        ENOENT: "system.errno.ENOENT", EACCES: "system.errno.EACCES", EPERM: "system.errno.EPERM",
        ENOSPC: "system.errno.ENOSPC", EROFS: "system.errno.EROFS", EEXIST: "system.errno.EEXIST",
        ENOTDIR: "system.errno.ENOTDIR", EISDIR: "system.errno.EISDIR", EDQUOT: "system.errno.EDQUOT",
        EBUSY: "system.errno.EBUSY", ETXTBSY: "system.errno.ETXTBSY", ELOOP: "system.errno.ELOOP",
        ENAMETOOLONG: "system.errno.ENAMETOOLONG", EXDEV: "system.errno.EXDEV", ENOTEMPTY: "system.errno.ENOTEMPTY",
        EIO: "system.errno.EIO", EMFILE: "system.errno.EMFILE",
        ECONNREFUSED: "system.errno.ECONNREFUSED", ETIMEDOUT: "system.errno.ETIMEDOUT",
        EHOSTUNREACH: "system.errno.EHOSTUNREACH",
        ENETUNREACH: "system.errno.ENETUNREACH", ECONNRESET: "system.errno.ECONNRESET",
    ]

    /// A reason only known by its English words (Foundation's, say): the same words in every language.
    package static func words(_ english: String) -> Message { Message("system.errno.other", ["reason": english]) }

    /// `code`'s reason; `said` is the system's English text when the caller already has it.
    package static func message(errno code: Int32, said: String? = nil) -> Message {
        let english = said ?? String(cString: strerror(code))
        return keys[code].map { Message($0, ["reason": english]) } ?? words(english)
    }
}
