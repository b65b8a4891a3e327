import Foundation

/// Every code a warning or note (`warnings[].code` in JSON) carries. The raw value is the stable string scripts
/// match; `meaning` says when it is emitted and is its line in docs/json.md; `severity` is the one it always
/// has (nil when it depends on the command). A new warning gets a case here, never a string at its call site.
package enum DiagnosticCode: String, CaseIterable, Sendable, Codable {
    case bundleFallbackClone = "bundle.fallback-clone"

    case deintegrateDanglingBuildFile = "deintegrate.dangling-build-file"
    case deintegrateFileInPods = "deintegrate.file-in-pods"
    case deintegratePodsGroupKept = "deintegrate.pods-group-kept"
    case deintegratePodsKept = "deintegrate.pods-kept"

    case gemsPlainHTTP = "gems.plain-http"
    case gemsSourceKept = "gems.source-kept"

    case gitconfigForeignRule = "gitconfig.foreign-rule"
    case gitconfigGithubPrecheck = "gitconfig.github-precheck"
    case gitconfigKeptRule = "gitconfig.kept-rule"

    case leftoverKept = "leftover.kept"

    case podsChecksumRewrite = "pods.checksum-rewrite"
    case podsSourceExpression = "pods.source-expression"
    case podsVersionSource = "pods.version-source"
    case podsVersionWipe = "pods.version-wipe"

    case podfileBuildSettingOverrides = "podfile.build-setting-overrides"
    case podfileDeploymentTargetOverridden = "podfile.deployment-target-overridden"
    case podfileInhibitInTargets = "podfile.inhibit-in-targets"
    case podfileNoSourceLeft = "podfile.no-source-left"
    case podfileOnlyPrivateSources = "podfile.only-private-sources"
    case podfilePlatformConditional = "podfile.platform-conditional"
    case podfilePlatformSeveral = "podfile.platform-several"
    case podfileSourceAbsent = "podfile.source-absent"
    case podfileTrunkExplicit = "podfile.trunk-explicit"

    case reinstallFetchSkipped = "reinstall.fetch-skipped"

    case repoMovedBack = "repo.moved-back"
    case setupStrategy = "setup.strategy"
    case setupNotProbed = "setup.not-probed"
    case repoOtherSpecs = "repo.other-specs"
    case repoPodfileOldSource = "repo.podfile-old-source"
    case repoRenamed = "repo.renamed"
    case repoRepairRemovesUntracked = "repo.repair-removes-untracked"
    case repoSkipCDN = "repo.skip-cdn"
    case repoSkipDir = "repo.skip-dir"
    case repoUnreachable = "repo.unreachable"

    case swiftpmKeptEntry = "swiftpm.kept-entry"
    case swiftpmNameDiffers = "swiftpm.name-differs"
    case swiftpmNoPackages = "swiftpm.no-packages"
    case swiftpmUncovered = "swiftpm.uncovered"
    case swiftpmUserHidden = "swiftpm.user-hidden"
}

extension DiagnosticCode: DocumentedCode {
    /// The severity a diagnostic with this code always has; nil when it depends on the command.
    package var severity: Diagnostic.Severity? {
        switch self {
        case .bundleFallbackClone, .deintegrateDanglingBuildFile, .deintegrateFileInPods, .deintegratePodsGroupKept,
            .gemsPlainHTTP, .gemsSourceKept, .gitconfigForeignRule, .gitconfigGithubPrecheck, .leftoverKept,
            .podsSourceExpression, .podsChecksumRewrite,
            .podsVersionSource, .podsVersionWipe,
            .podfileDeploymentTargetOverridden, .podfileNoSourceLeft, .podfileOnlyPrivateSources,
            .podfilePlatformConditional, .podfilePlatformSeveral, .podfileSourceAbsent, .reinstallFetchSkipped,
            .repoUnreachable, .repoMovedBack, .repoPodfileOldSource, .swiftpmKeptEntry, .swiftpmNameDiffers,
            .swiftpmUserHidden:
            .warning
        case .deintegratePodsKept, .podfileBuildSettingOverrides, .podfileInhibitInTargets, .podfileTrunkExplicit,
            .setupStrategy, .setupNotProbed, .repoOtherSpecs, .repoRenamed, .repoRepairRemovesUntracked, .repoSkipCDN,
            .repoSkipDir,
            .swiftpmNoPackages, .swiftpmUncovered:
            .note
        // A warning from `gitconfig insteadof remove`, a note from `gitconfig insteadof reset`.
        case .gitconfigKeptRule: nil
        }
    }

