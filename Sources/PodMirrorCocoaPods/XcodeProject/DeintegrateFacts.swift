import Foundation
import PodMirrorFoundation

/// The objects deintegration removes from a project file, and the file's format.
struct XcodeprojDeintegrateFacts: ChangeFacts {
    var removedObjects: [RemovedObject]
    var format: String

    private enum CodingKeys: String, CodingKey { case removedObjects, format }
    private enum ObjectKeys: String, CodingKey { case id, isa, name, target, reason, beyondCocoaPods }

    /// Each removed object with every key (`name` and `target` null when absent).
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        var list = c.nestedUnkeyedContainer(forKey: .removedObjects)
        for r in removedObjects {
            var o = list.nestedContainer(keyedBy: ObjectKeys.self)
            try o.encode(r.id, forKey: .id)
            try o.encode(r.isa, forKey: .isa)
            try o.encode(r.name, forKey: .name)
            try o.encode(r.target, forKey: .target)
            try o.encode(r.reason, forKey: .reason)
            try o.encode(r.beyondCocoaPods, forKey: .beyondCocoaPods)
        }
        try c.encode(format, forKey: .format)
    }
}

/// A `Pods/` folder to remove, by moving it aside first (`asidePath`: where `reinstall` keeps it; null: deleted).
struct PodsRemoveFacts: ChangeFacts {
    var path: String
    @NullWhenAbsent var asidePath: String?
}

/// A `Pods/` folder a killed `reinstall` moved aside, to put back.
struct PodsBackupFacts: ChangeFacts {
    var path: String
    var backupPath: String
}
