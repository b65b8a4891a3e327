import Foundation

/// The languages podmirror's messages are written in.
package enum Language: String, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// The language for this run: `--lang`, else `PODMIRROR_LANG`, else the locale (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, the first one set and not empty, as POSIX orders them).
    package static func resolve(flag: String?, environment: [String: String]) throws -> Language {
        for explicit in [flag, environment["PODMIRROR_LANG"]] {
            guard let value = explicit, !value.isEmpty else { continue }
            if let language = Language(tag: value) { return language }
            throw PodMirrorFailure(Message("lang.unknown", ["value": value]), code: .usage)
        }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[name], !value.isEmpty { return fromLocale(value) }
        }
        return .english
    }

    /// A value given by name: `en`, `zh-Hans` (also `zh`, `zh_CN`, `zh-CN`, `zh_Hans`).
    package init?(tag: String) {
        let t = tag.lowercased().replacingOccurrences(of: "_", with: "-")
        switch t {
        case "en", "english", "c", "posix": self = .english
        case "zh", "zh-hans", "zh-cn", "zh-sg", "zh-hans-cn", "zh-hans-sg": self = .simplifiedChinese
        default:
            if t.hasPrefix("en-") { self = .english } else { return nil }
        }
    }

    /// A POSIX locale name such as `zh_CN.UTF-8`, `zh_SG`, `zh_Hans_CN`, `zh`: Simplified Chinese for
    /// Chinese locales written in simplified characters; English for everything else.
    static func fromLocale(_ locale: String) -> Language {
        // language[_territory][.codeset][@modifier]
        var name = locale
        if let at = name.firstIndex(of: "@") { name = String(name[..<at]) }
        if let dot = name.firstIndex(of: ".") { name = String(name[..<dot]) }
        let parts = name.replacingOccurrences(of: "-", with: "_").split(separator: "_").map { $0.lowercased() }
        guard parts.first == "zh" else { return .english }
        let rest = Set(parts.dropFirst())
        if rest.contains("hant") || rest.contains("tw") || rest.contains("hk") || rest.contains("mo") {
            return rest.contains("hans") ? .simplifiedChinese : .english
        }
        return .simplifiedChinese
    }
}
