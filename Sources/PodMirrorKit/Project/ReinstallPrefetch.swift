import Foundation
import PodMirrorCocoaPods
import PodMirrorFoundation

/// What `reinstall`'s prefetch (`pods fetch` of the project's Podfile.lock, before the project is touched) did.
package enum ReinstallPrefetch: Sendable {
    /// The Podfile.lock (or the CocoaPods version) is not one podmirror can plan from: `pod install` judges it
    /// itself, so nothing was fetched; the warning says why.
    case skipped(lockfile: String, warning: Diagnostic)
    /// Every pod is in the cache or left to CocoaPods.
    case fetched(PodsFetchReport)
    /// Some pods could not be fetched: `error` names them and `reinstall` stops before touching the project;
    /// the report's warnings say why.
    case failed(PodsFetchReport, error: PodMirrorFailure)
}
