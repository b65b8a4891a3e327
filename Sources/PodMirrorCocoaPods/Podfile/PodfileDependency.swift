import Foundation

/// A `pod` statement: the root pod it names (`Firebase` for `Firebase/Core`) and its `:source`, when written as
/// a plain string.
struct PodfileDependency: Equatable, Sendable {
    var name: String
    var source: String?
    var line: Int
    /// The text of a `:source` that is not a plain string (a constant, an interpolation): CocoaPods evaluates it,
    /// podmirror cannot.
    var sourceExpression: String? = nil
}

extension PodfileModel {
    /// The source URLs CocoaPods resolves `pod` from, in order (CocoaPods' analyzer and resolver): the pod's own
    /// `:source` when the Podfile gives it one; else the Podfile's `source` URLs (trunk when it names none) and
    /// then every per-pod `:source`, or only the per-pod ones when every pod names one. Without per-pod sources
    /// this is `sourceURLs` (empty: trunk).
    package func sourceURLs(forPod pod: String) -> [String] {
        let own = dependencies.filter { $0.name == pod }.compactMap(\.source)
        if let first = own.first { return [first] }
        var seen: Set<String> = []
        let perPod = dependencies.compactMap(\.source).filter { seen.insert($0).inserted }
        if perPod.isEmpty { return sourceURLs }
        if !dependencies.isEmpty, dependencies.allSatisfy({ $0.source != nil || $0.sourceExpression != nil }) {
            return perPod
        }
        let general = sourceURLs.isEmpty ? ["trunk"] : sourceURLs
        return general + perPod.filter { !general.contains($0) }
    }
}
