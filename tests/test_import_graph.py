"""No import circles in the project: every strongly connected component of the module graph
of rulings, quizzes and judgetrain (imports inside functions and under TYPE_CHECKING count,
as grimp counts them) is a single module."""

from __future__ import annotations

import grimp

PACKAGES = ("rulings", "quizzes", "judgetrain")


def circles(graph: grimp.ImportGraph) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    imports = graph.find_modules_directly_imported_by
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(imports(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


def describe(component: frozenset[str]) -> str:
    return f"{len(component)} modules: {', '.join(sorted(component))}"


def test_the_project_has_no_import_circle():
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)

    found = circles(graph)

    assert not found, "import circles:\n" + "\n".join(describe(c) for c in found)


def test_the_circle_finder_names_every_module_of_a_circle():
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c", "d"):
        graph.add_module(module)
    for importer, imported in (("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")):
        graph.add_import(importer=importer, imported=imported)

    assert circles(graph) == [frozenset({"a", "b", "c"})]
