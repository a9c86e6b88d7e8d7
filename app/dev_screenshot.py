"""Developer aid: open the main window offscreen, run a check, save screenshots.

``python -m app.dev_screenshot [--lang ru] [OUT.png]`` writes OUT (default
``/tmp/copylens_window.png``) after a check of a few generated Russian and English documents,
plus ``*_empty.png`` (the empty state) and ``*_compare.png`` (Compare all) beside it. Settings
go to a temporary folder; ``--lang`` installs a translation through ``app.i18n``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

RU_SOURCE = (
    "Студенты первого курса изучают основы программирования и решают практические задачи. "
    "Преподаватели проверяют письменные работы и обсуждают типичные ошибки на семинарах. "
    "Итоговая оценка складывается из результатов контрольных работ и экзамена в конце "
    "семестра. Каждый студент выбирает тему курсового проекта и защищает его перед комиссией."
)
RU_COPY = (
    "Во введении автор описывает цель работы. Студент первого курса изучает основу "
    "программирования и решает практическую задачу. Преподаватель проверяет письменную работу "
    "и обсуждает типичную ошибку на семинаре. Итоговые оценки складываются из результата "
    "контрольной работы и экзаменов в конце семестров. В заключении подведены итоги."
)
EN_SOURCE = (
    "Plagiarism detection compares a suspicious document with a collection of sources and "
    "reports the passages they share. Modern systems canonicalize the text, cut it into "
    "overlapping shingles and estimate resemblance with minimum hashing. Containment tells "
    "how much of one document is found inside another one, which matters when a short "
    "excerpt was taken from a long article."
)
EN_OWN = (
    "This essay studies river ecology in northern forests. Field samples were collected every "
    "morning during the summer, and the water temperature was recorded at each site. The "
    "results suggest that shade from the forest canopy keeps small streams cool in July."
)


def write_samples(folder: Path) -> tuple[list[Path], list[Path]]:
    docs = {
        "курсовая_иванов.txt": RU_COPY,
        "essay_partial.txt": EN_OWN + " " + EN_SOURCE,
        "essay_original.txt": EN_OWN,
        "empty.txt": "",
    }
    sources = {"учебный_план.txt": RU_SOURCE, "article.txt": EN_SOURCE}
    for name, text in (docs | sources).items():
        (folder / name).write_text(text, encoding="utf-8")
    return [folder / n for n in docs], [folder / n for n in sources]


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    args = list(sys.argv[1:] if argv is None else argv)
    language = ""
    if "--lang" in args:
        at = args.index("--lang")
        language = args[at + 1]
        del args[at : at + 2]
    out = Path(args[0] if args else "/tmp/copylens_window.png")
    from app.qt import QtCore, QtWidgets

    work = Path(tempfile.mkdtemp(prefix="copylens_shot_"))
    ini = QtCore.QSettings.Format.IniFormat
    QtCore.QSettings.setPath(ini, QtCore.QSettings.Scope.UserScope, str(work / "settings"))
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["copylens-screenshot"])
    if language:
        from app import i18n

        i18n.install_translator(app, language)
    from app.window import MainWindow

    window = MainWindow()
    window.resize(1200, 800)
    window.show()
    app.processEvents()
    window.grab().save(str(out.with_name(out.stem + "_empty.png")))

    docs, sources = write_samples(work)
    window.documents_list.add_paths(docs)
    window.sources_list.add_paths(sources)
    _run(app, window)
    window.results_tree.setCurrentItem(window.results_tree.topLevelItem(0))
    app.processEvents()
    window.grab().save(str(out))

    window.set_mode("compare")
    window.compare_list.add_paths([*docs, *sources])
    _run(app, window)
    window.grab().save(str(out.with_name(out.stem + "_compare.png")))
    print(out)
    window.close()
    return 0


def _run(app: object, window: object) -> None:
    from app.qt import QtCore

    loop = QtCore.QEventLoop()
    runner = window.runner  # type: ignore[attr-defined]
    for signal in (runner.finished, runner.failed, runner.cancelled):
        signal.connect(loop.quit)
    QtCore.QTimer.singleShot(120_000, loop.quit)
    window.start_run()  # type: ignore[attr-defined]
    loop.exec()
    for signal in (runner.finished, runner.failed, runner.cancelled):
        signal.disconnect(loop.quit)
    QtCore.QCoreApplication.processEvents()


if __name__ == "__main__":
    sys.exit(main())
