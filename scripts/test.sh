#!/usr/bin/env bash
# Sets up a fresh machine for the tests and runs them: Debian's DejaVu fonts (the PDF
# fixtures draw Cyrillic text with them), a virtual environment with the project and its test
# extras, ruff, then pytest. Safe to run again: every step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq fonts-dejavu-core >/dev/null
fi

[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/python -m pytest "$@"
