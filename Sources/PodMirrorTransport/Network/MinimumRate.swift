import Foundation
import PodMirrorFoundation

/// The slowest a transfer may go, like curl's `--speed-limit`/`--speed-time`: fewer than `bytesPerSecond`
/// bytes a second over the last `seconds` aborts it. It sits beside the stall timeout, which only catches
/// silence: a server trickling a byte a second never stalls. Set with `PODMIRROR_MIN_RATE` (bytes a
/// second, 0 for none) and `PODMIRROR_MIN_RATE_TIME` (seconds); 1024 bytes/s over 30 s by default.
struct MinimumRate: Sendable, Equatable {
    /// 0: no minimum.
    var bytesPerSecond: Int
    var seconds: TimeInterval

    static let `default` = MinimumRate(bytesPerSecond: 1024, seconds: 30)
    static let none = MinimumRate(bytesPerSecond: 0, seconds: 30)
    /// The settings named in a too-slow transfer's remedy.
    static let settingNames = "PODMIRROR_MIN_RATE or PODMIRROR_MIN_RATE_TIME"

    init(bytesPerSecond: Int, seconds: TimeInterval) {
        self.bytesPerSecond = bytesPerSecond
        self.seconds = seconds
    }

    var isEnabled: Bool { bytesPerSecond > 0 }

    /// What a too-slow transfer's error says: "slower than 1024 bytes/s for 30 s".
    var cause: Message {
        Message("network.cause.too-slow", ["rate": String(bytesPerSecond), "seconds": Self.format(seconds)])
    }

    static func format(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The minimum `environment` sets; a bad value is a usage error naming the variable and the value.
    static func resolve(environment: [String: String]) throws -> MinimumRate {
        var rate = MinimumRate.default
        if let text = value("PODMIRROR_MIN_RATE", environment) {
            guard let n = Int(text), n >= 0 else {
                throw PodMirrorFailure(
                    Message("network.min-rate.bad", ["setting": "PODMIRROR_MIN_RATE", "value": text]),
                    code: .usageTimeout)
            }
            rate.bytesPerSecond = n
        }
        if let text = value("PODMIRROR_MIN_RATE_TIME", environment) {
            guard let seconds = Double(text) else {
                throw PodMirrorFailure(
                    Message("network.timeout.bad", ["setting": "PODMIRROR_MIN_RATE_TIME", "value": text]),
                    code: .usageTimeout)
            }
            try NetworkSettings.checkPositive(seconds, setting: "PODMIRROR_MIN_RATE_TIME", text: text)
            rate.seconds = seconds
        }
        return rate
    }

    private static func value(_ name: String, _ environment: [String: String]) -> String? {
        guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }
}
