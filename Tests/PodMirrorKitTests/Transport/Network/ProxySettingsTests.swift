import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import PodMirrorTestSupport
import XCTest

/// The proxy decision git (through libcurl) makes, as a table.
final class ProxySettingsTests: XCTestCase {
    func choice(_ url: String, env: [String: String], config: [ProxySettings.ConfigEntry] = []) -> String {
        switch ProxySettings(config: config, environment: env).choice(for: url) {
        case .direct: return "direct"
        case .proxy(let p): return p
        }
    }

    func testEnvironmentVariablesInCurlsOrder() {
        let https = "https://mirrors.example.com/Specs.git"
        let http = "http://mirrors.example.com/Specs.git"
        XCTAssertEqual(choice(https, env: [:]), "direct")
        XCTAssertEqual(choice(https, env: ["https_proxy": "http://127.0.0.1:7890"]), "http://127.0.0.1:7890")
        XCTAssertEqual(choice(https, env: ["HTTPS_PROXY": "http://p:1"]), "http://p:1")
        XCTAssertEqual(choice(https, env: ["https_proxy": "http://a:1", "HTTPS_PROXY": "http://b:1"]), "http://a:1")
        // http_proxy does not apply to https URLs; all_proxy does.
        XCTAssertEqual(choice(https, env: ["http_proxy": "http://p:1"]), "direct")
        XCTAssertEqual(choice(https, env: ["all_proxy": "http://all:1"]), "http://all:1")
        XCTAssertEqual(choice(https, env: ["ALL_PROXY": "http://all:1"]), "http://all:1")
        XCTAssertEqual(choice(http, env: ["http_proxy": "http://p:1"]), "http://p:1")
        // curl (and so git) ignores upper-case HTTP_PROXY.
        XCTAssertEqual(choice(http, env: ["HTTP_PROXY": "http://p:1"]), "direct")
        XCTAssertEqual(choice(http, env: ["HTTP_PROXY": "http://p:1", "ALL_PROXY": "http://all:1"]), "http://all:1")
        // No scheme: curl assumes http://.
        XCTAssertEqual(choice(https, env: ["https_proxy": "127.0.0.1:7890"]), "http://127.0.0.1:7890")
        // Only http(s) transfers use a proxy.
        for url in ["ssh://git@host/x.git", "git@host:x.git", "git://host/x.git", "file:///srv/x.git", "/srv/x.git"] {
            XCTAssertEqual(choice(url, env: ["all_proxy": "http://all:1", "https_proxy": "http://p:1"]), "direct", url)
        }
    }

    func testNoProxy() {
        let env = ["https_proxy": "http://p:1", "http_proxy": "http://p:1"]
        func np(_ value: String, _ url: String) -> String { choice(url, env: env.merging(["no_proxy": value]) { $1 }) }
        XCTAssertEqual(np("*", "https://a.example.com/x"), "direct")
        XCTAssertEqual(np("example.com", "https://example.com/x"), "direct")
        XCTAssertEqual(np("example.com", "https://a.example.com/x"), "direct")
        XCTAssertEqual(np(".example.com", "https://a.example.com/x"), "direct")
        XCTAssertEqual(np("example.com", "https://badexample.com/x"), "http://p:1")
        XCTAssertEqual(np("other.org, example.com", "https://EXAMPLE.com/x"), "direct")
        XCTAssertEqual(np("other.org example.com", "https://example.com/x"), "direct")
        XCTAssertEqual(np("example.com:8443", "https://example.com:8443/x"), "direct")
        XCTAssertEqual(np("example.com:8443", "https://example.com/x"), "http://p:1")
        XCTAssertEqual(np("127.0.0.1", "http://127.0.0.1:8080/x"), "direct")
        XCTAssertEqual(np("10.0.0.0/8", "http://10.2.3.4/x"), "direct")
        XCTAssertEqual(np("10.0.0.0/8", "http://11.2.3.4/x"), "http://p:1")
        XCTAssertEqual(np("[::1]", "http://[::1]:8080/x"), "direct")
        XCTAssertEqual(choice("https://example.com/x", env: env.merging(["NO_PROXY": "example.com"]) { $1 }), "direct")
        // no_proxy applies to a git-config proxy too (curl reads it whatever set the proxy).
        XCTAssertEqual(
            choice(
                "https://example.com/x", env: ["no_proxy": "example.com"],
                config: [.init(urlPattern: nil, value: "http://cfg:1")]), "direct")
    }

