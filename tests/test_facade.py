"""The engine's facade (``copylens.core``): every public name resolves to the object of the
module it lives in, each declared once (a name listed under two modules would load from the
last, silently the wrong one), and the lazy table is exactly the ``TYPE_CHECKING`` block the
names are written in."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from importlib import import_module
from pathlib import Path

import copylens.core as core


def _written() -> list[tuple[str, str]]:
    """(name, module) as the ``TYPE_CHECKING`` block of core/__init__.py writes them."""
    source = Path(core.__file__).read_text(encoding="utf-8")
    (block,) = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    ]
    return [
        (alias.name, str(node.module))
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    ]


def test_the_lazy_table_is_the_type_checking_block() -> None:
    written = _written()
    assert len(written) > 80
    assert core._facade_imports(sys.modules[core.__name__].__loader__.get_code(core.__name__)) == (
        written
    )
    assert core.__all__ == sorted(name for name, _ in written)


def test_every_public_name_is_declared_once_and_loads_from_its_home() -> None:
    declared = Counter(name for name, _ in _written())
    assert [name for name, n in declared.items() if n > 1] == []
    for name, module in _written():
        assert getattr(core, name) is getattr(import_module(module), name), name


def test_an_unknown_name_is_an_attribute_error() -> None:
    try:
        core.no_such_name  # noqa: B018
    except AttributeError as error:
        assert "no_such_name" in str(error)
    else:
        raise AssertionError("no AttributeError")


def test_no_engine_module_imports_another_ones_private_names() -> None:
    """A module's ``_name`` is its own: a stage another one needs is public (issue 33:
    ``distribute`` imported four of ``engine``'s private helpers)."""
    root = Path(core.__file__).parent
    found = [
        f"{path.relative_to(root)}: {alias.name} from {node.module}"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("copylens.core")
        for alias in node.names
        if alias.name.startswith("_") and not alias.name.startswith("__")
    ]
    assert found == []
