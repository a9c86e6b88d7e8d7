"""The interface translations are complete: every string lupdate finds in the app is in the
Russian catalogue, translated, and no translation call hides where lupdate cannot see it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_translations  # noqa: E402

sys.path.remove(str(ROOT / "scripts"))


def test_a_translation_call_inside_an_f_string_is_found() -> None:
    source = (
        "class W:\n"
        "    def f(self):\n"
        "        a = f\"<b>{self.tr('Seen? no')}</b>\"\n"
        "        b = self.tr('Seen')\n"
        "        c = f\"{QCoreApplication.translate('Ctx', 'Hidden')}\"\n"
        '        d = f"{self.tr(name)}"\n'  # not a literal: nothing lupdate could take
    )
    assert build_translations.hidden_calls(source) == [3, 5]


def test_the_catalogue_holds_every_string_of_the_app_translated() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_translations.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
