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
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"

PYTHON="${PYTHON:-python3}"
"$PYTHON" scripts/build_translations.py --release-only

rm -rf build/wheel
"$PYTHON" -m pip wheel -q --no-deps -w build/wheel .
"$PYTHON" -m venv --clear build/freeze-venv
build/freeze-venv/bin/python -m pip install -q build/wheel/copylens-*.whl "pyinstaller>=6.10"

start=$(date +%s)
# from build/, so that the checkout's copylens/ folder cannot shadow the installed package
(cd build && freeze-venv/bin/python -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$ROOT/dist" --workpath "$ROOT/build/pyinstaller" "$ROOT/packaging/copylens.spec")
echo "built dist/copylens in $(( $(date +%s) - start )) s, $(du -sh dist/copylens | cut -f1)"

QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" exec dist/copylens/copylens --self-test
