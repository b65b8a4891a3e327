import PodMirrorFoundation

/// libcurl's reason for a failed transfer as a sentence: in English libcurl's own words, in another language
/// the catalog's `network.curl.<CODE>` where it has that failure, else libcurl's words.
enum CurlReason {
    /// The failures users meet, by `CURLcode`, with their catalog keys (English: `{reason}`).
    static let keys: [Int32: String] = [
        5: "network.curl.COULDNT_RESOLVE_PROXY", 6: "network.curl.COULDNT_RESOLVE_HOST",
        7: "network.curl.COULDNT_CONNECT", 16: "network.curl.HTTP2", 18: "network.curl.PARTIAL_FILE",
        28: "network.curl.OPERATION_TIMEDOUT", 35: "network.curl.SSL_CONNECT_ERROR",
        47: "network.curl.TOO_MANY_REDIRECTS", 52: "network.curl.GOT_NOTHING", 55: "network.curl.SEND_ERROR",
        56: "network.curl.RECV_ERROR", 60: "network.curl.PEER_FAILED_VERIFICATION",
        92: "network.curl.HTTP2_STREAM",
    ]

    /// The failure `code` that libcurl worded `said` (credentials already redacted).
    static func message(code: Int32, said: String) -> Message {
        Message(keys[code] ?? "network.cause.library", ["reason": said])
    }
}
