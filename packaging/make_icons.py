"""Render resources/icons/copylens.svg to PNG icons (16-256 px) with Qt's SVG image reader.

    python packaging/make_icons.py

Writes ``resources/icons/copylens-<size>.png`` for each size in :data:`SIZES`. The SVG is
read through ``QImageReader``, which renders it with Qt's SVG plugin at each target size
(no scaling of a bitmap), so small icons stay sharp.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from copylens.app.qt import QtCore, QtGui  # noqa: E402  (after the platform is chosen)

ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "copylens.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256)


def render(svg: Path, size: int) -> QtGui.QImage:
    """The SVG drawn at ``size`` × ``size`` pixels, transparent background."""
    reader = QtGui.QImageReader(str(svg))
    reader.setScaledSize(QtCore.QSize(size, size))
    image = reader.read()
    if image.isNull():
        raise SystemExit(f"cannot render {svg}: {reader.errorString()}")
    return image.convertToFormat(QtGui.QImage.Format.Format_ARGB32)


def main() -> int:
    app = QtGui.QGuiApplication.instance() or QtGui.QGuiApplication([sys.argv[0]])
    for size in SIZES:
        target = ICONS / f"copylens-{size}.png"
        if not render(SVG, size).save(str(target), "PNG"):
            raise SystemExit(f"cannot write {target}")
        print(f"{target.relative_to(ROOT)}: {size}x{size}")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
