"""The static checks of the test command: ruff (lint and format), mypy (strict, on the core),
import-linter (the contracts in ``pyproject.toml``) and jactionlint (actionlint's checks and
its own security rules) on the CI workflows in ``.github/workflows/``; it runs shellcheck on
their ``run:`` scripts where shellcheck is installed (Debian ``shellcheck``, which
``scripts/test.sh`` installs). Exits non-zero if any fails.

``setup.py`` maps the repository's folders ``core/``, ``app/`` and ``resources/`` into the one
package ``copylens``; an editable install resolves that with an import hook, which neither
mypy nor import-linter can follow. So both read the package through
``build/typecheck/copylens/``: links to the real folders, made anew each run (a new module
needs nothing).

    python scripts/lint.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / "build" / "typecheck"
PARTS = ("core", "app", "resources")


def link_tree() -> Path:
    """``build/typecheck/copylens/``: links to ``copylens/__init__.py`` and the three folders."""
    package = TREE / "copylens"
    shutil.rmtree(TREE, ignore_errors=True)
    package.mkdir(parents=True)
    for real in (ROOT / "copylens" / "__init__.py", *(ROOT / part for part in PARTS)):
        link = package / real.name
        os.symlink(os.path.relpath(real, package), link, target_is_directory=real.is_dir())
    return TREE


def workflows() -> list[Path]:
    """The CI workflow files."""
    folder = ROOT / ".github" / "workflows"
    return sorted([*folder.glob("*.yml"), *folder.glob("*.yaml")])


def main() -> int:
    tree = link_tree()
    tool = Path(sys.executable).parent
    steps = [
        ([str(tool / "ruff"), "check", "."], ROOT),
        ([str(tool / "ruff"), "format", "--check", "."], ROOT),
        ([sys.executable, "-m", "mypy", str(tree / "copylens" / "core")], ROOT),
        # from the link tree, so that the checkout's own copylens/ folder is not the one found
        ([str(tool / "lint-imports"), "--config", str(ROOT / "pyproject.toml")], tree),
        ([str(tool / "jactionlint"), *map(str, workflows())], ROOT),
    ]
    failed = [cmd[0] for cmd, cwd in steps if subprocess.call(cmd, cwd=cwd) != 0]
    if failed:
        print("failed: " + ", ".join(Path(name).name for name in failed), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
