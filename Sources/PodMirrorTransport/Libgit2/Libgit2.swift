internal import CGitStream
internal import CLibgit2
import Foundation
import PodMirrorFoundation

/// Process-wide libgit2 set-up. Call `Libgit2.initialize()` before any other libgit2 call.
package enum Libgit2 {
    private static let once: Void = {
        git_libgit2_init()
        // libgit2 1.5.1 has no server timeout: every git:// and http(s):// connection (TLS wraps it) goes
        // through podmirror's socket stream, which honours the transfer's stall timeout and cancellation.
        _ = pm_git_stream_register()
    }()

    /// Initializes libgit2 once per process.
    package static func initialize() { _ = once }

    /// The version of the libgit2 loaded at run time, e.g. "1.5.1".
    package static var version: String {
        var major: Int32 = 0
        var minor: Int32 = 0
        var revision: Int32 = 0
        git_libgit2_version(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    /// True when the linked libgit2 supports shallow fetches (`--depth`): from 1.7 on, in the headers and the
    /// library.
    package static var supportsShallow: Bool { pm_has_shallow() != 0 }

    /// The message of libgit2's last error on this thread (credentials redacted), or a fallback.
    static func lastErrorMessage(_ fallback: String = "unknown libgit2 error") -> String {
        guard let e = pm_error_last(), let msg = e.pointee.message else { return fallback }
        return Redaction.redactText(String(cString: msg))
    }
}

extension Libgit2 {
    private static let tuned: Void = {
        initialize()
        // Clone and checkout skip re-validating objects they just indexed (Specs repos hold hundreds of thousands).
        _ = pm_git_opts_int(Int32(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION.rawValue), 0)
        _ = pm_git_opts_int(Int32(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION.rawValue), 0)
    }()

    /// Bounds libgit2's memory (process-wide) for a run that reads hundreds of thousands of objects once each, as
    /// making trunk from a large Specs repo does: no object cache (by default up to 256 MiB of parsed trees that
    /// are never read again), and pack files mapped in 32 MiB windows, at most 128 MiB at once (by default a whole
    /// pack stays mapped, and its pages count as the process's memory).
    package static func limitMemoryForSinglePass() {
        initialize()
        _ = pm_git_opts_int(Int32(GIT_OPT_ENABLE_CACHING.rawValue), 0)
        _ = pm_git_opts_size(Int32(GIT_OPT_SET_MWINDOW_SIZE.rawValue), 32 << 20)
        _ = pm_git_opts_size(Int32(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT.rawValue), 128 << 20)
    }

    /// Gives the memory freed since (by the pack indexer, say) back to the system; glibc keeps it otherwise.
    package static func releaseFreedMemory() { pm_release_freed_memory() }

    /// Stops counting the pack pages libgit2 has read as this process's memory (they stay cached; see the shim).
    static func dropPackPages() { pm_drop_pack_pages() }

    /// Applies the process-wide speed settings for Specs repos (idempotent).
    package static func applySpecsTuning() { _ = tuned }
}
