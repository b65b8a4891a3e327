import Foundation
@testable import PodMirrorCocoaPods
@testable import PodMirrorFoundation
@testable import PodMirrorKit
@testable import PodMirrorTransport
import XCTest

final class MessageCatalogTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func catalog(_ language: Language) throws -> [String: String] {
        let url = Self.root.appendingPathComponent("templates/messages/\(language.rawValue).json")
        return try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
    }

    /// Keys whose English is a library's or the system's own words (`{reason}`) and whose translation says the
    /// same without them.
    static let translatedReasons = ["system.errno.", "network.curl."]

    func testEveryKeyIsInBothLanguagesWithTheSamePlaceholders() throws {
        let en = try catalog(.english)
        let zh = try catalog(.simplifiedChinese)
        XCTAssertEqual(Set(en.keys).subtracting(zh.keys).sorted(), [], "keys missing from zh-Hans.json")
        XCTAssertEqual(Set(zh.keys).subtracting(en.keys).sorted(), [], "keys missing from en.json")
        for (key, text) in en {
            guard let other = zh[key] else { continue }
            XCTAssertFalse(other.isEmpty, key)
            // The system's words in English, a translation of the error elsewhere (SystemReason).
            if Self.translatedReasons.contains(where: key.hasPrefix), key != "system.errno.other" {
                XCTAssertEqual(text, "{reason}", key)
                XCTAssertEqual(MessageCatalog.placeholders(in: other), [], key)
                continue
            }
            XCTAssertEqual(
                MessageCatalog.placeholders(in: text), MessageCatalog.placeholders(in: other),
                "placeholders of \(key) differ between en and zh-Hans")
        }
    }

    /// Every key the sources name is in the catalog, and every catalog key is named in the sources.
    func testCatalogAndSourcesAgree() throws {
        let en = try catalog(.english)
        var sources = ""
        let enumerator = FileManager.default.enumerator(
            at: Self.root.appendingPathComponent("Sources"),
            includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { sources += try String(contentsOf: url, encoding: .utf8) }
        }
        let regex = try NSRegularExpression(pattern: #"Message\(\s*"([A-Za-z0-9._-]+)""#)
        let used = Set(
            regex.matches(in: sources, range: NSRange(sources.startIndex..., in: sources)).map {
                String(sources[Range($0.range(at: 1), in: sources)!])
            })
        XCTAssertFalse(used.isEmpty)
        XCTAssertEqual(used.subtracting(en.keys).sorted(), [], "keys used in Sources but missing from the catalog")
        let unused = en.keys.filter { !sources.contains("\"\($0)\"") }.sorted()
        XCTAssertEqual(unused, [], "catalog keys no source names")
    }

    func testPlaceholdersAreFilledByName() {
        let catalog = MessageCatalog(language: .english, entries: ["k": "{a} then {b}, {unknown} and {"])
        XCTAssertEqual(catalog.format("k", ["a": "1", "b": "{a}"]), "1 then {a}, {unknown} and {")
        XCTAssertEqual(catalog.format("missing.key", ["x": "1"]), "missing.key x=1")
    }

    /// A part said in the language of the whole: an error's catalog sentence inside another (`PartFailure`) is
    /// English in JSON and Chinese for a Chinese reader; an error worded outside the catalog goes in as it is.
    func testFillingAPartSaysItInTheLanguageOfTheWhole() {
        let part = PartFailure(subject: "specs", underlying: InterruptedError())
        XCTAssertEqual(part.message, "`specs`: interrupted; the previous state was kept")
        XCTAssertEqual(part.text?.english, part.message)
        XCTAssertEqual(part.text?.text(in: .simplifiedChinese), "`specs`：已中断，之前的状态已保留")
        struct Plain: PodMirrorError {
            var message: String { "boom" }
            var code: ErrorCode { .error }
        }
        let plain = PartFailure(subject: "specs", underlying: Plain())
        XCTAssertEqual(plain.text?.text(in: .simplifiedChinese), "`specs`：boom")
    }

    func testLocaleDecidesTheLanguage() throws {
        let table: [(String, Language)] = [
            ("zh_CN.UTF-8", .simplifiedChinese), ("zh_SG", .simplifiedChinese),
            ("zh_Hans_CN.UTF-8", .simplifiedChinese),
            ("zh", .simplifiedChinese), ("zh_TW.UTF-8", .english), ("zh_HK", .english), ("zh_Hant_TW", .english),
            ("en_US.UTF-8", .english), ("C.UTF-8", .english), ("POSIX", .english), ("de_DE@euro", .english),
        ]
        for (locale, expected) in table { XCTAssertEqual(Language.fromLocale(locale), expected, locale) }
    }

    func testFlagThenEnvironmentThenLocaleOrder() throws {
        let zhLocale = ["LANG": "zh_CN.UTF-8"]
        XCTAssertEqual(try Language.resolve(flag: nil, environment: zhLocale), .simplifiedChinese)
        XCTAssertEqual(try Language.resolve(flag: "en", environment: zhLocale), .english)
        XCTAssertEqual(
            try Language.resolve(flag: nil, environment: zhLocale.merging(["PODMIRROR_LANG": "en"]) { $1 }), .english)
        // LC_ALL wins over LANG; an empty LC_ALL does not count.
        XCTAssertEqual(try Language.resolve(flag: nil, environment: ["LC_ALL": "C", "LANG": "zh_CN.UTF-8"]), .english)
        XCTAssertEqual(
            try Language.resolve(flag: nil, environment: ["LC_ALL": "", "LANG": "zh_CN.UTF-8"]), .simplifiedChinese)
        XCTAssertEqual(
            try Language.resolve(flag: nil, environment: ["LC_MESSAGES": "zh_CN", "LANG": "en_US"]),
            .simplifiedChinese)
        XCTAssertEqual(try Language.resolve(flag: "zh-Hans", environment: [:]), .simplifiedChinese)
        XCTAssertThrowsError(try Language.resolve(flag: "fr", environment: [:])) { error in
            XCTAssertEqual((error as? PodMirrorFailure)?.exitStatus, .usage)
            XCTAssertTrue((error as? PodMirrorFailure)?.message.contains("'fr'") == true)
        }
    }
}
