import Foundation
import PodMirrorFoundation

/// The network settings every command that reaches a server shares, read in one place: the stall
/// timeout (`--timeout`, else `PODMIRROR_GIT_TIMEOUT`, else 120 s), the `Spec_Lock` wait
/// (`--lock-timeout`, else `PODMIRROR_LOCK_TIMEOUT`, else 60 s), the proxy configuration and git's insteadOf
/// rules. A transfer takes them whole (`TransferOptions(network:)`).
package struct NetworkSettings: Sendable {
    /// Seconds without data from a server before a transfer is aborted.
    var stallTimeout: TimeInterval
    /// The setting that decided `stallTimeout`, named in a timeout's remedy.
    var stallTimeoutSetting: String
    /// The slowest a transfer may go (`PODMIRROR_MIN_RATE`, `PODMIRROR_MIN_RATE_TIME`).
    var minimumRate = MinimumRate.default
    /// Seconds of a whole mirror probe (an HTTP request or an ls-remote).
    package var probeTimeout: TimeInterval
    /// Seconds to wait for CocoaPods' `Spec_Lock`.
    package var lockTimeout: TimeInterval
    package var proxy: ProxySettings
    /// git's `url.<base>.insteadOf` rules from the files git reads (`SourceMirrorRules.load`): every transfer
    /// connects to the URL they rewrite to. Always the rules the caller loaded: nothing reads them behind its back.
    package var urlRewrite: SourceMirrorRules

    /// What a user can set when no setting was given.
    package static let timeoutSettingNames = "--timeout or PODMIRROR_GIT_TIMEOUT"
    /// Seconds without a byte before a transfer is abandoned, when nothing else is set.
    package static let defaultStallTimeout: TimeInterval = 120
    package static let defaultLockTimeout: TimeInterval = 60
    package static let defaultProbeTimeout: TimeInterval = 15

    package init(
        stallTimeout: TimeInterval = NetworkSettings.defaultStallTimeout,
        stallTimeoutSetting: String = NetworkSettings.timeoutSettingNames,
        probeTimeout: TimeInterval = NetworkSettings.defaultProbeTimeout,
        lockTimeout: TimeInterval = NetworkSettings.defaultLockTimeout,
        proxy: ProxySettings = ProxySettings(), urlRewrite: SourceMirrorRules
    ) {
        self.urlRewrite = urlRewrite
        self.stallTimeout = stallTimeout
        self.stallTimeoutSetting = stallTimeoutSetting
        self.probeTimeout = probeTimeout
        self.lockTimeout = lockTimeout
        self.proxy = proxy
    }

    /// Resolves the settings from command-line values (nil when not given) and the environment, with the insteadOf
    /// rules `urlRewrite`. A given timeout bounds the probes too; otherwise probes keep their shorter default.
    package static func resolve(
        timeout: Double?, lockTimeout: Double?,
        environment: [String: String], urlRewrite: SourceMirrorRules
    ) throws -> NetworkSettings {
        var settings = NetworkSettings(proxy: ProxySettings.load(environment: environment), urlRewrite: urlRewrite)
        settings.minimumRate = try MinimumRate.resolve(environment: environment)
        if let timeout {
            try checkPositive(timeout, setting: "--timeout", text: shown(timeout))
            settings.stallTimeout = timeout
            settings.stallTimeoutSetting = "--timeout"
            settings.probeTimeout = timeout
        } else if let value = try seconds("PODMIRROR_GIT_TIMEOUT", environment) {
            settings.stallTimeout = value
            settings.stallTimeoutSetting = "PODMIRROR_GIT_TIMEOUT"
            settings.probeTimeout = value
        }
        if let lockTimeout {
            try checkPositive(lockTimeout, setting: "--lock-timeout", text: shown(lockTimeout))
            settings.lockTimeout = lockTimeout
        } else if let value = try environmentLockTimeout(environment) {
            settings.lockTimeout = value
        }
        return settings
    }

    /// `PODMIRROR_LOCK_TIMEOUT` in seconds, nil when unset; a bad value throws `usage.timeout`.
    package static func environmentLockTimeout(_ environment: [String: String]) throws -> TimeInterval? {
        try seconds("PODMIRROR_LOCK_TIMEOUT", environment)
    }

    /// `resolve(timeout:lockTimeout:environment:urlRewrite:)` with the insteadOf rules of the git config files
    /// `environment` makes git read (`GIT_CONFIG_GLOBAL`, `GIT_CONFIG_SYSTEM`, `GIT_CONFIG_NOSYSTEM`, XDG).
    package static func resolve(
        timeout: Double?, lockTimeout: Double?, runtime environment: RuntimeEnvironment
    ) throws -> NetworkSettings {
        // The values first, then git's files: a bad value is reported before a bad file, as it always was.
        var settings = try resolve(
            timeout: timeout, lockTimeout: lockTimeout, environment: environment.variables,
            urlRewrite: SourceMirrorRules(rules: []))
        settings.urlRewrite = try SourceMirrorRules.load(environment: environment)
        return settings
    }

    /// What can be read when `resolve` fails (a bad timeout value or git config file, which `doctor` reports as
    /// findings): the proxies, the insteadOf rules when git's files parse (none when they do not), the rest at
    /// their defaults.
    package static func readable(runtime environment: RuntimeEnvironment) -> NetworkSettings {
        NetworkSettings(
            proxy: ProxySettings.load(environment: environment.variables),
            urlRewrite: (try? SourceMirrorRules.load(environment: environment)) ?? SourceMirrorRules(rules: []))
    }

    /// These settings for a probe of a mirror (`mirror test`, setup's check, doctor's): `timeout` is its stall
    /// timeout, at the default minimum rate (the probe's timeout bounds it); the proxies and insteadOf rules stay.
    package func probing(timeout: TimeInterval) -> NetworkSettings {
        var copy = self
        copy.stallTimeout = timeout
        copy.stallTimeoutSetting = NetworkSettings.timeoutSettingNames
        copy.minimumRate = .default
        return copy
    }

    static func seconds(_ name: String, _ environment: [String: String]) throws -> Double? {
        guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let value = Double(text) else {
            throw PodMirrorFailure(
                Message("network.timeout.bad", ["setting": name, "value": text]), code: .usageTimeout)
        }
        try checkPositive(value, setting: name, text: text)
        return value
    }

    /// A number of seconds as the user typed it: `0`, `2.5` (Swift's `"\(0.0)"` echoed `0.0` for `--timeout 0`).
    package static func shown(_ value: Double) -> String { String(format: "%g", value) }

    static func checkPositive(_ value: Double, setting: String, text: String) throws {
        guard value > 0, value.isFinite else {
            throw PodMirrorFailure(
                Message("network.timeout.bad", ["setting": setting, "value": text]), code: .usageTimeout)
        }
    }
}
