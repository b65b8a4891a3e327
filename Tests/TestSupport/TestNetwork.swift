import Foundation
@testable import PodMirrorTransport

extension NetworkSettings {
    /// Settings for a test's transfers: the given timeouts and no proxy, and no insteadOf rule (a test passes the
    /// rules it means; none are read from the machine's git config files).
    package static func test(stallTimeout: TimeInterval = defaultStallTimeout, lockTimeout: TimeInterval = 60)
        -> NetworkSettings
    {
        NetworkSettings(stallTimeout: stallTimeout, lockTimeout: lockTimeout, urlRewrite: SourceMirrorRules(rules: []))
    }
}
