import Foundation

/// Downloads an `:http` pod source and leaves it as cocoapods-downloader would: verified, extracted,
/// flattened, the archive removed.
public enum HTTPSourceDownloader {
    /// Downloads `source` into `directory` (existing and empty), using `scratch` (existing, on the same
    /// file system) for the archive. Returns the bytes downloaded.
    public static func fetch(_ source: HTTPSource, into directory: String, scratch: String,
                             options: DownloadOptions) throws -> Int64 {
        // Replaced by the real downloader on the pods-http branch.
        throw UsageError("http pod sources are not supported yet", code: "pods.http-unsupported")
    }
}
