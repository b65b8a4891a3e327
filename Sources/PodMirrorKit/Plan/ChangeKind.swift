import Foundation

/// What a change does, in CocoaPods' words; the raw value is the `kind` field in JSON.
///
/// A new kind of change gets a case here (never a string compared elsewhere).
public enum ChangeKind: String, Codable, Sendable, CaseIterable {
    case podfileEdit = "podfile-edit"
    case podfileCreate = "podfile-create"
    case gemrcEdit = "gemrc-edit"
    case bundlerConfigEdit = "bundler-config-edit"
    case gitconfigEdit = "gitconfig-edit"
    case xcodeprojDeintegrate = "xcodeproj-deintegrate"
    case podsDirectoryRemove = "pods-directory-remove"
    case podsBackupRemove = "pods-backup-remove"
    case podInstall = "pod-install"
    case installCocoaPods = "install-cocoapods"
    case specRepoClone = "spec-repo-clone"
    case specRepoUse = "spec-repo-use"
    case specRepoRemove = "spec-repo-remove"
    case specRepoUpdate = "spec-repo-update"
    case specRepoRepair = "spec-repo-repair"
    case specRepoImport = "spec-repo-import"

    /// Kinds that point a spec repo at a mirror (`setup` probes the mirror before applying them).
    public var switchesSpecRepo: Bool { self == .specRepoClone || self == .specRepoUse }

    /// Kinds that point RubyGems or Bundler at a gem mirror.
    public var switchesGemSource: Bool { self == .gemrcEdit || self == .bundlerConfigEdit }
}
