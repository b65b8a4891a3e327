import Foundation
import PodMirrorFoundation

/// The id of a `doctor` finding (`findings[].id` in JSON); `meaning` is its line in docs/json.md and `severity`
/// the one it always has (nil when it depends on what was found).
package enum DoctorFindingID: String, CaseIterable, Sendable, Codable {
    case toolGit = "tool.git"
    case toolGitMissing = "tool.git.missing"
    case toolGitBroken = "tool.git.broken"
    case toolRuby = "tool.ruby"
    case toolRubyMissing = "tool.ruby.missing"
    case toolRubyBroken = "tool.ruby.broken"
    case toolGem = "tool.gem"
    case toolGemMissing = "tool.gem.missing"
    case toolGemBroken = "tool.gem.broken"
    case toolPod = "tool.pod"
    case toolPodMissing = "tool.pod.missing"
    case toolPodBroken = "tool.pod.broken"

    /// The locale is not UTF-8.
    case localeNotUTF8 = "locale.not-utf8"

    case reposMissing = "repos.missing"
    case reposUnreadable = "repos.unreadable"
    case repoLockHeld = "repo.lock-held"
    case repoUnfinished = "repo.unfinished"
    case repoStaleGitLock = "repo.stale-git-lock"
    case repoDetached = "repo.detached"
    case repoNoTrackingRef = "repo.no-tracking-ref"
    case repoDirty = "repo.dirty"
    case repoBehindFinalTrunk = "repo.behind-final-trunk"
    case reposFine = "repos.fine"

    case trunkMade = "trunk.made"
    case trunkUnfinished = "trunk.unfinished"
    case trunkBehind = "trunk.behind"
    case trunkMirrorUnreachable = "trunk.mirror-unreachable"
    case trunkDiffers = "trunk.differs"
    case trunkRepoUpdate = "trunk.repo-update"

    case podfileUnreadable = "podfile.unreadable"
    case podfileSourceUnmatched = "podfile.source-unmatched"
    case podfileTrunkWithMirror = "podfile.trunk-with-mirror"
    case podfileFine = "podfile.fine"
    case podfileStrategy = "podfile.strategy"

    case podsSourceMirrors = "pods.source-mirrors"
    case podsNoSourceMirrors = "pods.no-source-mirrors"
    case podsCached = "pods.cached"
    case podsNotCached = "pods.not-cached"
    case podsLookupFailed = "pods.lookup-failed"

    case gemsGemrcInvalid = "gems.gemrc-invalid"
    case gemsSourceUnreachable = "gems.source-unreachable"
    case gemsFine = "gems.fine"

    case swiftpmUnreadable = "swiftpm.unreadable"
    case swiftpmUserHidden = "swiftpm.user-hidden"
    case swiftpmGitHub = "swiftpm.github"
    case swiftpmBinaryGitHub = "swiftpm.binary-github"
    case swiftpmMirrorMissing = "swiftpm.mirror-missing"
    case swiftpmFine = "swiftpm.fine"

    /// A tool `doctor` looks for.
    package enum Tool: String, CaseIterable, Sendable { case git, ruby, gem, pod }

    /// What `doctor` found of a tool.
    package enum ToolState: Sendable, CaseIterable { case found, missing, broken }

    /// The id of a tool's finding: `tool.<name>`, `tool.<name>.missing` or `tool.<name>.broken`.
    package static func tool(_ tool: Tool, _ state: ToolState) -> Self {
        let suffix =
            switch state {
            case .found: ""
            case .missing: ".missing"
            case .broken: ".broken"
            }
        // Every tool has the three cases above; a test checks each combination.
        return Self(rawValue: "tool." + tool.rawValue + suffix)!
    }
}

extension DoctorFindingID: DocumentedCode {
    /// The severity a finding with this id always has; nil when it depends on what was found.
    package var severity: Diagnostic.Severity? {
        switch self {
        case .toolGit, .toolRuby, .toolGem, .toolPod, .reposMissing, .podsSourceMirrors, .podsCached, .reposFine,
            .podfileFine, .podsNoSourceMirrors, .gemsFine, .trunkMade, .podfileStrategy, .swiftpmFine:
            .note
        case .toolGitMissing, .toolRubyMissing, .toolGemMissing, .toolPodMissing, .repoLockHeld, .repoDirty,
            .repoBehindFinalTrunk, .podfileTrunkWithMirror, .podsNotCached, .podsLookupFailed, .trunkBehind,
            .trunkMirrorUnreachable,
            .trunkDiffers, .trunkRepoUpdate, .swiftpmUserHidden, .swiftpmGitHub, .swiftpmBinaryGitHub:
            .warning
        case .toolGitBroken, .toolRubyBroken, .toolGemBroken, .toolPodBroken, .localeNotUTF8, .reposUnreadable,
            .repoUnfinished, .trunkUnfinished, .repoStaleGitLock, .repoDetached, .repoNoTrackingRef, .podfileUnreadable,
            .gemsGemrcInvalid,
            .gemsSourceUnreachable, .swiftpmUnreadable, .swiftpmMirrorMissing:
            .error
        // A warning for a trunk source (CocoaPods sets trunk up by itself), an error for any other.
        case .podfileSourceUnmatched: nil
        }
    }

