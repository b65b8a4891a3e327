import Foundation

/// Every code an error of podmirror carries: the raw value is the stable `error.code` of JSON output, each
/// code decides its exit status, and `meaning` is its line in docs/exit-codes.md.
package enum ErrorCode: String, CaseIterable, Sendable, Codable {
    case error = "error"

    case interrupted = "interrupted"

    case usage = "usage"
    case usageDepth = "usage.depth"
    case usageTimeout = "usage.timeout"

    case internalOverlappingEdits = "internal.overlapping-edits"

    case fileRead = "file.read"
    case fileWrite = "file.write"
    case fileList = "file.list"
    case fileRemove = "file.remove"
    case fileMove = "file.move"
    case fileCreateDirectory = "file.create-directory"
    case fileUpdate = "file.update"
    case fileLocked = "file.locked"
    case fileReadOnly = "file.read-only"

    case toolLaunch = "tool.launch"

    case gitTransport = "git.transport"
    case gitTimeout = "git.timeout"
    case gitUnsupportedTransport = "git.unsupportedTransport"
    case gitRepository = "git.repository"
    case gitUnsupported = "git.unsupported"

    case gitconfigRead = "gitconfig.read"
    case gitconfigWrite = "gitconfig.write"
    case gitconfigNotAGitMirror = "gitconfig.not-a-git-mirror"
    case gitconfigSourceMirror = "gitconfig.source-mirror"
    case gitconfigSourceMirrorTaken = "gitconfig.source-mirror-taken"

    case catalogMissing = "catalog.missing"

    case doctorFindings = "doctor.findings"

    case mirrorUnknown = "mirror.unknown"
    case mirrorTransport = "mirror.transport"
    case mirrorUnhealthy = "mirror.unhealthy"

    case platformName = "platform.name"
    case platformVersion = "platform.version"

    case buildSettingKey = "build-setting.key"
    case buildSettingSyntax = "build-setting.syntax"

    case podfileSyntax = "podfile.syntax"
    case podfileMissing = "podfile.missing"
    case podfileUnsupportedFormat = "podfile.unsupported-format"
    case podfileTooLarge = "podfile.too-large"
    case podfileEncoding = "podfile.encoding"
    case podfileInternal = "podfile.internal"
    case podfileUnplaceable = "podfile.unplaceable"
    case podfileContradiction = "podfile.contradiction"
    case podfileRejected = "podfile.rejected"
    case podfileTarget = "podfile.target"
    case podfilePlatformExpression = "podfile.platform-expression"
    case podfileMultipleHooks = "podfile.multiple-hooks"
    case podfileNoPodsProject = "podfile.no-pods-project"
    case podfileSource = "podfile.source"

    case repoBadName = "repo.bad-name"
    case repoNotFound = "repo.not-found"
    case repoExists = "repo.exists"
    case repoCDNURL = "repo.cdn-url"
    case repoCloneIncomplete = "repo.clone-incomplete"
    case repoDetached = "repo.detached"
    case repoGitLock = "repo.git-lock"
    case repoIncomplete = "repo.incomplete"
    case repoNoBranch = "repo.no-branch"
    case repoOlder = "repo.older"
    case repoDiverged = "repo.diverged"
    case repoNoTrackingRef = "repo.no-tracking-ref"
    case repoPermission = "repo.permission"
    case repoRename = "repo.rename"

    case reposCreate = "repos.create"
    case reposLocked = "repos.locked"

    case lockOpen = "lock.open"

    case bundleBadExpect = "bundle.bad-expect"
    case bundleCorrupt = "bundle.corrupt"
    case bundleDownload = "bundle.download"
    case bundleExpectMismatch = "bundle.expect-mismatch"
    case bundleFileIsFolder = "bundle.file-is-folder"
    case bundleIncremental = "bundle.incremental"
    case bundleInvalid = "bundle.invalid"
    case bundleNoBranch = "bundle.no-branch"
    case bundleNotGit = "bundle.not-git"
    case bundleRead = "bundle.read"
    case bundleShallow = "bundle.shallow"
    case bundleWrite = "bundle.write"

    case verifyBadExpect = "verify.bad-expect"
    case verifyNotIntact = "verify.not-intact"

    case podsFetchFailed = "pods.fetch-failed"
    case podsLockUnreadable = "pods.lock-unreadable"
    case podsLockYAML = "pods.lock-yaml"
    case podsLockShape = "pods.lock-shape"
    case podsOnlyUnknown = "pods.only-unknown"
    case podsVersionUnknown = "pods.version-unknown"
    case podsSpecNoRepo = "pods.spec-no-repo"
    case podsSpecNoSpecRepo = "pods.spec-no-spec-repo"
    case podsSpecMissing = "pods.spec-missing"
    case podsSpecUnreadable = "pods.spec-unreadable"
    case podsSpecChecksum = "pods.spec-checksum"
    case podsSpecJSON = "pods.spec-json"
    case podsPodspecUnreadable = "pods.podspec-unreadable"
    case podsPodspecName = "pods.podspec-name"
    case podsCDNNotFound = "pods.cdn-not-found"
    case podsCDNChecksum = "pods.cdn-checksum"
    case podsCDNStore = "pods.cdn-store"
    case podsCacheLock = "pods.cache-lock"
    case podsCacheLockHeld = "pods.cache-lock-held"
    case podsCacheVersion = "pods.cache-version"
    case podsCacheWrite = "pods.cache-write"
    case podsHTTPLeftToCocoaPods = "pods.http.left-to-cocoa-pods"
    case podsHTTPStatus = "pods.http.http-status"
    case podsHTTPTransfer = "pods.http.transfer"
    case podsHTTPChecksum = "pods.http.checksum"
    case podsHTTPUnsafeArchive = "pods.http.unsafe-archive"
    case podsHTTPExtraction = "pods.http.extraction"
    case podsHTTPArchiveTooLarge = "pods.http.archive-too-large"
    case podsHTTPTooManyEntries = "pods.http.too-many-entries"
    case podsHTTPExpandedTooLarge = "pods.http.expanded-too-large"
    case podsHTTPCompressionRatio = "pods.http.compression-ratio"
    case podsSpecUnsafe = "pods.spec-unsafe"
    case podsGitUnsafeTree = "pods.git.unsafe-tree"
    case podsGitSubmoduleURL = "pods.git.submodule-url"
    case podsHTTPToolMissing = "pods.http.tool-missing"
    case podsHTTPFileSystem = "pods.http.file-system"

    case gemsBadURL = "gems.bad-url"
    case gemsInternal = "gems.internal"
    case gemsGemrcSyntax = "gems.gemrc-syntax"
    case gemsGemrcEncoding = "gems.gemrc-encoding"
    case gemsGemrcDuplicateKey = "gems.gemrc-duplicate-key"
    case gemsGemrcInlineSources = "gems.gemrc-inline-sources"
    case gemsGemrcUnreadableSources = "gems.gemrc-unreadable-sources"
    case gemsGemrcUnplaceable = "gems.gemrc-unplaceable"
    case gemsBundlerSyntax = "gems.bundler-syntax"
    case gemsBundlerEncoding = "gems.bundler-encoding"
    case gemsBundlerDuplicateKey = "gems.bundler-duplicate-key"
    case gemsBundlerUnreadableMirror = "gems.bundler-unreadable-mirror"
    case gemsBundlerUnplaceable = "gems.bundler-unplaceable"

    case setupEmpty = "setup.empty"
    case setupEmptyPodfile = "setup.empty-podfile"
    case setupSeed = "setup.seed"
    case setupStrategy = "setup.strategy"
    case setupGemMissing = "setup.gem-missing"
    case setupInstallCocoapods = "setup.install-cocoapods"
    case setupPodStillMissing = "setup.pod-still-missing"

    case initPodfileExists = "init.podfile-exists"
    case initTemplate = "init.template"

    case xcodeprojNotFound = "xcodeproj.not-found"
    case xcodeprojNotAProject = "xcodeproj.not-a-project"
    case xcodeprojInvalid = "xcodeproj.invalid"
    case xcodeprojAmbiguous = "xcodeproj.ambiguous"
    case xcodeprojSyntax = "xcodeproj.syntax"
    case xcodeprojBinaryPlist = "xcodeproj.binary-plist"
    case xcodeprojStructure = "xcodeproj.structure"
    case xcodeprojDuplicateID = "xcodeproj.duplicate-id"
    case xcodeprojDeintegrateUnsafe = "xcodeproj.deintegrate-unsafe"

    case trunkMirror = "trunk.mirror"
    case podsLockName = "pods.lock-name"
    case podsLockVersion = "pods.lock-version"

    case reinstallNoPodfile = "reinstall.no-podfile"
    case reinstallPodMissing = "reinstall.pod-missing"
    case reinstallPodInstallFailed = "reinstall.pod-install-failed"
    case reinstallFetchFailed = "reinstall.fetch-failed"

    case swiftpmMirrorsInvalid = "swiftpm.mirrors-invalid"
    case swiftpmResolvedInvalid = "swiftpm.resolved-invalid"
    case swiftpmProjectNotFound = "swiftpm.project-not-found"
    case swiftpmProjectAmbiguous = "swiftpm.project-ambiguous"
    case swiftpmNoRules = "swiftpm.no-rules"
}

