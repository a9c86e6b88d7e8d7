#!/usr/bin/env bash
# Sets up a fresh machine for the tests and runs them: the Debian packages the tests need
# (DejaVu fonts: the PDF fixtures and Qt draw Cyrillic with them; the libraries Qt loads
# even offscreen; the PostgreSQL server, which tests/pgserver.py starts on its own in a
# temporary folder, from the newest /usr/lib/postgresql/*/bin; shellcheck, with which the
# workflow linter checks the CI workflow's scripts), a virtual environment with the
# project (editable, for development) and its test and build extras, the static checks, then
# pytest including the wheel and the frozen-app build. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(fonts-dejavu-core libegl1 libgl1 libopengl0 libxkbcommon0 libfontconfig1
                 libdbus-1-3 libglib2.0-0 postgresql shellcheck)
missing=()
if command -v dpkg-query >/dev/null; then
  for p in "${DEBIAN_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test,build]"

# ruff, mypy (strict on the core), import-linter (the core never imports the app or Qt; the
# app imports the core only through its facade), jactionlint on .github/workflows/
.venv/bin/python scripts/lint.py
# Everything, including what users get (marked packaging, a few minutes; plain `pytest`
# leaves it out): the wheel built and installed into a clean virtual environment, its command
# line and its window offscreen on the bundled samples, and a PyInstaller build from that
# environment with the frozen app's self-test.
# Never the live tests (marked live): they ask a real search provider, with a key, for money.
QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -m "(packaging or not packaging) and not live" "$@"
