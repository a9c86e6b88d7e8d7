"""Update the interface translations and compile them.

    python scripts/build_translations.py                 # lupdate app/**/*.py, then lrelease
    python scripts/build_translations.py --release-only  # only compile .ts -> .qm (builds)
    python scripts/build_translations.py --check         # exit 1 if a string is untranslated

``pyside6-lupdate`` collects every ``self.tr("...")``, ``QCoreApplication.translate(...)`` and
``QT_TRANSLATE_NOOP(...)`` of ``app/**/*.py``, the strings passed to the app's translation
helpers, and the label and help of every engine option (``option(default, label, help, ...)``
in ``core/options.py``, context "Options") into
``resources/translations/copylens_<lang>.ts`` (strings no longer in the code are dropped;
existing translations are kept). Translate the new entries (Qt
Linguist, or edit the XML: fill ``<translation>`` and remove ``type="unfinished"``), then run
the script again: ``pyside6-lrelease`` compiles each .ts to the .qm file the app loads. Both
files are committed.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "resources" / "translations"
OPTIONS = ROOT / "core" / "options.py"
"""The engine's option declarations: their labels and help texts are translated too."""
OPTIONS_CONTEXT = "Options"
CORE = ROOT / "core"
ERRORS = CORE / "errors.py"
"""Where the input errors are declared: the message template of every one raised in core is
translated too (context "Errors")."""
ERRORS_CONTEXT = "Errors"
KINDS_CONTEXT = "FragmentKinds"
"""Context of the fragment kinds' label, plural and legend (``FragmentKind`` in core)."""
LANGUAGES = ("ru",)
"""Languages to maintain besides the source language (English)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--release-only", action="store_true", help="only compile .ts to .qm")
    mode.add_argument(
        "--check", action="store_true", help="fail if the code has strings the .ts lacks"
    )
    args = parser.parse_args(argv)
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    status = 0
    for language in LANGUAGES:
        ts = TRANSLATIONS / f"copylens_{language}.ts"
        if args.check:
            status |= check(ts, language)
            continue
        if not args.release_only:
            update(ts, language)
        release(ts)
    return status


def sources() -> list[str]:
    """Every Python file of the app, relative to the project (stable order, stable .ts)."""
    files = sorted((ROOT / "app").rglob("*.py"))
    return [str(f.relative_to(ROOT)) for f in files if "__pycache__" not in f.parts]


def update(ts: Path, language: str) -> None:
    """pyside6-lupdate the app's sources into ``ts`` (created if missing)."""
    with tempfile.TemporaryDirectory() as tmp:
        _run([*lupdate_command(language, Path(tmp)), "-ts", str(ts.relative_to(ROOT))])
    done, todo = counts(ts)
    print(f"{ts.relative_to(ROOT)}: {done} translated, {len(todo)} to translate")
    for context, source in todo:
        print(f"  {context}: {source!r}")


def lupdate_command(language: str, tmp: Path) -> list[str]:
    """lupdate over the app's sources, the strings of its translation helpers and the texts
    of the engine's options.

    Locations are left out of the .ts: strings found through helpers have none, and the
    file stays unchanged when code only moves.
    """
    helper_strings = tmp / "translation_helpers.py"
    helper_strings.write_text(helper_module(ROOT / "app"), encoding="utf-8")
    option_texts = tmp / "option_texts.py"
    option_texts.write_text(options_module(OPTIONS), encoding="utf-8")
    error_texts = tmp / "error_texts.py"
    error_texts.write_text(errors_module(CORE), encoding="utf-8")
    kind_texts = tmp / "kind_texts.py"
    kind_texts.write_text(kinds_module(CORE), encoding="utf-8")
    return [
        tool("lupdate"),
        *sources(),
        str(helper_strings),
        str(option_texts),
        str(error_texts),
        str(kind_texts),
        "-no-obsolete",
        "-locations",
        "none",
        "-source-language",
        "en",
        "-target-language",
        language,
    ]


