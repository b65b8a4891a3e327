#!/usr/bin/env python3
"""Measures the layering docs/architecture.md claims: which folders of Sources/ name which others' types.

Usage: scripts/layers.py [--json]
For every folder (an area) under the Swift targets of Sources/, it collects the types, protocols, type aliases
and top-level functions declared there, then finds which other areas' names each area's files mention (comments
and strings stripped). It prints the edges, the strongly connected components (a component of more than one
area is a cycle) and the files and lines per target. Exit 1 when any area cycle exists.
"""
import json
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources")
DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated"
    r"|static|open)\s+)*(?:struct|class|enum|protocol|actor|typealias|func)\s+([A-Za-z_][A-Za-z0-9_]*)")
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def strip(text):
    """Removes comments and string literals (roughly: enough for names)."""
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r"/\*(?:.|\n)*?\*/", "", text)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)


def areas():
    """Yields (target, area, path) for every Swift file; an area is target/first folder."""
    for target in sorted(os.listdir(ROOT)):
        base = os.path.join(ROOT, target)
        for folder, _, files in os.walk(base):
            for name in sorted(files):
                if name.endswith(".swift"):
                    rel = os.path.relpath(folder, base)
                    area = target if rel == "." else target + "/" + rel.split(os.sep)[0]
                    yield target, area, os.path.join(folder, name)


def measure():
    files = list(areas())
    texts = {path: strip(open(path, encoding="utf-8").read()) for _, _, path in files}
    owner = {}
    for _, area, path in files:
        for line in texts[path].splitlines():
            match = DECL.match(line)
            # Only top-level declarations (no indentation) name an area's types; nested ones are private detail.
            if match and not line.startswith((" ", "\t")) and match.group(1)[0].isupper():
                owner.setdefault(match.group(1), set()).add(area)
    edges = {}
    for _, area, path in files:
        for ident in set(IDENT.findall(texts[path])):
            for other in owner.get(ident, ()):
                if other != area and len(owner[ident]) == 1:
                    edges.setdefault(area, {}).setdefault(other, set()).add(ident)
    targets = {}
    for target, _, path in files:
        count = targets.setdefault(target, [0, 0])
        count[0] += 1
        count[1] += sum(1 for _ in open(path, encoding="utf-8"))
    return sorted({a for _, a, _ in files}), edges, targets


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


def main():
    nodes, edges, targets = measure()
    cycles = [c for c in components(nodes, edges) if len(c) > 1]
    if "--json" in sys.argv:
        print(json.dumps({
            "edges": {a: {b: sorted(n) for b, n in t.items()} for a, t in sorted(edges.items())},
            "cycles": cycles,
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
        print(f"areas: {len(nodes)}, cycles: {len(cycles)}")
        for cycle in cycles:
            print("cycle: " + " ".join(cycle))
    return 1 if cycles else 0


if __name__ == "__main__":
    sys.exit(main())