extension ErrorCode {
    /// The exit status the CLI uses for an error with this code.
    package var exitStatus: ExitStatus {
        switch self {
        case .error, .internalOverlappingEdits, .fileRead, .fileWrite, .fileList, .fileRemove, .fileMove,
            .fileCreateDirectory, .fileReadOnly, .doctorFindings, .podfileRejected, .verifyNotIntact, .gitRepository,
            .gitconfigRead, .gitconfigWrite, .catalogMissing,
            .podfileSyntax, .podfileTooLarge, .podfileEncoding, .podfileInternal, .podfileUnplaceable,
            .podfileMultipleHooks, .repoNotFound, .repoExists, .repoCloneIncomplete, .repoDetached, .repoIncomplete,
            .repoNoBranch, .repoOlder, .repoDiverged, .repoNoTrackingRef, .repoPermission, .repoRename, .reposCreate,
            .lockOpen,
            .bundleCorrupt,
            .bundleExpectMismatch, .bundleIncremental, .bundleInvalid, .bundleNoBranch, .bundleNotGit, .bundleRead,
            .bundleShallow,
            .bundleWrite, .podsFetchFailed, .podsSpecNoRepo, .podsSpecNoSpecRepo, .podsSpecMissing, .podsSpecUnreadable,
            .podsSpecChecksum, .podsSpecJSON, .podsPodspecUnreadable, .podsPodspecName, .podsCDNNotFound,
            .podsCDNChecksum, .podsCDNStore, .podsCacheLock, .podsCacheVersion, .podsCacheWrite,
            .podsHTTPLeftToCocoaPods, .podsHTTPChecksum, .podsHTTPUnsafeArchive, .podsHTTPExtraction,
            .podsHTTPArchiveTooLarge, .podsHTTPTooManyEntries, .podsHTTPExpandedTooLarge, .podsHTTPCompressionRatio,
            .podsSpecUnsafe, .podsGitUnsafeTree, .podsGitSubmoduleURL, .podsHTTPFileSystem, .gemsInternal,
            .gemsGemrcSyntax, .gemsGemrcEncoding, .gemsGemrcDuplicateKey,
            .gemsGemrcInlineSources, .gemsGemrcUnreadableSources, .gemsGemrcUnplaceable, .gemsBundlerSyntax,
            .gemsBundlerEncoding, .gemsBundlerDuplicateKey, .gemsBundlerUnreadableMirror, .gemsBundlerUnplaceable,
            .setupInstallCocoapods, .initPodfileExists, .xcodeprojSyntax, .xcodeprojBinaryPlist, .xcodeprojStructure,
            .xcodeprojDuplicateID, .xcodeprojDeintegrateUnsafe, .reinstallNoPodfile, .reinstallPodInstallFailed,
            .reinstallFetchFailed, .trunkMirror, .podsLockName, .podsLockVersion, .swiftpmMirrorsInvalid,
            .swiftpmResolvedInvalid:
            .failure
        case .usage, .usageDepth, .usageTimeout, .gitUnsupportedTransport, .gitUnsupported, .gitconfigNotAGitMirror,
            .gitconfigSourceMirror, .gitconfigSourceMirrorTaken, .mirrorUnknown, .mirrorTransport, .platformName,
            .platformVersion, .buildSettingKey, .buildSettingSyntax, .podfileMissing, .podfileUnsupportedFormat,
            .podfileTarget, .podfilePlatformExpression, .podfileContradiction, .podfileNoPodsProject,
            .podfileSource, .repoBadName, .repoCDNURL, .bundleBadExpect, .bundleFileIsFolder, .verifyBadExpect,
            .podsLockUnreadable, .podsLockYAML, .podsLockShape, .podsOnlyUnknown, .podsVersionUnknown, .gemsBadURL,
            .setupEmpty, .setupEmptyPodfile, .setupSeed, .setupStrategy, .initTemplate, .xcodeprojNotFound,
            .xcodeprojNotAProject, .xcodeprojInvalid, .xcodeprojAmbiguous, .swiftpmProjectNotFound,
            .swiftpmProjectAmbiguous, .swiftpmNoRules:
            .usage
        case .gitTransport, .gitTimeout, .mirrorUnhealthy, .bundleDownload, .podsHTTPStatus, .podsHTTPTransfer: .network
        case .reposLocked, .podsCacheLockHeld, .fileUpdate, .fileLocked, .repoGitLock: .lockHeld
        case .toolLaunch, .podsHTTPToolMissing, .setupGemMissing, .setupPodStillMissing,
            .reinstallPodMissing:
            .toolMissing
        case .interrupted: .interrupted
        }
    }
}

extension ErrorCode {
    /// The Podfile.lock, `--only` or CocoaPods version cannot be planned from. `pod install` judges such input
    /// itself, so `reinstall` skips its prefetch for these instead of failing.
    package var isPodsFetchInput: Bool {
        switch self {
        case .podsLockUnreadable, .podsLockYAML, .podsLockShape, .podsOnlyUnknown, .podsVersionUnknown: true
        default: false
        }
    }
}
