#!/usr/bin/env python3
"""Keeps each Kit area's front door small: a `package` declaration no other target names becomes internal.

Usage: scripts/narrow-exports.py [--check | --count | --self-test]
  (no option)  rewrites Sources/: drops `package` from every declaration of the Kit targets that nothing outside
               its target needs, and turns the test files' imports of the Kit targets into `@testable import`
               (tests reach internals that way; debug builds compile with testing enabled)
  --check      lists what could be narrowed (and test imports to make testable); exit 1 if any (CI)
  --count      prints, per target, the lines with `package`, the `package` declarations, those no higher target
               names (the measure of issue #31) and those to narrow
  --self-test  the script's own tests on a fixture tree

A declaration stays `package` when (conservative: where the scan cannot decide, it keeps `package`):
- its name is an identifier anywhere in another target's files: the other Sources targets, the fuzz harnesses
  (Fuzz/) and the benchmarks (bench/), which cannot use `@testable` (release builds). Any use counts, also a
  member access whose base the scan cannot resolve; an initializer counts when another target calls its type
  (`Type(label:`, `Type.init`) or an implicit `.init(label:` with its first label, a subscript when its type
  is named there;
- a declaration that stays needs it: a name in its signature, inheritance clause, generic constraints (also
  those of its extension), default argument values, the payloads of an enum's cases, or a stored property's
  type (the compiler wants all of these at least as visible as the declaration);
- it can witness a requirement (by name) of a protocol that stays `package` or of a standard library protocol
  (`==`, `description`, `hash(into:)`, `init(from:)`, ...), or it overrides, or is a required initializer,
  inside a type that stays `package`;
- EXCEPTIONS below name it, with the reason.
A member of a type that is narrowed is narrowed too (it cannot be seen outside anyway). The result depends only on
the files, so the script is idempotent: a second run changes nothing.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KIT = ["PodMirrorFoundation", "PodMirrorTransport", "PodMirrorCocoaPods", "PodMirrorKit"]
# Targets outside Sources/ that are clients like any other (built in release: no `@testable`).
CLIENT_DIRS = ["Fuzz", "bench"]
TEST_DIRS = ["Tests"]

# (target, name): kept `package` although no scan rule sees why. Each entry says why.
EXCEPTIONS = {}

# Requirement names of standard library and Foundation protocols a type may conform to.
STD_REQUIREMENTS = {
    "==", "!=", "<", "<=", ">", ">=", "~=", "+", "-", "hash", "hashValue", "description", "debugDescription",
    "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor", "localizedDescription", "encode",
    "rawValue", "allCases", "id", "makeIterator", "next", "startIndex", "endIndex", "index", "count",
    "makeAsyncIterator", "stringValue", "intValue", "callAsFunction", "unownedExecutor", "errorCode",
    "errorUserInfo", "errorDomain", "formIndex", "distance", "isEmpty", "underestimatedCount",
    "wrappedValue", "projectedValue",  # a property wrapper's, as visible as the wrapper
}
# First labels of standard library protocols' initializer requirements.
STD_INIT_LABELS = {
    "from", "rawValue", "stringLiteral", "unicodeScalarLiteral", "extendedGraphemeClusterLiteral", "arrayLiteral",
    "dictionaryLiteral", "integerLiteral", "floatLiteral", "booleanLiteral", "nilLiteral", "stringValue",
    "intValue", "stringInterpolation", "literalCapacity", "wrappedValue",
}
TYPE_KINDS = {"struct", "class", "enum", "actor", "protocol"}
DECL_KINDS = TYPE_KINDS | {"func", "var", "let", "init", "subscript", "typealias", "associatedtype", "extension"}
MODIFIERS = {
    "static", "class", "final", "override", "required", "convenience", "nonisolated", "mutating", "nonmutating",
    "lazy", "weak", "unowned", "indirect", "dynamic", "optional", "private", "fileprivate", "internal", "public",
    "open", "package", "consuming", "borrowing", "distributed", "isolated",
}
OPERATOR_CHARS = set("=-+!*%<>&|^~/?")


class Token:
    __slots__ = ("kind", "text", "line", "start", "end", "newline")

    def __init__(self, kind, text, line, start, end, newline):
        self.kind, self.text, self.line, self.start, self.end = kind, text, line, start, end
        self.newline = newline  # a line break comes before this token

    def __repr__(self):
        return f"{self.text}@{self.line}"


def lex(src):
    """Swift tokens: identifiers, numbers, operators and punctuation; comments and string text dropped, code in
    string interpolations kept."""
    tokens = []
    i, n, line, newline = 0, len(src), 1, True
    # A stack of open string interpolations: (parenthesis depth at which it closes, the string's closing
    # delimiter, its number of #s, whether multi-line).
    interp = []
    depth = 0

    def add(kind, text, start, end):
        nonlocal newline
        tokens.append(Token(kind, text, line, start, end, newline))
        newline = False

    def string_body(j, quotes, hashes):
        """Scans a string's text from j; returns (index after it, interpolation opened?)."""
        nonlocal line, newline
        close = quotes + "#" * hashes
        escape = "\\" + "#" * hashes
        while j < n:
            if src.startswith(close, j):
                return j + len(close), False
            if src.startswith(escape, j):
                k = j + len(escape)
                if k < n and src[k] == "(":
                    return k + 1, True
                j = k + 1
                continue
            if src[j] == "\n":
                line += 1
                newline = True
            j += 1
        return j, False

    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            newline = True
            i += 1
        elif c in " \t\r":
            i += 1
        elif src.startswith("//", i):
            while i < n and src[i] != "\n":
                i += 1
        elif src.startswith("/*", i):
            level, i = 1, i + 2
            while i < n and level:
                if src.startswith("/*", i):
                    level, i = level + 1, i + 2
                elif src.startswith("*/", i):
                    level, i = level - 1, i + 2
                else:
                    if src[i] == "\n":
                        line += 1
                    i += 1
        elif c == '"' or (c == "#" and re.match(r'#+"', src[i:])):
            hashes = 0
            while src[i + hashes] == "#":
                hashes += 1
            j = i + hashes
            quotes = '"""' if src.startswith('"""', j) else '"'
            start = i
            j, opened = string_body(j + len(quotes), quotes, hashes)
            add("string", '""', start, j)
            if opened:
                interp.append((depth, quotes, hashes))
                depth += 1
            i = j
        elif c.isalpha() or c == "_" or c == "$" or ord(c) > 127:
            j = i + 1
            while j < n and (src[j].isalnum() or src[j] in "_$" or ord(src[j]) > 127):
                j += 1
            add("ident", src[i:j], i, j)
            i = j
        elif c == "`":
            j = src.index("`", i + 1)
            add("ident", src[i + 1:j], i, j + 1)
            i = j + 1
        elif c == "#" or c == "@":
            j = i + 1
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            add("directive" if c == "#" else "attribute", src[i:j], i, j)
            i = j
        elif c.isdigit():
            j = i + 1
            while j < n and (src[j].isalnum() or src[j] in "_."):
                if src[j] == "." and not (j + 1 < n and src[j + 1].isdigit()):
                    break
                j += 1
            add("number", src[i:j], i, j)
            i = j
        elif c in OPERATOR_CHARS or (c == "." and src.startswith("..", i)):
            j = i
            while j < n and (src[j] in OPERATOR_CHARS or src[j] == "."):
                if src.startswith("//", j) or src.startswith("/*", j):
                    break
                j += 1
            add("op", src[i:j], i, j)
            i = j
        else:
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if interp and interp[-1][0] == depth:
                    _, quotes, hashes = interp.pop()
                    j, opened = string_body(i + 1, quotes, hashes)
                    if opened:
                        interp.append((depth, quotes, hashes))
                        depth += 1
                    i = j
                    continue
            add("punct", c, i, i + 1)
            i += 1
    return tokens