    func testGitConfigBeatsEnvironmentAndMostSpecificURLWins() {
        let env = ["https_proxy": "http://env:1"]
        let config: [ProxySettings.ConfigEntry] = [
            .init(urlPattern: nil, value: "http://plain:1"),
            .init(urlPattern: "https://github.com", value: "http://gh:1"),
            .init(urlPattern: "https://github.com/CocoaPods", value: "http://cp:1"),
            .init(urlPattern: "https://*.example.com", value: "http://wild:1"),
            .init(urlPattern: "https://direct.example.org", value: ""),
        ]
        XCTAssertEqual(choice("https://github.com/CocoaPods/Specs.git", env: env, config: config), "http://cp:1")
        XCTAssertEqual(choice("https://github.com/CocoaPodsX/Specs.git", env: env, config: config), "http://gh:1")
        XCTAssertEqual(choice("https://git.example.com/Specs.git", env: env, config: config), "http://wild:1")
        XCTAssertEqual(choice("https://a.b.example.com/Specs.git", env: env, config: config), "http://plain:1")
        XCTAssertEqual(choice("http://github.com/CocoaPods/Specs.git", env: env, config: config), "http://plain:1")
        XCTAssertEqual(choice("https://direct.example.org/Specs.git", env: env, config: config), "direct")
        XCTAssertEqual(choice("https://gitee.com/x.git", env: env, config: []), "http://env:1")
    }

    func testReadsGitsGlobalAndXDGConfigThroughLibgit2() throws {
        let home = TempDirectory()
        try home.write(
            ".gitconfig",
            "[http]\n\tproxy = http://global:1\n[http \"https://mirrors.example.com/\"]\n\tproxy = http://url:2\n")
        try home.write(".config/git/config", "[http \"https://xdg.example.com\"]\n\tproxy = http://xdg:3\n")
        let settings = ProxySettings.load(environment: ["HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1"])
        XCTAssertEqual(settings.choice(for: "https://mirrors.example.com/Specs.git"), .proxy("http://url:2"))
        XCTAssertEqual(settings.choice(for: "https://xdg.example.com/Specs.git"), .proxy("http://xdg:3"))
        XCTAssertEqual(settings.choice(for: "https://other.example.com/Specs.git"), .proxy("http://global:1"))
    }

