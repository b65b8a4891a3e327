#!/usr/bin/env python3
"""Measures and keeps the layering docs/architecture.md claims: which folders of Sources/ name which others' types.

Usage: scripts/layers.py [--json | --self-test]
For every folder (an area) under the Swift targets of Sources/, it collects the types, protocols, type aliases
and top-level functions declared there, then finds which other areas' names each area's files mention (comments
and strings stripped). It prints the edges, the strongly connected components (a component of more than one
area is a cycle) and the files and lines per target.

The edges an area may have are data, below: LAYERS orders the targets (an area uses any area of a lower target,
as Package.swift lets it), and SIDEWAYS lists, within each target, which of its areas each area may use. Exit 1
when any area cycle exists or when a file makes an edge the data does not allow (a sideways edge not in SIDEWAYS,
or a use or an import of a higher target); each such edge is named with the file, line and name that make it.
An allowed edge no file makes any more is noted on stderr (remove it from SIDEWAYS), without failing.
--self-test runs the checker's own tests on fixture trees.
"""
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")

# The Swift targets, lowest first: each depends only on those before it (Package.swift), so an area may name any
# area of an earlier target; naming or importing a later one is an upward edge.
LAYERS = ["PodMirrorFoundation", "PodMirrorTransport", "PodMirrorCocoaPods", "PodMirrorKit", "PodMirrorCLI",
          "podmirror"]

# The sideways edges: for each target, which of its areas each area may name. An area is the target's first
# folder (files at the target's top form the area named "."). Adding an edge here is a design decision: say why.
SIDEWAYS = {
    "PodMirrorFoundation": {
        "Diagnostics": ["Core", "Plan"],  # warnings shown once, read from a plan's report
        "Plan": ["Core"],
    },
    "PodMirrorTransport": {
        "Git": ["Libgit2", "Network"],  # transfers through libgit2 with the network settings
        "Network": ["Libgit2"],  # insteadOf rules and proxies read from git's config
    },
    "PodMirrorCocoaPods": {
        "GitConfig": ["Mirrors"],
        "PodSources": ["Download", "Podfile", "Ruby", "SpecRepos"],  # Podfile: a pod's sources; Ruby: podspecs
        "Podfile": ["Mirrors", "Ruby"],  # the document is lexed and its statements built by Ruby/
        "RubyGems": ["Mirrors"],
        "SpecRepos": ["Download", "Mirrors", "Podfile"],
        "SwiftPM": ["PodSources", "XcodeProject"],
        "XcodeProject": ["PodSources"],  # deintegrate reads Podfile.lock
    },
    "PodMirrorKit": {
        "About": ["Provisioning"],  # the code tables list doctor's findings
    },
    "PodMirrorCLI": {
        ".": ["Commands", "Support"],
        "Commands": ["Renderers", "Support"],
        "Renderers": ["Support"],
    },
}

DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated"
    r"|static|open)\s+)*(?:struct|class|enum|protocol|actor|typealias|func)\s+([A-Za-z_][A-Za-z0-9_]*)")
IMPORT = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip(text):
    """Removes comments and string literals (roughly: enough for names), keeping every line where it was."""

    def blank(keep):
        return lambda match: keep + "\n" * match.group(0).count("\n")

    text = re.sub(r'"""(?:.|\n)*?"""', blank('""'), text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", blank(""), text)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def areas(root):
    """Yields (target, area, path) for every Swift file; an area is target/first folder."""
    for target in sorted(os.listdir(root)):
        base = os.path.join(root, target)
        for folder, dirs, files in os.walk(base):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".swift"):
                    rel = os.path.relpath(folder, base)
                    area = target if rel == "." else target + "/" + rel.split(os.sep)[0]
                    yield target, area, os.path.join(folder, name)