class Decl:
    def __init__(self, target, path, tok, kind, name):
        self.target, self.path, self.tok, self.kind, self.name = target, path, tok, kind, name
        self.line = tok.line
        self.context = None  # the enclosing Context, None at the top level
        self.header = []  # tokens whose names must be as visible as this declaration
        self.values = []  # tokens of default argument values: every name must be visible
        self.body = None  # for types: the Context of the body
        self.first_label = None  # for initializers
        self.modifiers = set()
        self.wanted = False


class Context:
    """A type body or an extension body."""

    def __init__(self, kind, name, decl, header):
        self.kind, self.name, self.decl, self.header = kind, name, decl, header
        self.parent = None
        self.access = "internal"  # for types: the declared access
        self.tokens = []  # (for enums) the tokens of `case` lines at the body's own level
        self.requirements = set()  # (for protocols) the names of its requirements; ("init", label) for inits


def files_under(base):
    out = []
    for folder, dirs, files in os.walk(base):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".swift"):
                out.append(os.path.join(folder, name))
    return out


def header_end(tokens, i, kind):
    """The tokens of a declaration's header from index i (its keyword), and the default-value tokens."""
    header, values = [], []
    depth = 0  # ( and [
    in_value = False
    line = tokens[i].line
    j = i
    saw_assign = False
    while j < len(tokens):
        t = tokens[j]
        if t.text in "([" and t.kind == "punct":
            depth += 1
        elif t.text in ")]" and t.kind == "punct":
            depth -= 1
            if depth == 0:
                in_value = False
        if kind in ("var", "let", "typealias"):
            if depth == 0 and t.text == "{" and not saw_assign:
                break
            if depth == 0 and t.newline and j > i and t.line != line:
                prev = tokens[j - 1]
                if not (t.text in (".", "?", ":") or t.kind == "op" or prev.kind == "op" or prev.text in (",", ":")):
                    break
            if t.text == "=" and depth == 0:
                saw_assign = True
        else:
            if depth == 0 and t.text == "{":
                break
            if depth == 0 and j > i and t.newline and (t.text in DECL_KINDS or t.kind == "attribute"
                                                       or t.text in MODIFIERS or t.text in ("}", "case")):
                break  # a requirement without a body
        if depth == 1 and t.text == "=" and kind in ("func", "init", "subscript"):
            in_value = True
        elif depth == 1 and t.text == "," and kind in ("func", "init", "subscript"):
            in_value = False
        (values if in_value else header).append(t)
        line = t.line
        j += 1
    return header, values, j


