"""The CI workflow that builds and self-tests the app on Windows, macOS and Linux
(``.github/workflows/build.yml``): jactionlint passes it (and fails a broken copy, so the check
is real), one matrix covers the three systems, and every action is pinned to a full commit."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "build.yml"
CHECKOUT_WITH = "        with:\n          persist-credentials: false"
LINTER = shutil.which("jactionlint", path=str(Path(sys.executable).parent)) or shutil.which(
    "jactionlint"
)


def _lint(path: Path) -> subprocess.CompletedProcess[str]:
    assert LINTER is not None, "jactionlint is a test extra: pip install -e '.[test]'"
    return subprocess.run(
        [LINTER, "--no-color", str(path)], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_workflow_passes_the_linter() -> None:
    done = _lint(WORKFLOW)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (("runs-on: ${{ matrix.os }}", "runs-on: ${{ matrix.system_os }}"), "system_os"),
        (("if: runner.os == 'macOS'", "if: runner.os == 'macOS' &&"), "macOS"),
        ((CHECKOUT_WITH, ""), "artipacked"),  # the token would stay in .git/config
    ],
)
def test_the_linter_finds_a_broken_copy(
    tmp_path: Path, change: tuple[str, str], found: str
) -> None:
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    text = WORKFLOW.read_text("utf-8")
    assert change[0] in text
    broken = folder / "build.yml"
    broken.write_text(text.replace(change[0], change[1], 1), "utf-8")
    done = _lint(broken)
    assert done.returncode != 0 and found in done.stdout


def test_one_matrix_builds_on_the_three_systems() -> None:
    workflow = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    (job,) = workflow["jobs"].values()
    rows = job["strategy"]["matrix"]["include"]
    assert {row["os"] for row in rows} == {"windows-latest", "macos-latest", "ubuntu-latest"}
    assert [Path(row["artefact"]).suffix for row in rows] == [".zip", ".dmg", ".gz"]
    runs = "\n".join(step.get("run", "") for step in job["steps"])
    assert "packaging/build.sh" in runs and "pytest" in runs
    assert "--self-test" in (ROOT / "packaging" / "build.sh").read_text("utf-8")


def test_every_action_is_pinned_to_a_full_commit_with_its_tag_named() -> None:
    uses = re.findall(r"uses: (\S+)@(\S+)(.*)", WORKFLOW.read_text("utf-8"))
    assert {action for action, _, _ in uses} == {
        "actions/checkout",
        "actions/setup-python",
        "actions/upload-artifact",
    }
    for action, ref, comment in uses:
        assert re.fullmatch(r"[0-9a-f]{40}", ref), action
        assert re.fullmatch(r" # v\d+\.\d+\.\d+", comment), action