    /// One line saying when the code is emitted, for docs/json.md.
    package var meaning: String {
        switch self {
        case .bundleFallbackClone:
            "`repo import`: the bundle's header cannot be used; the repo is cloned from its URL instead."
        case .deintegrateDanglingBuildFile:
            "`deintegrate`: a build file in a target's Frameworks phase points at a file reference the project does "
                + "not have; it is left as it is."
        case .deintegrateFileInPods:
            "`deintegrate`: a target builds a file that lives in Pods/, which will be missing once Pods/ is removed."
        case .deintegratePodsGroupKept:
            "`deintegrate`: the project's `Pods` group is kept because it holds items CocoaPods did not add."
        case .deintegratePodsKept:
            "`deintegrate`: Pods/ is kept because the project shows no CocoaPods integration (`--remove-pods` "
                + "removes it)."
        case .gemsPlainHTTP: "A gem source is plain http (not 127.0.0.1 or localhost): gems would come without TLS."
        case .gemsSourceKept:
            "`gems source use` and `reset`: a source podmirror did not put there (not a catalog mirror) stays "
                + "before the new one, as a private source; if it is a gem mirror, remove it "
                + "(`gem sources --remove URL`)."
        case .gitconfigForeignRule:
            "`gitconfig insteadof use`: an insteadOf rule podmirror did not write also sends a Specs URL to another "
                + "mirror."
        case .gitconfigGithubPrecheck:
            "`gitconfig insteadof use`: Podfiles keep a GitHub Specs URL, so `pod repo update` still asks "
                + "api.github.com first."
        case .gitconfigKeptRule:
            "An insteadOf rule podmirror did not write is kept while its own are removed (a warning from "
                + "`gitconfig insteadof remove`, a note from `gitconfig insteadof reset`)."
        case .leftoverKept:
            "`deintegrate`, `reinstall`: the command succeeded, but the Pods/ it had moved aside could not be "
                + "removed; the change's `details.leftover` names it and the next run removes it."
        case .podsVersionSource:
            "`pods fetch`: the CocoaPods version written to the cache's VERSION file was taken from "
                + "`pod --version` or Podfile.lock, not from `--cocoapods-version` (a VERSION that already holds it "
                + "is not named)."
        case .podsChecksumRewrite:
            "`pods fetch`: a podspec in the spec repo does not hash to the lock's SPEC CHECKSUMS; it is fetched as "
                + "`pod install` will install it, and `pod install` will rewrite that line of Podfile.lock."
        case .podsSourceExpression:
            "`pods fetch`: a pod's `:source` in the Podfile is not a plain string; its podspec is looked up as if the "
                + "pod had none (the Podfile's sources, then any local spec repo) and checked against SPEC CHECKSUMS."
        case .podsVersionWipe:
            "`pods fetch`: the download cache was written for another CocoaPods version and is emptied, as "
                + "CocoaPods would."
        case .podfileBuildSettingOverrides:
            "`podfile build-setting`: a line of the user's post_install hook also sets the key; podmirror's line "
                + "comes after it."
        case .podfileDeploymentTargetOverridden:
            "`podfile deployment-target`: a line of the user's post_install hook also sets the deployment target."
        case .podfileInhibitInTargets:
            "`podfile inhibit-warnings off`: `inhibit_all_warnings!` stays in targets that have their own."
        case .podfileNoSourceLeft:
            "`podfile source remove`: no source is left, so CocoaPods uses trunk implicitly."
        case .podfileOnlyPrivateSources:
            "`podfile source use`: the Podfile lists only private sources; the mirror was added after them."
        case .podfilePlatformConditional: "`podfile platform`: the platform line changed is inside a condition."
        case .podfilePlatformSeveral:
            "`podfile platform`: a target has several platform lines; podmirror changed the first."
        case .podfileSourceAbsent: "`podfile source remove`: the Podfile has no such source; nothing was removed."
        case .podfileTrunkExplicit:
            "`podfile source add`: the Podfile had no source (trunk implicitly); trunk is now listed explicitly "
                + "beside the new one."
        case .reinstallFetchSkipped:
            "`reinstall`: filling the download cache first was skipped (Podfile.lock could not be read); "
                + "`pod install` downloads the pods."
        case .repoMovedBack:
            "`repo use --allow-older`: the repo was moved back to a source behind its commit; newer specs are gone."
        case .setupStrategy:
            "`setup`: which `--strategy` fits a Podfile given, where setup takes another; or why it took trunk by "
                + "itself."
        case .setupNotProbed:
            "`setup --dry-run`/`--check`: the mirrors the plan switches to were not probed; applying probes them first."
        case .repoOtherSpecs: "`repo use`: another Specs repo on the machine is left as it is."
        case .repoPodfileOldSource:
            "`repo use`: a Podfile (in the current folder, or given with `--podfile`) still names the URL the repo "
                + "came from, so `pod install` would clone it again; `podfile source use` moves its source."
        case .repoRenamed: "`repo use`: the repo it re-pointed (or replaced) got the new source's folder name."
        case .repoRepairRemovesUntracked:
            "`repo repair`: it removes the untracked files its branch lacks (a killed checkout's); it names them."
        case .repoSkipCDN: "`repo update`: a CDN source is skipped (`pod repo update` refreshes it)."
        case .repoSkipDir: "`repo update`: a repo with no git HEAD is skipped."
        case .repoUnreachable:
            "`repo update`: a repo's origin did not answer while planning; its update is tried, the others run "
                + "whatever happens to it."
        case .swiftpmKeptEntry:
            "`swiftpm use`: the `mirrors.json` already sends a package URL to another mirror; that entry is kept."
        case .swiftpmNameDiffers:
            "`swiftpm use`: the rule's mirror for a package ends in another repository name, which SwiftPM would "
                + "take as the package's identity; no entry is written for it."
        case .swiftpmNoPackages: "`swiftpm use`: the project names no remote package (yet)."
        case .swiftpmUncovered: "`swiftpm use`: some packages are covered by no source-mirror rule (`swiftpm show`)."
        case .swiftpmUserHidden:
            "`swiftpm use --user`: the project has its own `mirrors.json`, which SwiftPM reads instead of the user's."
        }
    }
}
