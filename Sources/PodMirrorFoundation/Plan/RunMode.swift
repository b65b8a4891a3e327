import Foundation

/// How a plan is used: printed, checked for drift, or applied.
package enum RunMode: String, Codable, Sendable {
    case apply
    case dryRun = "dry-run"
    case check
}