def parse(target, path, tokens, decls, contexts, all_types, kinds):
    stack = []  # (Context or None) per open brace
    pending = None  # a Context waiting for its {
    n = len(tokens)
    i = 0
    while i < n:
        t = tokens[i]
        ctx = next((c for c in reversed(stack) if c is not None), None)
        own_level = bool(stack) and stack[-1] is not None
        if t.text == "{" and t.kind == "punct":
            if pending is not None:
                pending.parent = ctx
                stack.append(pending)
                contexts.append(pending)
                pending = None
            else:
                stack.append(None)
            i += 1
            continue
        if t.text == "}" and t.kind == "punct":
            if stack:
                stack.pop()
            i += 1
            continue
        if t.kind == "ident" and t.text == "case" and own_level and ctx.kind == "enum":
            j = i + 1
            depth = 0
            while j < n:
                u = tokens[j]
                if u.text in "([":
                    depth += 1
                elif u.text in ")]":
                    depth -= 1
                elif depth == 0 and u.newline:
                    break
                ctx.tokens.append(u)
                j += 1
        if t.kind != "ident" or t.text not in DECL_KINDS or (i > 0 and tokens[i - 1].text == "."):
            i += 1
            continue
        kind = t.text
        if kind == "class" and i + 1 < n and tokens[i + 1].text in DECL_KINDS | MODIFIERS:
            i += 1
            continue
        # The modifiers before the keyword.
        k = i - 1
        mods = set()
        package_tok = None
        while k >= 0:
            u = tokens[k]
            if u.kind == "ident" and u.text in MODIFIERS:
                mods.add(u.text)
                if u.text == "package":
                    package_tok = u
            elif u.text not in ("(", ")", "set") and u.kind != "attribute":
                break
            k -= 1
        # The name.
        name = kind
        if kind in TYPE_KINDS | {"func", "typealias", "associatedtype", "var", "let"}:
            if i + 1 < n:
                name = tokens[i + 1].text
        first_label = None
        if kind == "init":
            j = i + 1
            while j < n and tokens[j].text in ("?", "!", "<"):
                if tokens[j].text == "<":
                    while j < n and tokens[j].text != ">" and not tokens[j].text.endswith(">"):
                        j += 1
                j += 1
            if j + 1 < n and tokens[j].text == "(":
                a = tokens[j + 1]
                first_label = "" if a.text == ")" else a.text
        if kind == "extension":
            j = i + 1
            parts = []
            while j < n and tokens[j].kind == "ident" and tokens[j].text not in ("where",):
                parts.append(tokens[j].text)
                if j + 1 < n and tokens[j + 1].text == ".":
                    j += 2
                else:
                    break
            name = parts[-1] if parts else "?"
            header, _, _ = header_end(tokens, i, kind)
            pending = Context("extension", name, None, header)
            i += 1
            continue
        if own_level and ctx.kind == "protocol":
            ctx.requirements.add(("init", first_label) if kind == "init" else name)
        if kind in TYPE_KINDS:
            access = next((m for m in ("open", "public", "package", "fileprivate", "private") if m in mods), "internal")
            all_types.setdefault((target, name), []).append(access)
            kinds.setdefault((target, name), set()).add(kind)
        d = None
        if package_tok is not None:
            d = Decl(target, path, package_tok, kind, name)
            d.context = ctx if own_level else None
            d.modifiers = mods
            d.first_label = first_label
            d.header, d.values, _ = header_end(tokens, i, kind)
            decls.append(d)
        if kind in TYPE_KINDS:
            header, _, _ = header_end(tokens, i, kind)
            pending = Context(kind, name, d, header)
            pending.access = access
            if d is not None:
                d.body = pending
        i += 1


