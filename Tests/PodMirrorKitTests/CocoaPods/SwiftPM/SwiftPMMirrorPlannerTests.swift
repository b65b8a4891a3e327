import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
import PodMirrorTestSupport
@testable import PodMirrorTransport
import XCTest

/// `swiftpm use` and `swiftpm show` in-process on real files: which URLs get entries, what is kept, what is refused.
final class SwiftPMMirrorPlannerTests: XCTestCase {
    let home = TempDirectory()
    let rules = SourceMirrorRules(rules: [
        InsteadOfRule(base: "https://mirror.example/github/", insteadOf: "https://github.com/")
    ])

    var environment: RuntimeEnvironment {
        RuntimeEnvironment(
            variables: ["HOME": home.path, "XDG_CONFIG_HOME": home.sub("xdg")], currentDirectory: home.path)
    }

    static let resolvedV2 = """
        {
          "pins" : [
            { "identity" : "alamofire", "kind" : "remoteSourceControl",
              "location" : "https://github.com/Alamofire/Alamofire.git", "state" : { "version" : "5.9.0" } },
            { "identity" : "local", "kind" : "localSourceControl", "location" : "/tmp/local", "state" : {} },
            { "identity" : "private", "kind" : "remoteSourceControl",
              "location" : "https://git.corp.example/ios/Private.git", "state" : { "version" : "1.0.0" } }
          ],
          "version" : 2
        }
        """

    func makePackage(_ manifest: String? = nil, resolved: String? = resolvedV2) throws -> SwiftPMProject {
        try home.write(
            "Pkg/Package.swift",
            manifest ?? """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Pkg", dependencies: [
                    .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
                    // .package(url: "https://github.com/commented/Out.git", from: "1.0.0"),
                    .package(url: "https://github.com/Alamofire/Alamofire.git", from: "5.0.0"),
                ], targets: [.binaryTarget(name: "Bin", url: "https://github.com/v/Bin/releases/download/1/B.zip",
                    checksum: "00")])
                """)
        if let resolved { try home.write("Pkg/Package.resolved", resolved) }
        return try SwiftPMProject.locate("Pkg", environment: environment)
    }

    func entries(_ path: String) throws -> [SwiftPMMirrorsFile.Entry] {
        try SwiftPMMirrorsFile.read(path, fileSystem: LocalFileSystem()).entries
    }

