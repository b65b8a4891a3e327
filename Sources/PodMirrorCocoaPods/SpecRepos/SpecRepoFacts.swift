import Foundation
import PodMirrorFoundation

/// How a spec repo change gets (or got) its repo; `method` in JSON.
package enum SpecRepoMethod: String, Encodable, Sendable {
    case clone, repoint, bundle, none
    /// `repo use` with candidates: re-point the one sharing history, else clone (decided when applying).
    case repointOrClone = "repoint-or-clone"
}

/// A spec repo that is already as asked (`repo add`, `repo use`, `repo import` a second time): `method` `none`.
package struct SpecRepoUnchangedFacts: ChangeFacts {
    package var name: String
    @NullWhenAbsent package var url: String?
    package var method = SpecRepoMethod.none
    @NullWhenAbsent package var oldHead: String?
    @NullWhenAbsent package var newHead: String?
    /// `repo add` and `repo import`: the folder and its branch (`branch` null on a detached HEAD).
    package var path: String?
    package var branch: NullWhenAbsent<String>?
    /// `repo import`: the bundle's tip.
    package var tip: String?
}

/// A clone planned into `<repos>/<name>` (`repo add`, `repo use` with no repo to take over, an import falling
/// back to a clone).
package struct SpecRepoCloneFacts: ChangeFacts {
    package var name: String
    package var url: String
    package var path: String
    @NullWhenAbsent package var branch: String?
    package var method = SpecRepoMethod.clone
    /// The mirror a git insteadOf rule sends the clone to.
    package var via: String?
    /// Why the bundle was not imported (`repo import` falling back to a clone).
    package var bundleError: String?
    /// `repo use`: no repo is replaced, so `oldHead`, `previousName` and `previousURL` are null.
    package var replacesNothing = false

    private enum CodingKeys: String, CodingKey {
        case name, url, path, branch, method, via, bundleError, oldHead, previousName, previousURL
    }

    package func encode(to encoder: any Encoder) throws {
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
package struct SpecRepoClonedFacts: ChangeFacts {
    package var head: String
    package var branch: String
    /// `repo import`: imported from the bundle (`method` `bundle`, with its `tip`), or cloned after the bundle
    /// failed (`method` `clone`, with `bundleError`); nil for a plain clone.
    package var method: SpecRepoMethod?
    package var bundleError: String?

    private enum CodingKeys: String, CodingKey { case head, newHead, branch, method, tip, bundleError }

    package func encode(to encoder: any Encoder) throws {
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
    @NullWhenAbsent package var previousURL: String?
    @NullWhenAbsent package var branch: String?
    @NullWhenAbsent package var oldHead: String?
    package var method: SpecRepoMethod
    package var path: String
    /// The repos that may share the new source's history (`method` `repoint-or-clone`).
    package var candidates: [String]?
}

/// What a `repo use` switch did: re-pointed the repo (a delta fetch) or replaced it by a fresh clone.
package struct SpecRepoSwitchedFacts: ChangeFacts {
    package var method: SpecRepoMethod
    @NullWhenAbsent package var oldHead: String?
    package var newHead: String
    /// The repo it took over (null: none, the clone is new).
    @NullWhenAbsent package var previousName: String?
    @NullWhenAbsent package var previousURL: String?
    /// A re-point: work tree files it changed, packs it moved in.
    package var changedPaths: Int?
    package var packsMoved: Int?
    /// `--allow-older`: the repo moved back this many commits.
    package var movedBack: Bool?
    package var commitsBack: Int?
}

/// Whether CocoaPods' search index was removed (it is rebuilt from the new repo).
package struct SearchIndexFacts: ChangeFacts {
    package var searchIndexRemoved: Bool
}

/// A spec repo to remove.
package struct SpecRepoRemoveFacts: ChangeFacts {
    package var name: String
    package var path: String
    /// `git` or `dir` (`SpecRepo.Kind`).
    package var type: String
    @NullWhenAbsent package var url: String?
}

/// A spec repo to bring to its server's tip (`repo update`).
package struct SpecRepoUpdateFacts: ChangeFacts {
    package var name: String
    @NullWhenAbsent package var url: String?
    package var branch: String
    @NullWhenAbsent package var oldHead: String?
    /// The server's tip (null: the server did not answer).
    @NullWhenAbsent package var remoteHead: String?
    /// Already current: the HEAD it stays at.
    package var newHead: String?
}

/// What `repo update` did to one repo.
package struct SpecRepoUpdatedFacts: ChangeFacts {
    package var newHead: String
    package var changedPaths: Int
    package var searchIndexRemoved: Bool
}

/// A repo to put back on its branch at origin's commit (`repo repair`).
package struct SpecRepoRepairFacts: ChangeFacts {
    package var name: String
    package var branch: String
    @NullWhenAbsent package var oldHead: String?
    package var newHead: String
    package var wasDetached: Bool
    /// Set when a repair is needed: it discards local changes, and removes this many untracked files.
    package var discardsChanges: Bool?
    package var untrackedRemoved: Int?
}

/// The HEAD a change left its repo at.
package struct SpecRepoHeadFacts: ChangeFacts {
    package var newHead: String
}

/// A repo whose change a killed podmirror left half-done, finished by this run.
package struct SpecRepoRecoverFacts: ChangeFacts {
    package var name: String
    package var operation: String
    package var oldHead: String
    package var newHead: String
}

/// A bundle to import into `<repos>/<name>` (`repo import`).
package struct SpecBundleImportFacts: ChangeFacts {
    package var name: String
    package var url: String
    package var path: String
    package var method = SpecRepoMethod.bundle
    package var bundle: String
    @NullWhenAbsent package var branch: String?
    @NullWhenAbsent package var tip: String?
    @NullWhenAbsent package var oldHead: String? = nil
}

/// A repo's branch to write as a bundle file (`repo export`).
package struct SpecBundleExportFacts: ChangeFacts {
    package var name: String
    package var file: String
    package var branch: String
    package var tip: String
}

/// Making CocoaPods' `trunk` whole from a git Specs mirror, or bringing it to the mirror's tip
/// (`setup --strategy trunk`).
package struct TrunkPlanFacts: ChangeFacts {
    package var url: String
    package var path: String
    /// Trunk as it is now.
    package var trunk: TrunkState
    /// A trunk podmirror made: the mirror's tip, asked when planning (null: the mirror has no such branch).
    package var tip: String?? = nil

    private enum CodingKeys: String, CodingKey { case url, path, trunk, tip }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(path, forKey: .path)
        try c.encode(trunk.json, forKey: .trunk)
        if let tip { try c.encode(tip, forKey: .tip) }
    }
}