def is_upper(text):
    return text[:1].isupper()


def scan_uses(paths, texts):
    """Identifiers; those that can name a member (after a `.`: under None; in an extension's body, where `self`
    is implicit: under the extended type's name); (type, first label) of explicit initializer calls; first
    labels of implicit `.init(`."""
    names, members, inits, implicit = set(), {}, set(), set()
    for path in paths:
        tokens = texts[path]
        stack, pending = [], None
        for i, t in enumerate(tokens):
            if t.kind == "punct" and t.text == "{":
                stack.append(pending)
                pending = None
            elif t.kind == "punct" and t.text == "}":
                if stack:
                    stack.pop()
            if t.kind == "ident":
                names.add(t.text)
                after_dot = i and tokens[i - 1].text.endswith(".")  # `.`, and `?.` where the lexer joins them
                if t.text == "extension" and not after_dot and i + 1 < len(tokens):
                    j = i + 1
                    while j + 2 < len(tokens) and tokens[j + 1].text == "." and tokens[j + 2].kind == "ident":
                        j += 2
                    pending = tokens[j].text
                elif after_dot:
                    members.setdefault(None, set()).add(t.text)
                else:
                    for extended in stack:
                        if extended is not None:
                            members.setdefault(extended, set()).add(t.text)
            if t.kind == "ident" and i + 1 < len(tokens):
                nxt = tokens[i + 1]
                callee = None
                at = None
                if t.text == "init" and i > 0 and tokens[i - 1].text == ".":
                    base = tokens[i - 2] if i > 1 else None
                    if base is not None and base.kind == "ident" and base.end == tokens[i - 1].start:
                        callee = base.text
                    else:
                        callee = ""  # implicit `.init(`
                    at = i + 1
                    if nxt.text != "(":
                        inits.add((callee, None))
                        continue
                elif is_upper(t.text) and nxt.text == "(" and nxt.start == t.end:
                    callee, at = t.text, i + 1
                elif is_upper(t.text) and nxt.text == "<":
                    callee, at = t.text, None
                    inits.add((callee, None))
                if callee is None or at is None:
                    continue
                a = tokens[at + 1] if at + 1 < len(tokens) else None
                b = tokens[at + 2] if at + 2 < len(tokens) else None
                if a is None:
                    continue
                if a.text == ")":
                    label = ""
                elif a.kind == "ident" and b is not None and b.text == ":":
                    label = a.text
                else:
                    label = "_"
                (implicit.add(label) if callee == "" else inits.add((callee, label)))
    return names, members, inits, implicit