    /// Proxies and insteadOf rules are read from the same files, found as git finds them (`GitConfigFiles`):
    /// `$GIT_CONFIG_GLOBAL` alone replaces `~/.gitconfig` and the XDG file, `$GIT_CONFIG_SYSTEM` names the
    /// system file, and `GIT_CONFIG_NOSYSTEM` is one of git's booleans (`2` and `yes` are true, `0` false).
    func testProxiesAndInsteadOfRulesComeFromTheFilesGitReads() throws {
        let home = TempDirectory()
        try home.write(
            ".gitconfig",
            "[http]\n\tproxy = http://home:1\n[url \"https://home.example/\"]\n\tinsteadOf = https://a.example/\n")
        try home.write(
            "global.cfg",
            "[http]\n\tproxy = http://global:2\n[url \"https://global.example/\"]\n\tinsteadOf = https://a.example/\n")
        try home.write(
            "system.cfg",
            "[http \"https://sys.example\"]\n\tproxy = http://system:3\n"
                + "[url \"https://system.example/\"]\n\tinsteadOf = https://b.example/\n")
        func both(_ env: [String: String]) throws -> (proxy: String, a: String, b: String) {
            let variables = env.merging(["HOME": home.path, "GIT_CONFIG_SYSTEM": home.path + "/system.cfg"]) { x, _ in x
            }
            let proxy = ProxySettings.load(environment: variables)
            let rules = try SourceMirrorRules.load(environment: RuntimeEnvironment(variables: variables))
            let system = proxy.choice(for: "https://sys.example/x.git") == .proxy("http://system:3")
            let global = proxy.choice(for: "https://other.example/x.git").displayURL ?? "direct"
            return (
                system ? "system+" + global : global, rules.rewrite("https://a.example/p.git"),
                rules.rewrite("https://b.example/p.git")
            )
        }
        var r = try both([:])
        XCTAssertEqual(r.proxy, "system+http://home:1")
        XCTAssertEqual(r.a, "https://home.example/p.git")
        XCTAssertEqual(r.b, "https://system.example/p.git")
        r = try both(["GIT_CONFIG_GLOBAL": home.path + "/global.cfg", "GIT_CONFIG_NOSYSTEM": "2"])
        XCTAssertEqual(r.proxy, "http://global:2")
        XCTAssertEqual(r.a, "https://global.example/p.git")
        XCTAssertEqual(r.b, "https://b.example/p.git")
        for off in ["0", "false", ""] {
            r = try both(["GIT_CONFIG_NOSYSTEM": off])
            XCTAssertEqual(r.proxy, "system+http://home:1", "GIT_CONFIG_NOSYSTEM=\(off)")
            XCTAssertEqual(r.b, "https://system.example/p.git", "GIT_CONFIG_NOSYSTEM=\(off)")
        }
        r = try both(["GIT_CONFIG_NOSYSTEM": "yes"])
        XCTAssertEqual(r.proxy, "http://home:1")
        XCTAssertEqual(r.b, "https://b.example/p.git")
    }

    func testDisplayURLHidesCredentials() {
        let c = ProxySettings(environment: ["https_proxy": "http://alice:s3cret@127.0.0.1:7890"]).choice(
            for: "https://h/x")
        XCTAssertEqual(c.displayURL, "http://***@127.0.0.1:7890")
    }

    func testNetworkSettingsReadTimeoutsOnceAndNameTheSetting() throws {
        var s = try NetworkSettings.resolve(
            timeout: nil, lockTimeout: nil, environment: [:], urlRewrite: SourceMirrorRules(rules: []))
        XCTAssertEqual(s.stallTimeout, 120)
        XCTAssertEqual(s.lockTimeout, 60)
        XCTAssertEqual(s.stallTimeoutSetting, "--timeout or PODMIRROR_GIT_TIMEOUT")
        s = try NetworkSettings.resolve(
            timeout: nil, lockTimeout: nil,
            environment: ["PODMIRROR_GIT_TIMEOUT": "7", "PODMIRROR_LOCK_TIMEOUT": "3"],
            urlRewrite: SourceMirrorRules(rules: []))
        XCTAssertEqual(s.stallTimeout, 7)
        XCTAssertEqual(s.probeTimeout, 7)
        XCTAssertEqual(s.lockTimeout, 3)
        XCTAssertEqual(s.stallTimeoutSetting, "PODMIRROR_GIT_TIMEOUT")
        s = try NetworkSettings.resolve(
            timeout: 2, lockTimeout: nil, environment: ["PODMIRROR_GIT_TIMEOUT": "7"],
            urlRewrite: SourceMirrorRules(rules: []))
        XCTAssertEqual(s.stallTimeout, 2)
        XCTAssertEqual(s.stallTimeoutSetting, "--timeout")
        XCTAssertThrowsError(
            try NetworkSettings.resolve(
                timeout: nil, lockTimeout: nil,
                environment: ["PODMIRROR_GIT_TIMEOUT": "soon"], urlRewrite: SourceMirrorRules(rules: []))
        ) { e in
            XCTAssertTrue((e as? PodMirrorFailure)?.message.contains("PODMIRROR_GIT_TIMEOUT") == true, "\(e)")
        }
        XCTAssertThrowsError(
            try NetworkSettings.resolve(
                timeout: 0, lockTimeout: nil, environment: [:], urlRewrite: SourceMirrorRules(rules: [])))
    }
}
