#!/usr/bin/env bash
# Builds the desktop app with PyInstaller into dist/copylens/ (one folder) from what users
# get: the wheel, installed into a clean virtual environment (build/freeze-venv) with
# PyInstaller; then runs the frozen app's self-test and exits with its status.
#
#     bash packaging/build.sh                  # uses python3 (or $PYTHON) to build the wheel
#     PYTHON=.venv/bin/python bash packaging/build.sh
#
# PyInstaller is a build tool only, never a run-time dependency. It does not follow an
# editable install's import mapping (copylens.core -> core/), hence the wheel.
# The same script builds on Windows (Git Bash: the environment's Scripts/python.exe, the
# app's copylens.exe) and on macOS (also dist/CopyLens.app, see packaging/copylens.spec);
# .github/workflows/build.yml runs it on the three systems.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd -W 2>/dev/null || pwd)"  # Git Bash: a Windows path, which Windows programs take

PYTHON="${PYTHON:-python3}"
"$PYTHON" scripts/build_translations.py --release-only

rm -rf build/wheel
"$PYTHON" -m pip wheel -q --no-deps -w build/wheel .
"$PYTHON" -m venv --clear build/freeze-venv
FREEZE_PYTHON=freeze-venv/bin/python
[ -e build/freeze-venv/Scripts/python.exe ] && FREEZE_PYTHON=freeze-venv/Scripts/python.exe
build/$FREEZE_PYTHON -m pip install -q build/wheel/copylens-*.whl "pyinstaller>=6.10"

start=$(date +%s)
# from build/, so that the checkout's copylens/ folder cannot shadow the installed package
(cd build && $FREEZE_PYTHON -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" "$ROOT/packaging/copylens.spec")
echo "built dist/copylens in $(( $(date +%s) - start )) s, $(du -sh dist/copylens | cut -f1)"

APP=dist/copylens/copylens
[ -e "$APP.exe" ] && APP="$APP.exe"
QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" exec "$APP" --self-test