    package var meaning: String {
        switch self {
        case .toolGit, .toolRuby, .toolGem, .toolPod: "The tool was found on PATH and runs (`subject` is its path)."
        case .toolGitMissing, .toolRubyMissing, .toolGemMissing, .toolPodMissing: "The tool is not on PATH."
        case .toolGitBroken, .toolRubyBroken, .toolGemBroken, .toolPodBroken:
            "The tool is on PATH but does not run (`--version` fails)."
        case .localeNotUTF8: "The locale (LC_ALL, else LC_CTYPE, else LANG) is not UTF-8, or none is set."
        case .reposMissing: "There is no spec repos folder (~/.cocoapods/repos) yet."
        case .reposUnreadable: "The spec repos folder cannot be listed."
        case .repoLockHeld: "A running process holds the spec repos lock; repo changes wait for it."
        case .repoUnfinished: "A killed podmirror left a spec repo change half-done; the next repo command finishes it."
        case .repoStaleGitLock: "A spec repo has a git lock file left by an interrupted git run."
        case .repoDetached: "A spec repo's HEAD is detached."
        case .repoNoTrackingRef: "A spec repo lacks `refs/remotes/origin/<branch>`, so `pod repo update` fails."
        case .repoDirty: "A spec repo has changed files that `pod repo update` would discard."
        case .repoBehindFinalTrunk: "A spec repo is behind the final trunk commit of the frozen Specs repo."
        case .reposFine: "The spec repos folder and every git spec repo in it are fine."
        case .trunkMade:
            "trunk was made whole from a git Specs mirror (`subject`: its folder); the message says from "
                + "which mirror and commit, and how many pods and podspecs it holds."
        case .trunkUnfinished: "An update of trunk stopped half-way (a kill); `setup --strategy trunk` finishes it."
        case .trunkBehind: "The mirror trunk was made from has moved on (`doctor --check` exits 3)."
        case .trunkMirrorUnreachable: "The mirror trunk was made from did not answer."
        case .trunkDiffers: "Files of trunk differ from (or lack) what the mirror's commit holds."
        case .trunkRepoUpdate:
            "`pod repo update` and `pod install --repo-update` revalidate every index file of trunk against the CDN "
                + "(about 4,100 requests); `podmirror setup --strategy trunk` is the way to update it."
        case .podfileUnreadable: "A Podfile cannot be read."
        case .podfileSourceUnmatched:
            "No local spec repo has a Podfile source's URL, so `pod install` clones it again (a warning for trunk)."
        case .podfileTrunkWithMirror: "A Podfile uses a Specs mirror while the trunk repo still exists."
        case .podfileFine: "A Podfile reads and every source of it has a local spec repo."
        case .podfileStrategy:
            "Which `setup --strategy` reaches a mirror without changing this Podfile (trunk or insteadof)."
        case .podsSourceMirrors: "Source mirrors (git insteadOf rules) apply to pod sources."
        case .podsNoSourceMirrors: "No source mirror (git insteadOf rule) applies to pod sources."
        case .podsCached: "Every pod of Podfile.lock is in CocoaPods' download cache (or left to CocoaPods)."
        case .podsNotCached: "Some pods of Podfile.lock are not in CocoaPods' download cache."
        case .podsLookupFailed:
            "Some pods of Podfile.lock cannot be looked up (not in the local spec repo, or another podspec than the "
                + "lock records); the fix updates the spec repos named."
        case .gemsGemrcInvalid: "The gemrc cannot be read or parsed."
        case .gemsSourceUnreachable: "A gem source does not answer as a gem mirror should."
        case .gemsFine: "Every gem source answers as a gem mirror should (or is listed unprobed with `--offline`)."
        case .swiftpmUnreadable:
            "A SwiftPM project, its `mirrors.json`, `Package.resolved` or project file cannot be read."
        case .swiftpmUserHidden:
            "A SwiftPM project has its own `mirrors.json`, so SwiftPM and Xcode do not read the user's for it."
        case .swiftpmGitHub: "Packages of a SwiftPM project are still fetched from GitHub."
        case .swiftpmBinaryGitHub:
            "Binary targets of a SwiftPM project download from GitHub (SwiftPM before 6.4 mirrors none)."
        case .swiftpmMirrorMissing: "A mirror a `mirrors.json` entry names does not answer as a git repository."
        case .swiftpmFine: "Every package of a SwiftPM project is fetched from a mirror or from outside GitHub."
        }
    }
}