    func testUseWritesBothSpellingsOfEveryCoveredURLOnceAndASecondRunChangesNothing() throws {
        let project = try makePackage()
        let planner = SwiftPMMirrorPlanner(environment: environment, rules: rules)
        let dry = try PlanRunner().run(planner.plan(project), mode: .dryRun)
        XCTAssertTrue(
            dry.changes.first?.diff?.contains("+      \"original\" : \"https://github.com/apple/swift-log\"") ?? false)
        XCTAssertTrue(try PlanRunner().run(planner.plan(project), mode: .check).hasDrift)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.mirrorsFile), "a dry run writes nothing")

        _ = try PlanRunner().run(planner.plan(project), mode: .apply)
        let written = try entries(project.mirrorsFile)
        XCTAssertEqual(
            Set(written),
            [
                .init(
                    original: "https://github.com/Alamofire/Alamofire.git",
                    mirror: "https://mirror.example/github/Alamofire/Alamofire.git"),
                .init(
                    original: "https://github.com/Alamofire/Alamofire",
                    mirror: "https://mirror.example/github/Alamofire/Alamofire"),
                .init(
                    original: "https://github.com/apple/swift-log",
                    mirror: "https://mirror.example/github/apple/swift-log"),
                .init(
                    original: "https://github.com/apple/swift-log.git",
                    mirror: "https://mirror.example/github/apple/swift-log.git"),
            ])
        XCTAssertEqual(written.count, 4, "each URL once, though the manifest and Package.resolved both name it")
        XCTAssertEqual(project.mirrorsFile, home.sub("Pkg/.swiftpm/configuration/mirrors.json"))

        let before = try home.read("Pkg/.swiftpm/configuration/mirrors.json")
        XCTAssertFalse(try PlanRunner().run(planner.plan(project), mode: .check).hasDrift, "idempotent")
        _ = try PlanRunner().run(planner.plan(project), mode: .apply)
        XCTAssertEqual(try home.read("Pkg/.swiftpm/configuration/mirrors.json"), before)
    }

    func testEntriesItDidNotWriteAreKeptAndAnotherMirrorForACoveredURLIsKeptWithAWarning() throws {
        let project = try makePackage()
        let own = """
            {"version": 1, "object": [
              {"original": "https://example.org/x/Y.git", "mirror": "https://m.example/x/Y.git"},
              {"original": "https://github.com/apple/swift-log", "mirror": "https://elsewhere.example/swift-log"}
            ]}
            """
        try home.write("Pkg/.swiftpm/configuration/mirrors.json", own)
        let plan = try SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(project)
        XCTAssertEqual(plan.warnings.map(\.code), [.swiftpmKeptEntry, .swiftpmUncovered], "Private.git: no rule")
        _ = try PlanRunner().run(plan, mode: .apply)
        let written = try entries(project.mirrorsFile)
        XCTAssertEqual(
            Array(written.prefix(2).map(\.mirror)),
            ["https://m.example/x/Y.git", "https://elsewhere.example/swift-log"])
        XCTAssertEqual(written.count, 5, "the two kept, three added (swift-log's own spelling was there)")
    }

    func testAMalformedMirrorsFileIsRefusedNamingItAndNothingChanges() throws {
        let project = try makePackage()
        for bad in ["{\"object\": [", "{\"version\": 2, \"object\": []}", "{\"version\": 1, \"object\": [{\"a\": 1}]}"]
        {
            let path = try home.write("Pkg/.swiftpm/configuration/mirrors.json", bad)
            XCTAssertThrowsError(try SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(project)) {
                let failure = $0 as? PodMirrorFailure
                XCTAssertEqual(failure?.code, .swiftpmMirrorsInvalid)
                XCTAssertTrue(failure?.message.contains(path) ?? false, "\($0)")
            }
            XCTAssertEqual(
                String(decoding: try home.read("Pkg/.swiftpm/configuration/mirrors.json"), as: UTF8.self), bad)
        }
    }

    func testAMirrorUnderAnotherRepositoryNameGetsNoEntryButAWarning() throws {
        let project = try makePackage()
        let renaming = SourceMirrorRules(rules: [
            InsteadOfRule(base: "https://mirror.example/all-in-one", insteadOf: "https://github.com/apple/swift-log")
        ])
        let plan = try SwiftPMMirrorPlanner(environment: environment, rules: renaming).plan(project)
        XCTAssertEqual(plan.warnings.map(\.code), [.swiftpmNameDiffers, .swiftpmUncovered])
        XCTAssertFalse(plan.changes.contains(where: \.isNeeded))
    }

    func testNoRuleIsAUsageErrorAndUserWritesTheUsersFileWarningWhenTheProjectHidesIt() throws {
        let project = try makePackage()
        XCTAssertThrowsError(try SwiftPMMirrorPlanner(environment: environment, rules: .init(rules: [])).plan(project))
        {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.code, .swiftpmNoRules)
        }
        try home.write("Pkg/.swiftpm/configuration/mirrors.json", "{\"object\": [], \"version\": 1}")
        let plan = try SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(project, user: true)
        XCTAssertTrue(plan.warnings.contains { $0.code == .swiftpmUserHidden })
        _ = try PlanRunner().run(plan, mode: .apply)
        XCTAssertEqual(try entries(home.sub("xdg/swiftpm/configuration/mirrors.json")).count, 4)
    }

    func testShowTellsMirrorOriginalAndWhyAndBinaryTargetsFromGitHub() throws {
        let project = try makePackage()
        try home.write(
            "Pkg/.swiftpm/configuration/mirrors.json",
            """
            {"object": [{"original": "https://github.com/apple/swift-log", "mirror": "https://m.example/swift-log"}],
             "version": 1}
            """)
        let survey = try SwiftPMSurvey.survey(project, rules: rules, environment: environment)
        let byURL = Dictionary(uniqueKeysWithValues: survey.routes.map { ($0.url, $0) })
        XCTAssertEqual(byURL["https://github.com/apple/swift-log"]?.mirror, "https://m.example/swift-log")
        XCTAssertEqual(byURL["https://github.com/Alamofire/Alamofire.git"]?.reason, .noEntry)
        XCTAssertEqual(byURL["https://git.corp.example/ios/Private.git"]?.reason, .noRule)
        XCTAssertNil(byURL["/tmp/local"], "local packages are not fetched")
        XCTAssertEqual(survey.routes.filter(\.goesToGitHub).count, 1)
        XCTAssertEqual(survey.gitHubBinaryTargets.map(\.url), ["https://github.com/v/Bin/releases/download/1/B.zip"])
    }

    func testXcodeProjectReferencesAndWorkspacesAreFoundAsXcodeOpensThem() throws {
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjects = {
            \t\tAAA /* Project object */ = {isa = PBXProject; packageReferences = (BBB); targets = (); };
            \t\tBBB /* XCRemoteSwiftPackageReference "Kingfisher" */ = {
            \t\t\tisa = XCRemoteSwiftPackageReference;
            \t\t\trepositoryURL = "https://github.com/onevcat/Kingfisher";
            \t\t\trequirement = {kind = upToNextMajorVersion; minimumVersion = 7.0.0; };
            \t\t};
            \t};
            \trootObject = AAA;
            }
            """
        try home.write("App/App.xcodeproj/project.pbxproj", pbxproj)
        let project = try SwiftPMProject.locate("App", environment: environment)
        XCTAssertEqual(project.kind, .xcodeproj)
        XCTAssertEqual(
            project.mirrorsFile,
            home.sub("App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/configuration/mirrors.json"))
        XCTAssertEqual(
            try SwiftPMPackages.read(project, fileSystem: LocalFileSystem()).packages.map(\.url),
            ["https://github.com/onevcat/Kingfisher"])

        try home.write(
            "App/App.xcworkspace/contents.xcworkspacedata",
            "<Workspace version = \"1.0\"><FileRef location = \"group:App.xcodeproj\"></FileRef>"
                + "<FileRef location = \"group:Pods/Pods.xcodeproj\"></FileRef></Workspace>")
        let workspace = try SwiftPMProject.locate("App", environment: environment)
        XCTAssertEqual(workspace.kind, .xcworkspace, "a workspace wins, as Xcode opens it")
        XCTAssertEqual(
            workspace.mirrorsFile, home.sub("App/App.xcworkspace/xcshareddata/swiftpm/configuration/mirrors.json"))
        XCTAssertEqual(workspace.projects(fileSystem: LocalFileSystem()), [home.sub("App/App.xcodeproj")])
        _ = try PlanRunner().run(
            SwiftPMMirrorPlanner(environment: environment, rules: rules).plan(workspace), mode: .apply)
        XCTAssertEqual(try entries(workspace.mirrorsFile).count, 2)

        try home.write("App/Other.xcworkspace/contents.xcworkspacedata", "<Workspace/>")
        XCTAssertThrowsError(try SwiftPMProject.locate("App", environment: environment)) {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.code, .swiftpmProjectAmbiguous)
        }
    }

    func testPackageResolvedVersionOneAndThreeAreRead() throws {
        let v1 = """
            {"object": {"pins": [
              {"package": "Nuke", "repositoryURL": "https://github.com/kean/Nuke.git", "state": {"version": "9.0.0"}},
              {"package": "Here", "repositoryURL": "/Users/me/Here", "state": {}}
            ]}, "version": 1}
            """
        let v3 = """
            {"originHash" : "abc", "pins" : [{"identity" : "nuke", "kind" : "remoteSourceControl",
              "location" : "git@github.com:kean/Nuke.git", "state" : {"revision" : "0"}}], "version" : 3}
            """
        let fs = LocalFileSystem()
        XCTAssertEqual(
            try PackageResolved.pinnedURLs(home.write("v1", v1), fileSystem: fs), ["https://github.com/kean/Nuke.git"])
        XCTAssertEqual(
            try PackageResolved.pinnedURLs(home.write("v3", v3), fileSystem: fs), ["git@github.com:kean/Nuke.git"])
        XCTAssertThrowsError(try PackageResolved.pinnedURLs(home.write("v9", "{\"version\": 9}"), fileSystem: fs)) {
            XCTAssertEqual(($0 as? PodMirrorFailure)?.code, .swiftpmResolvedInvalid)
        }
    }

    func testTheManifestScanTakesLiteralsOnlyAndSkipsComments() {
        let scan = PackageManifestScan(
            """
            let v = "https://github.com/built/Up"
            /* .package(url: "https://github.com/block/Comment", from: "1.0.0") */
            .package(name: "Old", url: "https://github.com/old/Style.git", from: "1.0.0"),
            .package(url: v, from: "1.0.0"),
            .package( url : "https://github.com/spaced/Out" , branch: "main"), // .package(url: "https://x/y")
            .binaryTarget(name: "B", url: "https://example.com/B.zip", checksum: "0")
            """)
        XCTAssertEqual(scan.packageURLs, ["https://github.com/old/Style.git", "https://github.com/spaced/Out"])
        XCTAssertEqual(scan.binaryTargetURLs, ["https://example.com/B.zip"])
    }

    func testSpellingsAndRepositoryNames() {
        XCTAssertEqual(
            SwiftPMMirrorPlanner.spellings("https://github.com/a/B"),
            ["https://github.com/a/B", "https://github.com/a/B.git"])
        XCTAssertEqual(
            SwiftPMMirrorPlanner.spellings("https://github.com/a/B.git"),
            ["https://github.com/a/B.git", "https://github.com/a/B"])
        XCTAssertEqual(SwiftPMMirrorPlanner.spellings("https://github.com/a/B/"), ["https://github.com/a/B/"])
        XCTAssertTrue(SwiftPMMirrorPlanner.sameName("https://github.com/a/Foo.git", "https://m.example/x/foo"))
        XCTAssertTrue(SwiftPMMirrorPlanner.sameName("git@github.com:a/Foo.git", "https://m.example/Foo/"))
        XCTAssertFalse(
            SwiftPMMirrorPlanner.sameName("https://github.com/a/Foo.git", "https://m.example/a/Foo-mirror.git"))
    }

    func testTheUsersFileFollowsSwiftPMsRule() {
        #if !os(macOS)
            XCTAssertEqual(
                SwiftPMProject.userMirrorsFile(environment: environment),
                home.sub("xdg/swiftpm/configuration/mirrors.json"))
            XCTAssertEqual(
                SwiftPMProject.userMirrorsFile(environment: RuntimeEnvironment(variables: ["HOME": "/h"])),
                "/h/.swiftpm/configuration/mirrors.json", "no ~/.config fallback: SwiftPM uses ~/.swiftpm")
        #endif
    }
}
