"""The engine's facade (``copylens.core``): every public name resolves to the object of the
module it lives in, each declared once (a name listed under two modules would load from the
last, silently the wrong one)."""

from __future__ import annotations

from collections import Counter
from importlib import import_module

import copylens.core as core


def test_every_public_name_is_declared_once_and_loads_from_its_home() -> None:
    declared = Counter(name for names in core._HOMES.values() for name in names)
    assert [name for name, n in declared.items() if n > 1] == []
    assert sorted(declared) == sorted(core.__all__)
    for module, names in core._HOMES.items():
        home = import_module(f"copylens.core.{module}")
        for name in names:
            assert getattr(core, name) is getattr(home, name), name
