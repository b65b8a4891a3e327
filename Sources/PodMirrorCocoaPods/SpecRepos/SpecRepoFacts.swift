import Foundation
import PodMirrorFoundation

/// How a spec repo change gets (or got) its repo; `method` in JSON.
package enum SpecRepoMethod: String, Encodable, Sendable {
    case clone, repoint, bundle, none
    /// `repo use` with candidates: re-point the one sharing history, else clone (decided when applying).
    case repointOrClone = "repoint-or-clone"
}

/// A spec repo that is already as asked (`repo add`, `repo use`, `repo import` a second time): `method` `none`.
struct SpecRepoUnchangedFacts: ChangeFacts {
    var name: String
    @NullWhenAbsent var url: String?
    var method = SpecRepoMethod.none
    @NullWhenAbsent var oldHead: String?
    @NullWhenAbsent var newHead: String?
    /// `repo add` and `repo import`: the folder and its branch (`branch` null on a detached HEAD).
    var path: String?
    var branch: NullWhenAbsent<String>?
    /// `repo import`: the bundle's tip.
    var tip: String?
}

/// A clone planned into `<repos>/<name>` (`repo add`, `repo use` with no repo to take over, an import falling
/// back to a clone).
struct SpecRepoCloneFacts: ChangeFacts {
    var name: String
    var url: String
    var path: String
    @NullWhenAbsent var branch: String?
    var method = SpecRepoMethod.clone
    /// The mirror a git insteadOf rule sends the clone to.
    var via: String?
    /// Why the bundle was not imported (`repo import` falling back to a clone).
    var bundleError: String?
    /// `repo use`: no repo is replaced, so `oldHead`, `previousName` and `previousURL` are null.
    var replacesNothing = false

    private enum CodingKeys: String, CodingKey {
        case name, url, path, branch, method, via, bundleError, oldHead, previousName, previousURL
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(url, forKey: .url)
        try c.encode(path, forKey: .path)
        try c.encode(branch, forKey: .branch)
        try c.encode(method, forKey: .method)
        try c.encodeIfPresent(via, forKey: .via)
        try c.encodeIfPresent(bundleError, forKey: .bundleError)
        if replacesNothing {
            for key in [CodingKeys.oldHead, .previousName, .previousURL] { try c.encodeNil(forKey: key) }
        }
    }
}

/// What a clone (or a bundle import) checked out: `head` and `newHead` are the same commit.
struct SpecRepoClonedFacts: ChangeFacts {
    var head: String
    var branch: String
    /// `repo import`: imported from the bundle (`method` `bundle`, with its `tip`), or cloned after the bundle
    /// failed (`method` `clone`, with `bundleError`); nil for a plain clone.
    var method: SpecRepoMethod?
    var bundleError: String?

    private enum CodingKeys: String, CodingKey { case head, newHead, branch, method, tip, bundleError }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(head, forKey: .head)
        try c.encode(head, forKey: .newHead)
        try c.encode(branch, forKey: .branch)
        try c.encodeIfPresent(method, forKey: .method)
        if method == .bundle { try c.encode(head, forKey: .tip) }
        try c.encodeIfPresent(bundleError, forKey: .bundleError)
    }
}

/// A `repo use` switch as planned: the repo it takes over (none known yet with `candidates`) and its new name.
package struct SpecRepoSwitchFacts: ChangeFacts {
    package var name: String
    @NullWhenAbsent package var previousName: String?
    package var url: String
    @NullWhenAbsent var previousURL: String?
    @NullWhenAbsent package var branch: String?
    @NullWhenAbsent var oldHead: String?
    package var method: SpecRepoMethod
    package var path: String
    /// The repos that may share the new source's history (`method` `repoint-or-clone`).
    var candidates: [String]?
}

/// What a `repo use` switch did: re-pointed the repo (a delta fetch) or replaced it by a fresh clone.
package struct SpecRepoSwitchedFacts: ChangeFacts {
    package var method: SpecRepoMethod
    @NullWhenAbsent var oldHead: String?
    package var newHead: String
    /// The repo it took over (null: none, the clone is new).
    @NullWhenAbsent package var previousName: String?
    @NullWhenAbsent var previousURL: String?
    /// A re-point: work tree files it changed, packs it moved in.
    var changedPaths: Int?
    var packsMoved: Int?
    /// `--allow-older`: the repo moved back this many commits.
    var movedBack: Bool?
    var commitsBack: Int?
}

/// Whether CocoaPods' search index was removed (it is rebuilt from the new repo).
struct SearchIndexFacts: ChangeFacts {
    var searchIndexRemoved: Bool
}

/// A spec repo to remove.
struct SpecRepoRemoveFacts: ChangeFacts {
    var name: String
    var path: String
    /// `git` or `dir` (`SpecRepo.Kind`).
    var type: String
    @NullWhenAbsent var url: String?
}

/// A spec repo to bring to its server's tip (`repo update`).
struct SpecRepoUpdateFacts: ChangeFacts {
    var name: String
    @NullWhenAbsent var url: String?
    var branch: String
    @NullWhenAbsent var oldHead: String?
    /// The server's tip (null: the server did not answer).
    @NullWhenAbsent var remoteHead: String?
    /// Already current: the HEAD it stays at.
    var newHead: String?
}

/// What `repo update` did to one repo.
struct SpecRepoUpdatedFacts: ChangeFacts {
    var newHead: String
    var changedPaths: Int
    var searchIndexRemoved: Bool
}

/// A repo to put back on its branch at origin's commit (`repo repair`).
struct SpecRepoRepairFacts: ChangeFacts {
    var name: String
    var branch: String
    @NullWhenAbsent var oldHead: String?
    var newHead: String
    var wasDetached: Bool
    /// Set when a repair is needed: it discards local changes, and removes this many untracked files.
    var discardsChanges: Bool?
    var untrackedRemoved: Int?
}

/// The HEAD a change left its repo at.
struct SpecRepoHeadFacts: ChangeFacts {
    var newHead: String
}

/// A repo whose change a killed podmirror left half-done, finished by this run.
struct SpecRepoRecoverFacts: ChangeFacts {
    var name: String
    var operation: String
    var oldHead: String
    var newHead: String
}

/// A bundle to import into `<repos>/<name>` (`repo import`).
struct SpecBundleImportFacts: ChangeFacts {
    var name: String
    var url: String
    var path: String
    var method = SpecRepoMethod.bundle
    var bundle: String
    @NullWhenAbsent var branch: String?
    @NullWhenAbsent var tip: String?
    @NullWhenAbsent var oldHead: String? = nil
}

/// A repo's branch to write as a bundle file (`repo export`).
struct SpecBundleExportFacts: ChangeFacts {
    var name: String
    var file: String
    var branch: String
    var tip: String
}

/// Making CocoaPods' `trunk` whole from a git Specs mirror, or bringing it to the mirror's tip
/// (`setup --strategy trunk`).
struct TrunkPlanFacts: ChangeFacts {
    var url: String
    var path: String
    /// Trunk as it is now.
    var trunk: TrunkState
    /// A trunk podmirror made: the mirror's tip, asked when planning (null: the mirror has no such branch).
    var tip: String?? = nil

    private enum CodingKeys: String, CodingKey { case url, path, trunk, tip }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(path, forKey: .path)
        try c.encode(trunk, forKey: .trunk)
        if let tip { try c.encode(tip, forKey: .tip) }
    }
}