def measure(root=ROOT):
    """The areas, the edges (area -> area -> names -> first (path, line) naming it), the imports and the sizes."""
    files = list(areas(root))
    texts = {path: strip(open(path, encoding="utf-8").read()) for _, _, path in files}
    owner = {}
    for _, area, path in files:
        for line in texts[path].splitlines():
            match = DECL.match(line)
            # Only top-level declarations (no indentation) name an area's types; nested ones are private detail.
            if match and not line.startswith((" ", "\t")) and match.group(1)[0].isupper():
                owner.setdefault(match.group(1), set()).add(area)
    edges, imports = {}, []
    for _, area, path in files:
        for number, line in enumerate(texts[path].splitlines(), 1):
            match = IMPORT.match(line)
            if match:
                imports.append((area, match.group(1), path, number))
                continue
            for ident in IDENT.findall(line):
                others = owner.get(ident, ())
                if len(others) == 1:
                    (other,) = others
                    if other != area:
                        names = edges.setdefault(area, {}).setdefault(other, {})
                        names.setdefault(ident, (path, number))
    targets = {}
    for target, _, path in files:
        count = targets.setdefault(target, [0, 0])
        count[0] += 1
        count[1] += sum(1 for _ in open(path, encoding="utf-8"))
    return sorted({a for _, a, _ in files}), edges, imports, targets


def split(area):
    """(target, area within the target; "." for the target's top)."""
    target, _, inner = area.partition("/")
    return target, inner or "."


def allowed(area, other, layers=None, sideways=None):
    """Whether the data lets `area` name `other` (None when neither is in a known target: not judged)."""
    layers = LAYERS if layers is None else layers
    sideways = SIDEWAYS if sideways is None else sideways
    (target, inner), (other_target, other_inner) = split(area), split(other)
    if target not in layers or other_target not in layers:
        return None
    if target != other_target:
        return layers.index(other_target) < layers.index(target)
    return other_inner in sideways.get(target, {}).get(inner, [])


def violations(edges, imports, root=ROOT, layers=None, sideways=None):
    """One line per use or import the data does not allow: `path:line: area -> other: Name (why)`."""
    layers = LAYERS if layers is None else layers
    sideways = SIDEWAYS if sideways is None else sideways
    out = []

    def where(path, number):
        return f"{os.path.relpath(path, os.path.join(root, '..'))}:{number}"

    for area, targets in sorted(edges.items()):
        for other, names in sorted(targets.items()):
            if allowed(area, other, layers, sideways) is not False:
                continue
            why = "an upward edge" if split(area)[0] != split(other)[0] else "a sideways edge SIDEWAYS does not allow"
            for name, (path, number) in sorted(names.items(), key=lambda item: (item[1], item[0])):
                out.append(f"{where(path, number)}: {area} -> {other}: {name} ({why})")
    for area, module, path, number in imports:
        target = split(area)[0]
        if target in layers and module in layers and layers.index(module) > layers.index(target):
            out.append(f"{where(path, number)}: {area} imports {module} (an upward edge)")
    return out


def unused(edges, sideways=None):
    """The allowed sideways edges no file makes."""
    sideways = SIDEWAYS if sideways is None else sideways
    made = {(a, b) for a, targets in edges.items() for b in targets}
    out = []
    for target, table in sorted(sideways.items()):
        for inner, others in sorted(table.items()):
            area = target if inner == "." else f"{target}/{inner}"
            for other in others:
                if (area, f"{target}/{other}") not in made:
                    out.append(f"{area} -> {target}/{other}")
    return out


