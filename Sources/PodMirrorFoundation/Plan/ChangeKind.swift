import Foundation

/// What a change does, in CocoaPods' words; the raw value is the `kind` field in JSON.
///
/// A new kind of change gets a case here (never a string compared elsewhere).
package enum ChangeKind: String, Codable, Sendable, CaseIterable {
    case podfileEdit = "podfile-edit"
    case podfileCreate = "podfile-create"
    case gemrcEdit = "gemrc-edit"
    case bundlerConfigEdit = "bundler-config-edit"
    case gitconfigEdit = "gitconfig-edit"
    case xcodeprojDeintegrate = "xcodeproj-deintegrate"
    case podsDirectoryRemove = "pods-directory-remove"
    case podsBackupRemove = "pods-backup-remove"
    case podsBackupRestore = "pods-backup-restore"
    case podInstall = "pod-install"
    case installCocoaPods = "install-cocoapods"
    case specRepoClone = "spec-repo-clone"
    case specRepoUse = "spec-repo-use"
    case specRepoRemove = "spec-repo-remove"
    case specRepoUpdate = "spec-repo-update"
    case specRepoRepair = "spec-repo-repair"
    case specRepoImport = "spec-repo-import"
    case specRepoRecover = "spec-repo-recover"
    case leftoverRemove = "leftover-remove"
    case specRepoExport = "spec-repo-export"
    case specRepoTrunk = "spec-repo-trunk"
    case swiftpmMirrorsEdit = "swiftpm-mirrors-edit"

    /// Kinds that point a spec repo at a mirror (`setup` probes the mirror before applying them).
    package var switchesSpecRepo: Bool { self == .specRepoClone || self == .specRepoUse || self == .specRepoTrunk }

    /// Kinds that point RubyGems or Bundler at a gem mirror.
    package var switchesGemSource: Bool { self == .gemrcEdit || self == .bundlerConfigEdit }
}

extension ChangeKind: DocumentedCode {
    /// One line saying what a change of this kind does, for docs/json.md.
    package var meaning: String {
        switch self {
        case .podfileEdit: "Edits a Podfile."
        case .podfileCreate: "Writes a new Podfile (`init`)."
        case .gemrcEdit: "Edits the gem sources of RubyGems' gemrc."
        case .bundlerConfigEdit: "Edits Bundler's mirror setting in its global config."
        case .gitconfigEdit: "Edits git insteadOf rules in a global git config file."
        case .xcodeprojDeintegrate: "Takes CocoaPods out of an Xcode project."
        case .podsDirectoryRemove: "Removes Pods/, or moves it aside (`reinstall`)."
        case .podsBackupRemove: "Removes the Pods/ moved aside once `pod install` succeeded (`reinstall`)."
        case .podsBackupRestore:
            "Puts back the Pods/ a killed `reinstall` moved aside before its `pod install` finished."
        case .podInstall: "Runs `pod install` (`reinstall`)."
        case .installCocoaPods: "Installs CocoaPods with `gem install`."
        case .specRepoClone: "Clones a spec repo; `details.via`: the mirror a git insteadOf rule sends the clone to."
        case .specRepoUse: "Points an existing spec repo at a mirror."
        case .specRepoRemove: "Removes a spec repo."
        case .specRepoUpdate: "Updates a spec repo from its remote (`repo update`)."
        case .specRepoRepair: "Repairs a spec repo (`repo repair`)."
        case .specRepoImport: "Sets a spec repo up from a bundle file (`repo import`)."
        case .specRepoRecover: "Finishes (or undoes) a spec repo change a killed podmirror left half-done."
        case .leftoverRemove:
            "Removes what a killed podmirror left beside a file: a temporary file, a half-deleted Pods/."
        case .specRepoExport: "Writes a spec repo's branch as a bundle file (`repo export`)."
        case .specRepoTrunk:
            "Makes CocoaPods' own `trunk` (the CDN source) whole from a git Specs mirror, or brings it to the "
                + "mirror's tip."
        case .swiftpmMirrorsEdit: "Adds entries to a SwiftPM `mirrors.json` (`swiftpm use`)."
        }
    }
}
