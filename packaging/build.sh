#!/usr/bin/env bash
# Builds the desktop app with PyInstaller into dist/copylens/ (one folder) and runs the
# frozen app's self-test; exits with the self-test's status.
#
#     bash packaging/build.sh                  # uses python3 (or $PYTHON) and its packages
#     PYTHON=.venv/bin/python bash packaging/build.sh
#
# The Python used must have CopyLens's dependencies and PySide6 installed. PyInstaller is
# installed into it when missing (it is a build tool only, never a run-time dependency).
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -m PyInstaller --version >/dev/null 2>&1; then
  "$PYTHON" -m pip install -q "pyinstaller>=6.10"
fi

"$PYTHON" scripts/build_translations.py --release-only

start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath dist --workpath build/pyinstaller packaging/copylens.spec
echo "built dist/copylens in $(( $(date +%s) - start )) s, $(du -sh dist/copylens | cut -f1)"

QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" exec dist/copylens/copylens --self-test
