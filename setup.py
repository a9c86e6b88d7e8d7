"""Assembles the one import package ``copylens`` from the repository's top-level folders.

``app/``, ``core/`` and ``resources/`` become ``copylens.app``, ``copylens.core`` and
``copylens.resources`` (``copylens/`` holds only the package's ``__init__``). Subpackages are
discovered by setuptools, never listed by hand; everything else is in ``pyproject.toml``.
"""

from setuptools import find_namespace_packages, setup

PARTS = ("app", "core", "resources")

setup(
    packages=[
        "copylens",
        *(
            f"copylens.{name}"
            for name in find_namespace_packages(
                include=[*PARTS, *(f"{part}.*" for part in PARTS)], exclude=["*.__pycache__"]
            )
        ),
    ],
    package_dir={"copylens": "copylens", **{f"copylens.{part}": part for part in PARTS}},
)
