"""The project's import graph (issue 20): no cycle of more than one module among its packages,
and no import of a project module inside a function, where one would hide a cycle from the
graph, except where Django or gunicorn require it: an app's ``ready()`` (models are loaded
only then) and the worker warm-up gunicorn.conf.py calls before Django is set up. Imports for
type checking only (``if TYPE_CHECKING:``) are module-level and never run."""

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("law", "rules", "cotati_site")
# (file, function) pairs allowed to import project modules inside a function.
ALLOWED_LOCAL = {("cotati_site/warmup.py", "prepare_process")}


def _cycles(graph) -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan's, iterative)."""
    modules = graph.modules
    edges = {m: graph.find_modules_directly_imported_by(m) & modules for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for start in sorted(modules):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_cycle_of_more_than_one_module():
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    assert _cycles(graph) == [{"a", "b", "c"}]


def _local_project_imports(path: Path):
    tree = ast.parse(path.read_text(), filename=str(path))
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            if any(name.split(".")[0] in PACKAGES for name in names):
                yield function.name, node.lineno


def test_no_function_imports_a_project_module_except_django_and_gunicorn_hooks():
    offending = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if "/migrations/" in relative:
                continue
            for function, line in _local_project_imports(path):
                allowed = (function == "ready" and path.name == "apps.py") or (
                    relative,
                    function,
                ) in ALLOWED_LOCAL
                if not allowed:
                    offending.append(f"{relative}:{line} in {function}()")
    assert offending == []
