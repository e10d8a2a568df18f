"""The architecture's figures (docs/architecture.md): switches on game names outside the
game packages, import circles, the largest files and functions in Python and JavaScript.

    python tools/architecture_figures.py [--list]

Read with ``ast`` from ``src/soloboard`` (function-level imports count; imports under
``if TYPE_CHECKING:`` do not) and, for JavaScript, by matching braces in
``src/soloboard/web/static``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "soloboard"
GAME_NAMES = {"ufs", "ufs-pnp", "monstros"}
# where a game's name may be compared: its own package, and the one registry line
GAME_HOMES = ("soloboard.ufs", "soloboard.monstros", "soloboard.core.registry")


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk_runtime(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node, skipping the bodies of ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in _walk_runtime(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base if is_package else base[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            targets = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
            func = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
            if func == "import_module" and node.args and isinstance(node.args[0], ast.Constant):
                targets = [str(node.args[0].value)]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), a package's
    ``__init__`` importing its own submodules excepted (Python allows that one way)."""
    def edges(node: str) -> set[str]:
        # a submodule importing its package's __init__ is how Python loads it anyway
        return {t for t in graph[node] if not node.startswith(t + ".")}

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []
    sys.setrecursionlimit(10000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges(node):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                result.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(result)


def _names_in(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and n.value in GAME_NAMES}


def name_switches() -> tuple[list[str], list[str]]:
    """Comparisons against a game's name, and dicts keyed by game names, outside the games' homes."""
    switches, tables = [], []
    for name, path in modules().items():
        if name.startswith(GAME_HOMES):
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Compare):
                hits = _names_in(node)
                if hits:
                    switches.append(f"{where} compares with {sorted(hits)}")
            elif isinstance(node, ast.match_case):
                hits = _names_in(node.pattern)
                if hits:
                    switches.append(f"{where} matches {sorted(hits)}")
            elif isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and k.value in GAME_NAMES}
                if keys:
                    tables.append(f"{where} dict keyed by {sorted(keys)}")
    return switches, tables


def python_functions() -> list[tuple[int, str]]:
    sizes = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                sizes.append((lines, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"))
    return sorted(sizes, reverse=True)


_JS_FUNCTION = re.compile(
    r"(?:function\s*\*?\s*([A-Za-z_$][\w$]*)?\s*\([^)]*\)\s*\{)"
    r"|(?:([A-Za-z_$][\w$]*)\s*(?:=|:)\s*(?:async\s*)?(?:\([^()]*\)|[A-Za-z_$][\w$]*)\s*=>\s*\{)"
    r"|(?:^\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*\{)", re.M)


def _strip_js(text: str) -> str:
    """Comments, strings and template texts blanked (newlines kept) so braces can be matched."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "'\"`":
            j = i + 1
            depth = 0
            while j < n and not (text[j] == c and depth == 0):
                if text[j] == "\\":
                    j += 1
                elif c == "`" and text.startswith("${", j):
                    depth += 1
                elif c == "`" and text[j] == "}" and depth:
                    depth -= 1
                j += 1
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def js_functions(path: Path) -> list[tuple[int, str]]:
    text = _strip_js(path.read_text())
    sizes = []
    for match in _JS_FUNCTION.finditer(text):
        name = next((g for g in match.groups() if g), "(anonymous)")
        if name in {"if", "for", "while", "switch", "catch", "function"}:
            continue
        start = match.end() - 1
        depth, j = 0, start
        while j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        first = text.count("\n", 0, match.start()) + 1
        last = text.count("\n", 0, j) + 1
        sizes.append((last - first + 1, f"{path.relative_to(ROOT)}:{first} {name}"))
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list every switch, table and circle")
    args = parser.parse_args()
    switches, tables = name_switches()
    graph = import_graph()
    found = circles(graph)
    py_files = sorted(((len(p.read_text().splitlines()), str(p.relative_to(ROOT))) for p in PACKAGE.rglob("*.py")),
                      reverse=True)
    js_paths = sorted((PACKAGE / "web" / "static").rglob("*.js"))
    js_files = sorted(((len(p.read_text().splitlines()), str(p.relative_to(ROOT))) for p in js_paths), reverse=True)
    js_funcs = sorted((s for p in js_paths for s in js_functions(p)), reverse=True)
    py_funcs = python_functions()
    print(f"switches on a game's name outside the game packages: {len(switches)}")
    print(f"dicts keyed by game names outside them:              {len(tables)}")
    print(f"import circles (function-level imports included):    {len(found)}")
    print(f"largest Python file:     {py_files[0][0]:5d} lines  {py_files[0][1]}")
    print(f"largest Python function: {py_funcs[0][0]:5d} lines  {py_funcs[0][1]}")
    print(f"Python functions over 80 lines: {sum(1 for s, _ in py_funcs if s > 80)}")
    if js_files:
        print(f"largest JavaScript file:     {js_files[0][0]:5d} lines  {js_files[0][1]}")
        print(f"largest JavaScript function: {js_funcs[0][0]:5d} lines  {js_funcs[0][1]}")
        print(f"JavaScript functions over 80 lines: {sum(1 for s, _ in js_funcs if s > 80)}")
    if args.list:
        for line in switches + tables:
            print("  " + line)
        for component in found:
            print("  circle: " + " <-> ".join(component))
        for size, where in py_funcs[:15]:
            print(f"  py {size:4d} {where}")
        for size, where in js_funcs[:15]:
            print(f"  js {size:4d} {where}")


if __name__ == "__main__":
    main()