def components(nodes, edges):
    """Tarjan's strongly connected components."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for nxt in edges.get(node, {}):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            comp = []
            while True:
                top = stack.pop()
                on.discard(top)
                comp.append(top)
                if top == node:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for node in nodes:
        if node not in index:
            visit(node)
    return out


def self_test():
    """The checker's own tests: fixture trees with an allowed, a forbidden sideways and an upward edge."""
    import shutil
    import tempfile
    import unittest

    folders = []

    def tree(files):
        folders.append(tempfile.mkdtemp(prefix="layers-test-"))
        root = os.path.join(folders[-1], "Sources")
        for rel, text in files.items():
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        return root

    layers = ["Low", "High"]
    sideways = {"High": {"B": ["A"]}}

    def check(files):
        root = tree(files)
        nodes, edges, imports, _ = measure(root)
        return violations(edges, imports, root, layers, sideways), unused(edges, sideways), edges

    class Checker(unittest.TestCase):
        def test_allowed_edges_pass(self):
            found, stale, _ = check({
                "High/A/Alpha.swift": "package struct Alpha {}\n",
                "High/B/Beta.swift": "import Low\nstruct Beta { let alpha: Alpha; let core: Core }\n",
                "Low/Core/Core.swift": "package struct Core {}\n",
            })
            self.assertEqual(found, [])
            self.assertEqual(stale, [])

        def test_a_forbidden_sideways_edge_names_its_file_line_and_name(self):
            found, _, _ = check({
                "High/A/Alpha.swift": "package struct Alpha {\n    // Beta in a comment is no use\n"
                                      "    let text = \"Beta\"\n    func make() -> Beta { Beta() }\n}\n",
                "High/B/Beta.swift": "package struct Beta { let alpha: Alpha }\n",
            })
            self.assertEqual(found, [
                "Sources/High/A/Alpha.swift:4: High/A -> High/B: Beta (a sideways edge SIDEWAYS does not allow)"])

        def test_an_upward_use_and_import_are_reported(self):
            found, _, _ = check({
                "High/A/Alpha.swift": "package struct Alpha {}\n",
                "Low/Core/Core.swift": "/* a\nblock */\n@preconcurrency internal import High\n"
                                      "struct Core { let alpha: Alpha }\n",
            })
            self.assertEqual(found, [
                "Sources/Low/Core/Core.swift:4: Low/Core -> High/A: Alpha (an upward edge)",
                "Sources/Low/Core/Core.swift:3: Low/Core imports High (an upward edge)"])

        def test_an_allowed_edge_no_file_makes_is_noted(self):
            _, stale, _ = check({"High/A/Alpha.swift": "struct Alpha {}\n", "High/B/Beta.swift": "struct Beta {}\n"})
            self.assertEqual(stale, ["High/B -> High/A"])

        def test_a_name_two_areas_declare_makes_no_edge(self):
            _, _, edges = check({
                "High/A/Alpha.swift": "struct Shared {}\n",
                "High/B/Beta.swift": "struct Shared {}\n",
                "High/C/Gamma.swift": "let shared = Shared()\n",
            })
            self.assertNotIn("High/C", edges)

    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Checker)
    try:
        return 0 if unittest.TextTestRunner(verbosity=2).run(suite).wasSuccessful() else 1
    finally:
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def main():
    if "--self-test" in sys.argv:
        return self_test()
    nodes, edges, imports, targets = measure()
    cycles = [c for c in components(nodes, edges) if len(c) > 1]
    found = violations(edges, imports)
    if "--json" in sys.argv:
        print(json.dumps({
            "edges": {a: {b: sorted(n) for b, n in t.items()} for a, t in sorted(edges.items())},
            "cycles": cycles,
            "violations": found,
            "targets": {t: {"files": f, "lines": l} for t, (f, l) in sorted(targets.items())},
        }, indent=2))
    else:
        for area in nodes:
            for other, names in sorted(edges.get(area, {}).items()):
                shown = ", ".join(sorted(names)[:4]) + (" …" if len(names) > 4 else "")
                print(f"{area} -> {other}: {shown}")
        print()
        for target, (count, lines) in sorted(targets.items()):
            print(f"target {target}: {count} files, {lines} lines")
        print(f"areas: {len(nodes)}, cycles: {len(cycles)}, edges the data does not allow: {len(found)}")
        for cycle in cycles:
            print("cycle: " + " ".join(cycle))
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print("layers: each line above is an edge scripts/layers.py's LAYERS and SIDEWAYS do not allow; "
              "use the area through an allowed one, or add the edge to SIDEWAYS on purpose", file=sys.stderr)
    for edge in unused(edges):
        print(f"layers: note: {edge} is allowed but no file makes it; remove it from SIDEWAYS", file=sys.stderr)
    return 1 if cycles or found else 0


if __name__ == "__main__":
    sys.exit(main())