def analyse(root=ROOT):
    """The Kit's `package` declarations, each marked `wanted` when it stays `package`, and the files' tokens."""
    sources = os.path.join(root, "Sources")
    targets = sorted(d for d in os.listdir(sources) if os.path.isdir(os.path.join(sources, d)))
    owner = {}
    for target in targets:
        for path in files_under(os.path.join(sources, target)):
            owner[path] = target
    for d in CLIENT_DIRS:
        for path in files_under(os.path.join(root, d)):
            owner[path] = d
    texts = {path: lex(open(path, encoding="utf-8").read()) for path in owner}
    decls, contexts, all_types, kinds = [], [], {}, {}
    for path in sorted(owner):
        if owner[path] in KIT:
            parse(owner[path], path, texts[path], decls, contexts, all_types, kinds)
    uses = {target: scan_uses(sorted(p for p, t in owner.items() if t != target), texts) for target in KIT}
    by_name = {}
    for d in decls:
        by_name.setdefault((d.target, d.name), []).append(d)

    def live_context(d):
        """Whether every type around d stays `package` (an extension of a type of d's own target counts as that
        type; of any other type, as visible)."""
        c = d.context
        while c is not None:
            if c.kind == "extension":
                access = all_types.get((d.target, c.name))
                if access is not None and not {"public", "open"} & set(access):
                    if not any(x.kind in TYPE_KINDS and x.wanted for x in by_name.get((d.target, c.name), [])):
                        return False
            elif c.access in ("open", "public"):
                pass
            elif c.decl is None or not c.decl.wanted:
                return False
            c = c.parent
        return True

    def inheritable(d):
        """Whether another target can reach d's members without a `.`: those of classes (subclasses) and of
        protocols' extensions (conforming types)."""
        c = d.context
        if c.kind == "extension":
            return bool({"class", "protocol"} & kinds.get((d.target, c.name), {"class"}))
        return c.kind == "class"

    def want(target, name):
        changed = False
        for x in by_name.get((target, name), []):
            if not x.wanted:
                x.wanted = changed = True
        return changed

    for d in decls:
        names, members, inits, implicit = uses[d.target]
        if (d.target, d.name) in EXCEPTIONS:
            d.wanted = True
        elif d.kind == "init":
            t, label = d.context.name if d.context else None, d.first_label
            d.wanted = label is None or (t, None) in inits or (t, label) in inits or label in implicit
        elif d.kind == "subscript":
            d.wanted = d.context is None or d.context.name in names
        elif d.context is None or inheritable(d):
            d.wanted = d.name in names
        else:
            d.wanted = d.name in members.get(None, ()) or d.name in members.get(d.context.name, ())

    changed = True
    while changed:
        changed = False
        live = [d for d in decls if d.wanted and live_context(d)]
        for d in live:
            names = [t.text for t in d.header if t.kind == "ident" and is_upper(t.text)]
            names += [t.text for t in d.values if t.kind == "ident"]
            c = d.context
            while c is not None:
                names += [t.text for t in c.header if t.kind == "ident" and is_upper(t.text)]
                c = c.parent
            if d.body is not None and d.kind == "enum":
                names += [t.text for t in d.body.tokens if t.kind == "ident" and is_upper(t.text)]
            for name in names:
                changed |= want(d.target, name)
        requirements = set(STD_REQUIREMENTS) | {("init", label) for label in STD_INIT_LABELS}
        for c in contexts:
            if c.kind == "protocol" and (c.decl is None or c.decl.wanted):
                requirements |= c.requirements
        for d in decls:
            if d.wanted or d.context is None or not live_context(d):
                continue
            if d.kind == "init":
                hit = ("init", d.first_label) in requirements or "required" in d.modifiers
            else:
                operator = not (d.name[:1].isalnum() or d.name[:1] == "_")
                hit = d.name in requirements or "override" in d.modifiers or operator
            if hit:
                d.wanted = changed = True
    for d in decls:
        d.stays = d.wanted and live_context(d)
    higher = {}  # per target, the identifiers of the higher Sources targets (the measure)
    for target in KIT:
        above = KIT[KIT.index(target) + 1:] + [t for t in targets if t not in KIT]
        higher[target] = scan_uses(sorted(p for p, t in owner.items() if t in above), texts)[0]
    return decls, higher


TESTABLE = re.compile(r"^import (" + "|".join(KIT) + r")$", re.M)


def test_imports(root=ROOT):
    """(path, text with the Kit imports made testable) for each test file that has a plain one."""
    out = []
    for d in TEST_DIRS:
        for path in files_under(os.path.join(root, d)):
            text = open(path, encoding="utf-8").read()
            new = TESTABLE.sub(r"@testable import \1", text)
            if new != text:
                out.append((path, new))
    return out


def narrow(path, decls):
    """The file's text with `package` dropped from the given declarations."""
    text = open(path, encoding="utf-8").read()
    for d in sorted(decls, key=lambda d: -d.tok.start):
        end = d.tok.end
        while end < len(text) and text[end] in " \t":
            end += 1
        text = text[:d.tok.start] + text[end:]
    return text


def package_lines(root=ROOT):
    """Per Kit target, the lines with the word `package` (as `grep -c -w package` counts them)."""
    counts = {}
    for target in KIT:
        counts[target] = sum(sum(1 for line in open(path, encoding="utf-8") if re.search(r"\bpackage\b", line))
                             for path in files_under(os.path.join(root, "Sources", target)))
    return counts


def rewrite(decls, imports):
    """Drops `package` from the declarations that do not stay and writes the testable imports."""
    by_path = {}
    for d in decls:
        if not d.stays:
            by_path.setdefault(d.path, []).append(d)
    for path in sorted(by_path):
        text = narrow(path, by_path[path])
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    for path, text in imports:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return sum(len(v) for v in by_path.values()), len(by_path), len(imports)