def helper_module(folder: Path) -> str:
    """Python source with a ``translate(context, text)`` call per helper-translated string.

    lupdate sees only literal ``tr(...)``/``translate("Context", ...)`` calls. Modules that
    define a helper such as ``def _tr(text): return QCoreApplication.translate("Ctx", text)``
    and call ``_tr("literal")`` would otherwise have those strings left out.
    """
    lines = ["# Strings passed to translation helpers (scripts/build_translations.py)."]
    for path in sorted(folder.rglob("*.py")):
        for context, text in helper_calls(path.read_text(encoding="utf-8")):
            lines.append(f"QCoreApplication.translate({context!r}, {text!r})")
    return "\n".join(lines) + "\n"


def helper_calls(source: str) -> list[tuple[str, str]]:
    """(context, text) of each literal passed to a module-level translation helper."""
    tree = ast.parse(source)
    helpers: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and (context := _helper_context(node)):
            helpers[node.name] = context
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in helpers
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((helpers[node.func.id], node.args[0].value))
    return found


def _helper_context(function: ast.FunctionDef) -> str | None:
    """The context of ``def f(text): return ....translate("Context", text)``, else None."""
    body = [s for s in function.body if not isinstance(s, ast.Expr)]  # skip a docstring
    if len(function.args.args) != 1 or len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    call = body[0].value
    if not (isinstance(call, ast.Call) and len(call.args) == 2):
        return None
    name = call.func.attr if isinstance(call.func, ast.Attribute) else None
    context, text = call.args
    if (
        name == "translate"
        and isinstance(context, ast.Constant)
        and isinstance(context.value, str)
        and isinstance(text, ast.Name)
        and text.id == function.args.args[0].arg
    ):
        return context.value
    return None


def options_module(path: Path) -> str:
    """Python source with a ``translate("Options", text)`` call per option label and help.

    The engine has no Qt and translates nothing; the app shows these texts (settings dialog,
    a report's settings) through ``QCoreApplication.translate("Options", ...)``.
    """
    lines = [f"# Labels and help of the options in {path.name} (scripts/build_translations.py)."]
    for text in option_texts(path.read_text(encoding="utf-8"), path.name):
        lines.append(f"QCoreApplication.translate({OPTIONS_CONTEXT!r}, {text!r})")
    return "\n".join(lines) + "\n"


def option_texts(source: str, name: str = "options.py") -> list[str]:
    """The ``label`` and ``help`` of each ``option(default, label, help, ...)`` call, in order.

    Both must be string literals (adjacent literals are one); anything else stops the script,
    since lupdate could not see it and the text would stay untranslated unnoticed.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id != "option":
            continue
        given = dict(zip(("default", "label", "help"), node.args, strict=False))
        given.update((k.arg, k.value) for k in node.keywords if k.arg)
        for field in ("label", "help"):
            value = given.get(field)
            if not (isinstance(value, ast.Constant) and isinstance(value.value, str)):
                raise SystemExit(
                    f"{name}:{node.lineno}: the {field} of option(...) must be a string literal"
                )
            found.append(value.value)
    return found


def kinds_module(core: Path) -> str:
    """Python source with a ``translate("FragmentKinds", text)`` call per label, plural and
    legend of every ``FragmentKind(...)`` declared in the engine (``copylens.core.signal``:
    the app shows a fragment kind through its declaration)."""
    lines = ["# Names of the fragment kinds the engine declares (scripts/build_translations.py)."]
    for path in sorted(core.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "FragmentKind":
                for k in node.keywords:
                    if k.arg in ("label", "plural", "legend"):
                        if not (
                            isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)
                        ):
                            raise SystemExit(
                                f"{path.name}:{node.lineno}: {k.arg} must be a literal"
                            )
                        lines.append(
                            f"QCoreApplication.translate({KINDS_CONTEXT!r}, {k.value.value!r})"
                        )
    return "\n".join(lines) + "\n"


def errors_module(core: Path) -> str:
    """Python source with a ``translate("Errors", template)`` call per error template raised
    in the engine, input and archive errors (the app shows them through
    ``presentation.failure_text``)."""
    classes = input_error_classes(ERRORS.read_text(encoding="utf-8"))
    lines = ["# Templates of the input errors the engine raises (scripts/build_translations.py)."]
    found: list[str] = []
    for path in sorted(core.rglob("*.py")):
        for text in error_templates(path.read_text(encoding="utf-8"), classes, path.name):
            if text not in found:
                found.append(text)
    lines += [f"QCoreApplication.translate({ERRORS_CONTEXT!r}, {t!r})" for t in found]
    return "\n".join(lines) + "\n"


def input_error_classes(source: str) -> set[str]:
    """``Explained`` (the errors with a translatable template) and every class of ``errors.py``
    derived from it."""
    classes = {"Explained"}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ClassDef) and any(
            isinstance(base, ast.Name) and base.id in classes for base in node.bases
        ):
            classes.add(node.name)
    return classes


def error_templates(source: str, classes: set[str], name: str) -> list[str]:
    """The template (first argument) of each call of an input-error class, in order.

    It must be a string literal; anything else stops the script, since the message would
    stay untranslated unnoticed.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in classes or not node.args:
            continue
        template = node.args[0]
        if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
            raise SystemExit(f"{name}:{node.lineno}: an error's template must be a string literal")
        found.append(template.value)
    return found


