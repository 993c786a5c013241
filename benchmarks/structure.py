"""Issue 30's structural goals, measured the same way before and after the change.

Prints three figures for the working tree:

(a) import cycles among the modules of ``tablegames/`` and ``widgets/`` (imported as
    ``tablegames_widgets``): the import graph is built with ``ast`` over every ``.py``
    file, imports inside functions (lazy ones) included, relative imports resolved; an
    edge goes to the file the import names (``from .x import y`` goes to ``x/y.py`` when
    that is a module, else to ``x``), not to the parent packages Python also runs. Imports
    under ``if TYPE_CHECKING:`` never run and are left out. Each strongly connected
    component with more than one file (files importing each other in a loop) is printed.
(b) calls of ``importlib.import_module`` that find a module by a naming convention (a
    name built from another module's name). Not counted, and listed as such: a call
    whose argument is a string literal (an optional library such as dask's
    ``distributed`` or ``ray``, loaded only when asked for) and the fork server's
    preload, which imports a given list of modules to warm a process (no convention),
    and the widget layer's look-up of a board a game declares by its ``"module:Class"``
    name (declared, not derived: the issue keeps it).
(c) the files one must touch to add a game inside this repository: the existing files
    that list the games (three or more of the five names in code: strings and names,
    docstrings and comments left out; notebooks by their code cells), the places a game
    brings of its own (every tracked path named after Currents, as the example), and the
    generic files that name some game in code (branches and tables keyed by a game).

    python benchmarks/structure.py
"""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Top-level folders scanned, with the name each imports as.
PACKAGES = {"tablegames": "tablegames", "widgets": "tablegames_widgets"}
GAMES = ("currents", "fellowship", "poohsticks", "cardchess", "resistor")


# ---- (a) import cycles -----------------------------------------------------------------


def module_files() -> dict[str, Path]:
    """Every module of the scanned packages by its dotted name."""
    out: dict[str, Path] = {}
    for folder, name in PACKAGES.items():
        for path in sorted((ROOT / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join([name, *parts])] = path
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (they never run)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            named = getattr(test, "id", None) or getattr(test, "attr", None)
            if named == "TYPE_CHECKING":
                for inner in node.body:
                    skip.update(id(n) for n in ast.walk(inner))
    return skip


def imports_of(module: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The scanned modules ``module`` (in file ``path``) imports, lazily or not."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_nodes(tree)
    is_package = path.name == "__init__.py"
    package = module if is_package else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                out.add(sub if sub in known else target)
    found = set()
    for name in out:
        while name and name not in known:  # ``import a.b.c`` of a name inside a module
            name = name.rpartition(".")[0]
        if name and name != module:
            found.add(name)
    return found


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's components of ``graph``, each sorted, largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out, key=lambda c: (-len(c), c))


def import_cycles() -> list[list[str]]:
    known = module_files()
    graph = {m: imports_of(m, p, known) for m, p in known.items()}
    return [c for c in strongly_connected(graph) if len(c) > 1]


# ---- (b) import_module by naming convention ---------------------------------------------


def import_module_calls() -> Iterator[tuple[str, int, str, str | None]]:
    """Each ``import_module`` call: file, line, its argument's source, and why it does
    not count (None when it looks a module up by convention)."""
    for folder in PACKAGES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            tree = ast.parse(text)
            declared = set()  # calls inside a function that splits a "module:Class" name
            for func in ast.walk(tree):
                is_function = isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef))
                if is_function and 'partition(":")' in (ast.get_source_segment(text, func) or ""):
                    declared.update(id(n) for n in ast.walk(func))
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                named = getattr(func, "attr", None) or getattr(func, "id", None)
                if named != "import_module" or not node.args:
                    continue
                arg = node.args[0]
                source = ast.get_source_segment(text, arg) or "?"
                rel = str(path.relative_to(ROOT))
                why = None
                if isinstance(arg, ast.Constant):
                    why = f"optional library {arg.value!r}, loaded only when asked for"
                elif id(node) in declared:
                    why = "a name the game declares ('module:Class'), not a convention"
                elif path.name == "forkserver.py":
                    why = "the fork server's preload of a given list of modules"
                yield rel, node.lineno, source, why


# ---- (c) files to touch to add a game ---------------------------------------------------


def tracked(*where: str) -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "--", *where], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    # files added but not committed yet count as they stand in the tree
    extra = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard", "--", *where],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return sorted(p for p in set(out + extra) if (ROOT / p).exists())


def code_words(path: Path) -> str:
    """The strings and names of a file's code, lower case: Python without its comments and
    docstrings, a notebook's code cells, any other file whole."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":
        cells = json.loads(text).get("cells", [])
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code").lower()
    if path.suffix != ".py":
        return "\n".join(ln.split("#")[0] for ln in text.splitlines()).lower()
    docstrings = set()
    for node in ast.walk(ast.parse(text)):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                docstrings.add(body[0].lineno)
    words = []
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING and tok.start[0] in docstrings:
            continue
        if tok.type in (tokenize.NAME, tokenize.STRING):
            words.append(tok.string)
    return " ".join(words).lower()


def own_path(path: str) -> str | None:
    """The game a path belongs to by its name, if any."""
    low = path.lower()
    for game in GAMES:
        if game in low:
            return game
    return None


def files_to_add_a_game() -> tuple[list[str], list[str], list[str]]:
    where = ("tablegames", "widgets", "notebooks/play", "pyproject.toml", "Makefile", "binder")
    listing: list[str] = []
    naming: list[str] = []
    brings: set[str] = set()
    for rel in tracked(*where):
        path = ROOT / rel
        if path.suffix not in (".py", ".ipynb", ".toml", ".cfg", ".txt", "") and rel != "Makefile":
            if own_path(rel) == "currents":
                brings.add(_collapse(rel))
            continue
        if own_path(rel):
            if own_path(rel) == "currents":
                brings.add(_collapse(rel))
            continue
        words = code_words(path)
        named = [g for g in GAMES if g in words]
        if len(named) >= 3:
            listing.append(rel)
        elif named:
            naming.append(f"{rel} ({', '.join(named)})")
    return listing, sorted(brings), naming


def _collapse(rel: str) -> str:
    """A path inside a folder named after the game, as that folder."""
    parts = rel.split("/")
    for i, part in enumerate(parts[:-1]):
        if own_path(part):
            return "/".join(parts[: i + 1]) + "/"
    return rel


def main() -> None:
    cycles = import_cycles()
    print(f"(a) import cycles (files importing each other in a loop): {len(cycles)}")
    for comp in cycles:
        print(f"    {len(comp)} modules: {' '.join(comp)}")

    calls = list(import_module_calls())
    counted = [c for c in calls if c[3] is None]
    print(f"(b) import_module by naming convention: {len(counted)}")
    for rel, line, source, why in calls:
        tail = f"  [not counted: {why}]" if why else ""
        print(f"    {rel}:{line} import_module({source}){tail}")

    listing, brings, naming = files_to_add_a_game()
    print(
        f"(c) files to touch to add a game: {len(listing)} existing files listing the games"
        f" + {len(brings)} places the game brings (as Currents does)"
    )
    for rel in listing:
        print(f"    edit: {rel}")
    for rel in brings:
        print(f"    new:  {rel}")
    print(f"    generic files naming some game in code: {len(naming)}")
    for rel in naming:
        print(f"      {rel}")


if __name__ == "__main__":
    main()