def self_test():
    """The script's own tests on a fixture tree: what stays, what is narrowed, and a second run changes nothing."""
    import shutil
    import tempfile

    root = tempfile.mkdtemp(prefix="narrow-exports-test-")
    files = {
        "Sources/PodMirrorFoundation/A.swift": """
package struct Used: CustomStringConvertible {
    package var description: String { name }
    package var name: String
    package var onlyHere: Int
    package init(name: String) { self.name = name; onlyHere = 0 }
    package init(count: Int) { name = ""; onlyHere = count }
    package func make(_ kind: Shape = .round) -> Result { Result() }
}
package enum Shape { case round, square(Corner) }
package struct Corner {}
package struct Result {}
package struct Unused {
    package var name: String
}
package func helper() {}
/// "package func notADeclaration()" in a comment and \(interpolation) text
package let text = "package var x \(helper())"
""",
        "Sources/PodMirrorTransport/B.swift": """
import PodMirrorFoundation

func use() {
    let u = Used(name: "x")
    _ = u.name
    _ = u.make()
}
""",
        "Tests/T/ATests.swift": "import Foundation\nimport PodMirrorFoundation\nimport XCTest\n",
    }
    for rel, text in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    try:
        decls, _ = analyse(root)
        stays = {(d.context.name + "." if d.context else "") + d.name + (f"({d.first_label})" if d.first_label
                 is not None else ""): d.stays for d in decls}
        expected = {
            "Used": True, "Used.description": True, "Used.name": True, "Used.onlyHere": False,
            "Used.init(name)": True, "Used.init(count)": False, "Used.make": True, "Shape": True, "Corner": True,
            "Result": True, "Unused": False, "Unused.name": False, "helper": False, "text": False,
        }
        failures = [f"{k}: stays {stays.get(k)}, expected {v}" for k, v in expected.items() if stays.get(k) != v]
        rewrite(decls, test_imports(root))
        a = open(os.path.join(root, "Sources/PodMirrorFoundation/A.swift"), encoding="utf-8").read()
        if "\nstruct Unused {\n    var name: String" not in a or 'let text = "package var x' not in a:
            failures.append("the rewrite did not drop `package` where expected:\n" + a)
        if "@testable import PodMirrorFoundation\n" not in open(os.path.join(root, "Tests/T/ATests.swift")).read():
            failures.append("the test import was not made testable")
        again, _ = analyse(root)
        if any(not d.stays for d in again) or test_imports(root):
            failures.append("a second run would change more")
    finally:
        shutil.rmtree(root)
    for failure in failures:
        print("narrow-exports self-test: FAIL: " + failure, file=sys.stderr)
    print(f"narrow-exports self-test: {len(expected) + 3 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


def main(argv):
    mode = argv[1] if len(argv) > 1 else ""
    if mode == "--self-test":
        return self_test()
    if mode not in ("", "--check", "--count"):
        print(__doc__, file=sys.stderr)
        return 2
    decls, higher = analyse()
    rel = lambda p: os.path.relpath(p, ROOT)
    if mode == "--count":
        lines = package_lines()
        for target in KIT:
            mine = [d for d in decls if d.target == target]
            unnamed = [d for d in mine if d.name not in higher[target]
                       and not (d.kind in ("init", "subscript") and d.context and d.context.name in higher[target])]
            print(f"{target}: {lines[target]} lines with `package`, {len(mine)} package declarations, "
                  f"{len(unnamed)} named by no higher target, {sum(1 for d in mine if not d.stays)} to narrow")
        return 0
    narrowed = [d for d in decls if not d.stays]
    imports = test_imports()
    if mode == "--check":
        for d in sorted(narrowed, key=lambda d: (d.path, d.line)):
            print(f"{rel(d.path)}:{d.line}: `package` {d.kind} {d.name}: no other target needs it")
        for path, _ in imports:
            print(f"{rel(path)}: imports a Kit target without @testable")
        if narrowed or imports:
            print(f"narrow-exports: {len(narrowed)} declarations to narrow, {len(imports)} test imports; "
                  "run scripts/narrow-exports.py", file=sys.stderr)
            return 1
        print("narrow-exports: every package declaration is needed by another target")
        return 0
    done, files, tests = rewrite(decls, imports)
    print(f"narrow-exports: {done} declarations narrowed in {files} files, "
          f"{tests} test files import the Kit with @testable")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
