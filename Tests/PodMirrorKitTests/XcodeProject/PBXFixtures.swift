import Foundation

/// Small hand-written project files, one feature each, in Xcode's layout.
enum PBXFixtures {
    /// An app and its unit tests integrated by CocoaPods 1.x: phases, a [CP-User] phase, Pods
    /// frameworks, xcconfigs in a `Pods` group, plus an unknown isa and a file built from Pods/.
    static let integrated = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXBuildFile section */
        \t\tB00000000000000000000001 /* main.swift in Sources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000001 /* main.swift */; };
        \t\tB00000000000000000000002 /* Pods_App.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = F00000000000000000000002 /* Pods_App.framework */; };
        \t\tB00000000000000000000003 /* Pods_AppTests.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = F00000000000000000000003 /* Pods_AppTests.framework */; };
        \t\tB00000000000000000000004 /* Generated.swift in Sources */ = {isa = PBXBuildFile; fileRef = F00000000000000000000008 /* Generated.swift */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        \t\tF00000000000000000000001 /* main.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = main.swift; sourceTree = "<group>"; };
        \t\tF00000000000000000000002 /* Pods_App.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Pods_App.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tF00000000000000000000003 /* Pods_AppTests.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Pods_AppTests.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tF00000000000000000000004 /* Pods-App.debug.xcconfig */ = {isa = PBXFileReference; includeInIndex = 1; lastKnownFileType = text.xcconfig; name = "Pods-App.debug.xcconfig"; path = "Target Support Files/Pods-App/Pods-App.debug.xcconfig"; sourceTree = "<group>"; };
        \t\tF00000000000000000000005 /* Pods-App.release.xcconfig */ = {isa = PBXFileReference; includeInIndex = 1; lastKnownFileType = text.xcconfig; name = "Pods-App.release.xcconfig"; path = "Target Support Files/Pods-App/Pods-App.release.xcconfig"; sourceTree = "<group>"; };
        \t\tF00000000000000000000006 /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tF00000000000000000000007 /* Pods-AppTests.debug.xcconfig */ = {isa = PBXFileReference; includeInIndex = 1; lastKnownFileType = text.xcconfig; path = "Target Support Files/Pods-AppTests/Pods-AppTests.debug.xcconfig"; sourceTree = "<group>"; };
        \t\tF00000000000000000000008 /* Generated.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Pods/Gen/Generated.swift"; sourceTree = SOURCE_ROOT; };
        \t\tF00000000000000000000009 /* Pods.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; path = Pods.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFrameworksBuildPhase section */
        \t\tA00000000000000000000001 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \t\t\t\tB00000000000000000000002 /* Pods_App.framework in Frameworks */,
        \t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        \t\tA00000000000000000000002 /* Frameworks */ = {
        \t\t\tisa = PBXFrameworksBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (B00000000000000000000003 /* Pods_AppTests.framework in Frameworks */, );
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXGroup section */
        \t\tG00000000000000000000001 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000001 /* main.swift */,
        \t\t\t\tG00000000000000000000002 /* Pods */,
        \t\t\t\tG00000000000000000000003 /* Frameworks */,
        \t\t\t\tF00000000000000000000008 /* Generated.swift */,
        \t\t\t\tG00000000000000000000004 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000002 /* Pods */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000004 /* Pods-App.debug.xcconfig */,
        \t\t\t\tF00000000000000000000005 /* Pods-App.release.xcconfig */,
        \t\t\t\tF00000000000000000000007 /* Pods-AppTests.debug.xcconfig */,
        \t\t\t);
        \t\t\tpath = Pods;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000003 /* Frameworks */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000002 /* Pods_App.framework */,
        \t\t\t\tF00000000000000000000003 /* Pods_AppTests.framework */,
        \t\t\t\tF00000000000000000000009 /* Pods.framework */,
        \t\t\t);
        \t\t\tname = Frameworks;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000004 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tF00000000000000000000006 /* App.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tT00000000000000000000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = L00000000000000000000001 /* Build configuration list for PBXNativeTarget "App" */;
        \t\t\tbuildPhases = (
        \t\t\t\tS00000000000000000000001 /* [CP] Check Pods Manifest.lock */,
        \t\t\t\tA00000000000000000000003 /* Sources */,
        \t\t\t\tA00000000000000000000001 /* Frameworks */,
        \t\t\t\tS00000000000000000000002 /* [CP] Embed Pods Frameworks */,
        \t\t\t\tS00000000000000000000003 /* [CP-User] Generate */,
        \t\t\t\tS00000000000000000000004 /* Lint */,
        \t\t\t);
        \t\t\tname = App;
        \t\t\tproductReference = F00000000000000000000006 /* App.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tT00000000000000000000002 /* AppTests */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = L00000000000000000000002 /* Build configuration list for PBXNativeTarget "AppTests" */;
        \t\t\tbuildPhases = (
        \t\t\t\tS00000000000000000000005 /* Check Pods Manifest.lock */,
        \t\t\t\tA00000000000000000000002 /* Frameworks */,
        \t\t\t);
        \t\t\tname = AppTests;
        \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tP00000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = L00000000000000000000003 /* Build configuration list for PBXProject "App" */;
        \t\t\tmainGroup = G00000000000000000000001;
        \t\t\tproductRefGroup = G00000000000000000000004 /* Products */;
        \t\t\ttargets = (
        \t\t\t\tT00000000000000000000001 /* App */,
        \t\t\t\tT00000000000000000000002 /* AppTests */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXShellScriptBuildPhase section */
        \t\tS00000000000000000000001 /* [CP] Check Pods Manifest.lock */ = {
        \t\t\tisa = PBXShellScriptBuildPhase;
        \t\t\tname = "[CP] Check Pods Manifest.lock";
        \t\t\tshellScript = "diff \\"${PODS_PODFILE_DIR_PATH}/Podfile.lock\\" \\"${PODS_ROOT}/Manifest.lock\\" > /dev/null\\n";
        \t\t};
        \t\tS00000000000000000000002 /* [CP] Embed Pods Frameworks */ = {
        \t\t\tisa = PBXShellScriptBuildPhase;
        \t\t\tname = "[CP] Embed Pods Frameworks";
        \t\t\tshellScript = "\\"${PODS_ROOT}/Target Support Files/Pods-App/Pods-App-frameworks.sh\\"\\n";
        \t\t};
        \t\tS00000000000000000000003 /* [CP-User] Generate */ = {
        \t\t\tisa = PBXShellScriptBuildPhase;
        \t\t\tname = "[CP-User] Generate";
        \t\t\tshellScript = "echo hi";
        \t\t};
        \t\tS00000000000000000000004 /* Lint */ = {
        \t\t\tisa = PBXShellScriptBuildPhase;
        \t\t\tname = Lint;
        \t\t\tshellScript = "swiftlint";
        \t\t};
        \t\tS00000000000000000000005 /* Check Pods Manifest.lock */ = {
        \t\t\tisa = PBXShellScriptBuildPhase;
        \t\t\tname = "Check Pods Manifest.lock";
        \t\t\tshellScript = "diff";
        \t\t};
        /* End PBXShellScriptBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        \t\tA00000000000000000000003 /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tB00000000000000000000001 /* main.swift in Sources */,
        \t\t\t\tB00000000000000000000004 /* Generated.swift in Sources */,
        \t\t\t);
        \t\t};
        /* End PBXSourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        \t\tC00000000000000000000001 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = F00000000000000000000004 /* Pods-App.debug.xcconfig */;
        \t\t\tbuildSettings = {
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tC00000000000000000000002 /* Release */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = F00000000000000000000005 /* Pods-App.release.xcconfig */;
        \t\t\tbuildSettings = {
        \t\t\t\tPRODUCT_NAME = "$(TARGET_NAME)";
        \t\t\t};
        \t\t\tname = Release;
        \t\t};
        \t\tC00000000000000000000003 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbaseConfigurationReference = F00000000000000000000007 /* Pods-AppTests.debug.xcconfig */;
        \t\t\tbuildSettings = {
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        \t\tC00000000000000000000004 /* Debug */ = {
        \t\t\tisa = XCBuildConfiguration;
        \t\t\tbuildSettings = {
        \t\t\t\tSDKROOT = iphoneos;
        \t\t\t};
        \t\t\tname = Debug;
        \t\t};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \t\tL00000000000000000000001 /* Build configuration list for PBXNativeTarget "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tC00000000000000000000001 /* Debug */,
        \t\t\t\tC00000000000000000000002 /* Release */,
        \t\t\t);
        \t\t};
        \t\tL00000000000000000000002 /* Build configuration list for PBXNativeTarget "AppTests" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tC00000000000000000000003 /* Debug */,
        \t\t\t);
        \t\t};
        \t\tL00000000000000000000003 /* Build configuration list for PBXProject "App" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tC00000000000000000000004 /* Debug */,
        \t\t\t);
        \t\t};
        /* End XCConfigurationList section */

        /* Begin XCFutureThing section */
        \t\tX00000000000000000000001 /* Future */ = {
        \t\t\tisa = XCFutureThing;
        \t\t\tnewAttribute = "kept as is";
        \t\t\tnested = {a = (1, 2, ); b = <0aff>; };
        \t\t};
        /* End XCFutureThing section */
        \t};
        \trootObject = P00000000000000000000001 /* Project object */;
        }

        """

    /// A project never integrated with CocoaPods (an empty Frameworks group included).
    static let plain = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {

        /* Begin PBXGroup section */
        \t\tG00000000000000000000001 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tG00000000000000000000003 /* Frameworks */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tG00000000000000000000003 /* Frameworks */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t);
        \t\t\tname = Frameworks;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tT00000000000000000000001 /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t);
        \t\t\tname = App;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tP00000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tmainGroup = G00000000000000000000001;
        \t\t\ttargets = (
        \t\t\t\tT00000000000000000000001 /* App */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */
        \t};
        \trootObject = P00000000000000000000001 /* Project object */;
        }

        """
}
