import Foundation

#if os(Linux)
import CHTTP
import Glibc
#endif

/// Downloads an `http(s)://` bundle to a local file for `repo import`: resumed with `Range` after a
/// broken connection (up to `retries` more attempts, with back-off), abandoned when no byte arrives for
/// the stall timeout, proxies as libcurl reads them (`http_proxy`, `https_proxy`, `no_proxy`).
enum SpecBundleDownload {
    static let retries = 3

    /// Fetches `url` into `path` (created or resumed); throws a network error (exit 4) when it fails.
    static func fetch(_ url: String, to path: String, options: TransferOptions) throws {
        #if os(Linux)
        let shown = Redaction.redactURL(url)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw SpecBundleError(
                Message("bundle.error.write", ["file": path, "reason": String(cString: strerror(errno))]),
                code: "bundle.write")
        }
        defer { close(fd) }
        let stop: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { payload in
            Unmanaged<CancellationToken>.fromOpaque(payload!).takeUnretainedValue().isCancelled ? 1 : 0
        }
        let token = Unmanaged.passUnretained(options.cancellation).toOpaque()
        var lastError = ""
        for attempt in 0...retries {
            if attempt > 0 { usleep(UInt32(min(4, attempt)) * 500_000) }
            var st = stat()
            let offset = fstat(fd, &st) == 0 ? Int64(st.st_size) : 0
            var result = pm_http_result()
            let rc = pm_http_download(
                url, fd, offset, max(1, Int(options.stallTimeout)), "podmirror/\(PodMirrorVersion.string)",
                stop, token, &result)
            if options.cancellation.isCancelled { throw InterruptedError() }
            if rc == 0 { return }
            let message = withUnsafeBytes(of: result.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            lastError = Redaction.redactText(message)
            // 416: the partial file is not a prefix the server can continue; start over.
            if result.status == 416 {
                _ = ftruncate(fd, 0)
                continue
            }
            // Other HTTP errors (404, 403, 500…) will not go away by retrying.
            if result.status >= 400 { break }
        }
        throw SpecBundleError(
            Message("bundle.error.download", ["url": shown, "reason": lastError]), code: "bundle.download",
            exitStatus: .network)
        #else
        throw UsageError(
            Message("bundle.error.remote-unsupported", ["source": Redaction.redactURL(url)]),
            code: "bundle.remote-unsupported")
        #endif
    }
}
