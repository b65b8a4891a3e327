import Foundation

/// Every code a warning or note (`warnings[].code` in JSON) carries. The raw value is the stable string scripts
/// match; `meaning` says when it is emitted and is its line in docs/json.md; `severity` is the one it always
/// has (nil when it depends on the command). A new warning gets a case here, never a string at its call site.
public enum DiagnosticCode: String, CaseIterable, Sendable, Codable {
    /// `repo import`: the bundle cannot be used, the repo is cloned instead.
    case bundleFallbackClone = "bundle.fallback-clone"

    /// `deintegrate`: a Frameworks build file points at a reference the project lacks.
    case deintegrateDanglingBuildFile = "deintegrate.dangling-build-file"
    /// `deintegrate`: a target builds a file that lives in Pods/.
    case deintegrateFileInPods = "deintegrate.file-in-pods"
    /// `deintegrate`: the `Pods` group still holds items CocoaPods did not add.
    case deintegratePodsGroupKept = "deintegrate.pods-group-kept"
    /// `deintegrate`: Pods/ is kept because the project shows no CocoaPods integration.
    case deintegratePodsKept = "deintegrate.pods-kept"

    /// A gem source is plain http.
    case gemsPlainHTTP = "gems.plain-http"

    /// `gitconfig insteadof use`: a rule podmirror did not write also rewrites a Specs URL.
    case gitconfigForeignRule = "gitconfig.foreign-rule"
    /// `gitconfig insteadof use`: `pod repo update` still asks api.github.com first.
    case gitconfigGithubPrecheck = "gitconfig.github-precheck"
    /// A rule podmirror did not write is kept while podmirror's own are removed.
    case gitconfigKeptRule = "gitconfig.kept-rule"

    /// `pods fetch`: the CocoaPods version for the cache was not given with `--cocoapods-version`.
    case podsVersionSource = "pods.version-source"
    /// `pods fetch`: the cache was written for another CocoaPods version and is emptied.
    case podsVersionWipe = "pods.version-wipe"

    /// `podfile build-setting`: the user's post_install hook also sets the key.
    case podfileBuildSettingOverrides = "podfile.build-setting-overrides"
    /// `podfile deployment-target`: the user's post_install hook also sets the deployment target.
    case podfileDeploymentTargetOverridden = "podfile.deployment-target-overridden"
    /// `podfile inhibit-warnings off`: targets keep their own `inhibit_all_warnings!`.
    case podfileInhibitInTargets = "podfile.inhibit-in-targets"
    /// `podfile source remove`: no source is left, CocoaPods falls back to trunk.
    case podfileNoSourceLeft = "podfile.no-source-left"
    /// `podfile source use`: the Podfile lists only private sources; the mirror goes after them.
    case podfileOnlyPrivateSources = "podfile.only-private-sources"
    /// `podfile platform`: the platform line changed is inside a condition.
    case podfilePlatformConditional = "podfile.platform-conditional"
    /// `podfile platform`: a target has several platform lines; the first was changed.
    case podfilePlatformSeveral = "podfile.platform-several"
    /// `podfile source remove`: the Podfile has no such source.
    case podfileSourceAbsent = "podfile.source-absent"
    /// `podfile source add`: trunk, used implicitly, is now listed explicitly.
    case podfileTrunkExplicit = "podfile.trunk-explicit"

    /// `reinstall`: the prefetch into the download cache was skipped.
    case reinstallFetchSkipped = "reinstall.fetch-skipped"

    /// `repo use`: another Specs repo is left as it is.
    case repoOtherSpecs = "repo.other-specs"
    /// `repo update`: a CDN source is skipped.
    case repoSkipCDN = "repo.skip-cdn"
    /// `repo update`: a repo without a git HEAD is skipped.
    case repoSkipDir = "repo.skip-dir"
}

extension DiagnosticCode: DocumentedCode {
    /// The severity a diagnostic with this code always has; nil when it depends on the command.
    public var severity: Diagnostic.Severity? {
        switch self {
        case .bundleFallbackClone, .deintegrateDanglingBuildFile, .deintegrateFileInPods, .deintegratePodsGroupKept,
            .gemsPlainHTTP, .gitconfigForeignRule, .gitconfigGithubPrecheck, .podsVersionSource, .podsVersionWipe,
            .podfileDeploymentTargetOverridden, .podfileNoSourceLeft, .podfileOnlyPrivateSources,
            .podfilePlatformConditional, .podfilePlatformSeveral, .podfileSourceAbsent, .reinstallFetchSkipped:
            .warning
        case .deintegratePodsKept, .podfileBuildSettingOverrides, .podfileInhibitInTargets, .podfileTrunkExplicit,
            .repoOtherSpecs, .repoSkipCDN, .repoSkipDir:
            .note
        // A warning from `gitconfig insteadof remove`, a note from `gitconfig insteadof reset`.
        case .gitconfigKeptRule: nil
        }
    }

    /// One line saying when the code is emitted, for docs/json.md.
    public var meaning: String {
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
        case .gitconfigForeignRule:
            "`gitconfig insteadof use`: an insteadOf rule podmirror did not write also sends a Specs URL to another "
                + "mirror."
        case .gitconfigGithubPrecheck:
            "`gitconfig insteadof use`: Podfiles keep a GitHub Specs URL, so `pod repo update` still asks "
                + "api.github.com first."
        case .gitconfigKeptRule:
            "An insteadOf rule podmirror did not write is kept while its own are removed (a warning from "
                + "`gitconfig insteadof remove`, a note from `gitconfig insteadof reset`)."
        case .podsVersionSource:
            "`pods fetch`: the CocoaPods version written to the cache's VERSION file was taken from the existing "
                + "file, `pod --version` or Podfile.lock, not from `--cocoapods-version`."
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
        case .repoOtherSpecs: "`repo use`: another Specs repo on the machine is left as it is."
        case .repoSkipCDN: "`repo update`: a CDN source is skipped (`pod repo update` refreshes it)."
        case .repoSkipDir: "`repo update`: a repo with no git HEAD is skipped."
        }
    }
}