def release(ts: Path) -> Path:
    """pyside6-lrelease ``ts`` into the .qm beside it."""
    qm = ts.with_suffix(".qm")
    output = _run([tool("lrelease"), str(ts), "-qm", str(qm)])
    summary = re.search(r"Generated \d+ translation.*", output)
    print(f"{qm.relative_to(ROOT)}: {summary.group(0) if summary else 'written'}")
    return qm


def check(ts: Path, language: str) -> int:
    """1 when lupdate would add strings to ``ts``, some are unfinished, or a translation call
    hides inside an f-string (where lupdate cannot see it), else 0."""
    hidden = [
        f"{name}:{line}"
        for name in sources()
        for line in hidden_calls((ROOT / name).read_text(encoding="utf-8"))
    ]
    for where in hidden:
        print(f"{where}: a tr()/translate() call inside an f-string: lupdate does not see it")
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / ts.name
        if ts.exists():
            shutil.copy(ts, copy)
        _run([*lupdate_command(language, Path(tmp)), "-ts", str(copy)])
        done, todo = counts(copy)
    for context, source in todo:
        print(f"untranslated in {ts.name}: {context}: {source!r}")
    print(f"{ts.name}: {done} translated, {len(todo)} missing")
    return 1 if todo or hidden else 0


TRANSLATING = frozenset({"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"})
"""The calls lupdate reads itself (a module's own helpers, found by :func:`helper_calls`, are
read by this script wherever they stand)."""


def hidden_calls(source: str) -> list[int]:
    """Lines of lupdate's translation calls (``self.tr``, ``translate``…) with a literal text
    inside an f-string: lupdate skips f-strings, so such a text would stay English unnoticed."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        for inner in ast.walk(node):
            if not (isinstance(inner, ast.Call) and inner.args):
                continue
            func = inner.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            literal = any(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in inner.args
            )
            if name in TRANSLATING and literal:
                lines.append(inner.lineno)
    return lines


def counts(ts: Path) -> tuple[int, list[tuple[str, str]]]:
    """(translated messages, [(context, source)] of the unfinished ones) of a .ts file."""
    done, todo = 0, []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            kind = translation.get("type", "") if translation is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            text = "".join(translation.itertext()) if translation is not None else ""
            if kind == "unfinished" or not text.strip():
                todo.append((name, message.findtext("source", "")))
            else:
                done += 1
    return done, todo


def tool(name: str) -> str:
    """``pyside6-<name>``: on PATH, or beside this Python (a virtual environment)."""
    found = shutil.which(f"pyside6-{name}") or shutil.which(
        f"pyside6-{name}", path=str(Path(sys.executable).parent)
    )
    if found is None:
        raise SystemExit(f"pyside6-{name} not found: install PySide6 (pip install PySide6)")
    return found


def _run(command: list[str]) -> str:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"{Path(command[0]).name} failed with exit code {done.returncode}")
    return done.stdout + done.stderr


if __name__ == "__main__":
    sys.exit(main())
