"""The Help menu: *Keyboard shortcuts* and *About CopyLens*.

:class:`ShortcutsDialog` lists every action of the window that has a shortcut, read from the
window's actions when it opens (never a hand-kept list that could go stale), in the interface
language. :class:`AboutDialog` shows the version of CopyLens, Qt, PySide and Python, the
program's licence (from the installed package's metadata, that is ``pyproject.toml``) and the
data bundled with it, each data set with its licence and a link; the stop-word lists' full
licence notice is read from ``resources/README.md``. :func:`install_help_menu` adds both to a
main window.
"""

from __future__ import annotations

import html
import importlib.metadata
import platform
import re
from dataclasses import dataclass

from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.core import resources_dir

PROGRAM_LICENCE = "MIT"
"""``project.license`` of ``pyproject.toml``, shown when the package's metadata is missing."""
NATIVE = QtGui.QKeySequence.SequenceFormat.NativeText


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("About", text)


# ====================================================================== shortcuts


def shortcut_rows(owner: QtWidgets.QWidget) -> list[tuple[str, str]]:
    """(action, keys) of every action of ``owner`` and its children that has a shortcut, in
    the order they were made, each once; names without "&" and "…", keys as the platform
    writes them ("Ctrl+O, Ctrl+Shift+V")."""
    rows: list[tuple[str, str]] = []
    for action in owner.findChildren(QtGui.QAction):
        keys = ", ".join(k.toString(NATIVE) for k in action.shortcuts() if not k.isEmpty())
        name = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        row = (name.rstrip("…").rstrip("."), keys)
        if keys and name and row not in rows:
            rows.append(row)
    return rows


class ShortcutsDialog(QtWidgets.QDialog):
    """A table of the window's actions and their keys (``shortcutsTable``)."""

    def __init__(self, window: QtWidgets.QWidget) -> None:
        super().__init__(window)
        self.setObjectName("shortcutsDialog")
        self.setWindowTitle(_tr("Keyboard shortcuts"))
        self.table = QtWidgets.QTreeWidget()
        self.table.setObjectName("shortcutsTable")
        self.table.setRootIsDecorated(False)
        self.table.setAlternatingRowColors(True)
        self.table.setHeaderLabels([_tr("Action"), _tr("Keys")])
        for name, keys in shortcut_rows(window):
            self.table.addTopLevelItem(QtWidgets.QTreeWidgetItem([name, keys]))
        self.table.resizeColumnToContents(0)
        self.table.setColumnWidth(0, self.table.columnWidth(0) + 24)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        rows = max(1, self.table.topLevelItemCount())
        height = self.table.sizeHintForRow(0) * rows + self.table.header().sizeHint().height()
        self.resize(520, min(640, height + 90))

    def rows(self) -> list[tuple[str, str]]:
        items = [self.table.topLevelItem(r) for r in range(self.table.topLevelItemCount())]
        return [(item.text(0), item.text(1)) for item in items if item is not None]


# ====================================================================== about


@dataclass(frozen=True)
class DataSet:
    """Data shipped with CopyLens: what it is, where, its licence, and a link."""

    name: str
    where: str
    licence: str
    link: str
    note: str = ""


def program_licence() -> str:
    """The licence of CopyLens as its installed metadata gives it (``pyproject.toml``)."""
    try:
        meta = importlib.metadata.metadata("copylens")
    except importlib.metadata.PackageNotFoundError:
        return PROGRAM_LICENCE
    return _field(meta, "License-Expression") or _field(meta, "License") or PROGRAM_LICENCE


def _package(name: str) -> tuple[str, str]:
    """An installed package's declared licence and home page ("" when not installed)."""
    try:
        meta = importlib.metadata.metadata(name)
    except importlib.metadata.PackageNotFoundError:
        return "", ""
    licence = _field(meta, "License-Expression") or _field(meta, "License")
    if not licence or len(licence) > 60:  # some packages put the whole text there
        classifiers = [c for c in meta.get_all("Classifier") or [] if c.startswith("License")]
        licence = classifiers[0].split(" :: ")[-1] if classifiers else licence[:60]
    return licence, _field(meta, "Home-page")


def _field(meta: importlib.metadata.PackageMetadata, name: str) -> str:
    values = meta.get_all(name) or []
    return str(values[0]) if values else ""


def data_sets() -> list[DataSet]:
    """The bundled data (``resources/``) and the dictionaries installed with CopyLens."""
    own = program_licence()
    found = [
        DataSet(
            _tr("Stop-word lists (11 languages)"),
            "resources/stopwords",
            "BSD-3-Clause",
            "https://github.com/Alir3z4/python-stop-words",
            _tr(
                "Curated for CopyLens from the python-stop-words lists (© 2014 Alireza Savand "
                "and contributors); the notice is below."
            ),
        ),
        DataSet(
            _tr("Abbreviation lists (English, German)"),
            "resources/abbreviations",
            own,
            "",
            _tr("Written for CopyLens."),
        ),
        DataSet(
            _tr("Thesauri (Russian, Ukrainian)"),
            "resources/thesaurus",
            "LGPL-2.1",
            "https://git.libreoffice.org/dictionaries",
            _tr(
                "LibreOffice thesauri from Debian's mythes-ru and mythes-uk 7.5.0: Russian by "
                "Mikhail Korolyov and Yakov Reztsov; Ukrainian by the uk_UA dictionaries "
                "project (also GPL-2+ or MPL-1.1). Unmodified; notices in COPYRIGHT.txt."
            ),
        ),
        DataSet(
            _tr("Sample texts, icons, translations"),
            "resources/samples, icons, translations",
            own,
            "",
            _tr("Written for CopyLens."),
        ),
    ]
    for package, name in (
        ("pymorphy3-dicts-ru", _tr("Russian dictionary")),
        ("pymorphy3-dicts-uk", _tr("Ukrainian dictionary")),
    ):
        licence, link = _package(package)
        if licence:
            note = _tr("Installed package %1; licence as the package declares it.")
            found.append(DataSet(name, package, licence, link, note.replace("%1", package)))
    return found


def stopwords_notice() -> str:
    """The stop-word lists' licence notice, as ``resources/README.md`` gives it ("" if the
    file or its fenced block is missing)."""
    try:
        text = (resources_dir() / "README.md").read_text(encoding="utf-8")
    except OSError:
        return ""
    part = text.partition("Provenance and licence")[2]
    match = re.search(r"```\n(.*?)```", part, re.DOTALL)
    return match.group(1).strip() if match else ""


def versions() -> list[tuple[str, str]]:
    """(component, version) of CopyLens, Qt, PySide and Python."""
    from copylens import __version__

    return [
        ("CopyLens", __version__),
        ("Qt", QtCore.qVersion()),
        ("PySide", str(getattr(QtCore, "__version__", ""))),
        ("Python", platform.python_version()),
    ]


class AboutDialog(QtWidgets.QDialog):
    """Version, licence and the bundled data with their licences (``aboutText``)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle(_tr("About CopyLens"))
        icon = QtWidgets.QLabel()
        pixmap = QtGui.QPixmap(str(resources_dir() / "icons" / "copylens-64.png"))
        if not pixmap.isNull():
            icon.setPixmap(pixmap)
        icon.setAlignment(Qt.AlignmentFlag.AlignTop)
        head = QtWidgets.QLabel(self._head_html())
        head.setObjectName("aboutHead")
        head.setTextFormat(Qt.TextFormat.RichText)
        head.setWordWrap(True)
        head.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        head.setOpenExternalLinks(True)
        self.text = QtWidgets.QTextBrowser()
        self.text.setObjectName("aboutText")
        self.text.setOpenExternalLinks(True)
        self.text.setHtml(self._data_html())
        copy = QtWidgets.QPushButton(_tr("Copy versions"))
        copy.setToolTip(_tr("For a bug report: the versions of CopyLens, Qt and Python."))
        copy.clicked.connect(self.copy_versions)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        buttons.addButton(copy, QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(icon)
        top.addSpacing(8)
        top.addWidget(head, 1)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.resize(680, 600)

    def version_text(self) -> str:
        return " · ".join(f"{name} {version}" for name, version in versions())

    def copy_versions(self) -> None:
        QtGui.QGuiApplication.clipboard().setText(self.version_text())

    def _head_html(self) -> str:
        from copylens import __version__

        title = html.escape(_tr("CopyLens %1")).replace("%1", html.escape(__version__))
        what = html.escape(_tr("A plagiarism and uniqueness checker that works offline."))
        licence = html.escape(_tr("Licence: %1")).replace("%1", html.escape(program_licence()))
        return (
            f"<h2 style='margin-bottom:2px'>{title}</h2><p>{what}</p>"
            f"<p>{html.escape(self.version_text())}<br>{licence}</p>"
        )

    def _data_html(self) -> str:
        heads = (_tr("Data"), _tr("Licence"), _tr("Where"))
        cells = "".join(f"<th align='left'>{html.escape(h)}</th>" for h in heads)
        rows = [f"<tr>{cells}</tr>"]
        for item in data_sets():
            name = html.escape(item.name)
            if item.link:
                name = f"<a href='{html.escape(item.link)}'>{name}</a>"
            note = f"<br><small>{html.escape(item.note)}</small>" if item.note else ""
            rows.append(
                f"<tr><td>{name}{note}</td><td>{html.escape(item.licence)}</td>"
                f"<td><code>{html.escape(item.where)}</code></td></tr>"
            )
        table = "<table cellspacing='0' cellpadding='4' width='100%'>" + "".join(rows) + "</table>"
        parts = [f"<h3>{html.escape(_tr('Data bundled with CopyLens'))}</h3>", table]
        notice = stopwords_notice()
        if notice:
            title = html.escape(_tr("Licence of the stop-word lists (BSD-3-Clause)"))
            parts.append(
                f"<h3>{title}</h3><pre style='font-size:small'>{html.escape(notice)}</pre>"
            )
        return "".join(parts)


# ====================================================================== the menu


def install_help_menu(window: QtWidgets.QMainWindow) -> tuple[QtGui.QAction, QtGui.QAction]:
    """Add *Help › Keyboard shortcuts* (F1, Ctrl+/) and *Help › About CopyLens* to
    ``window``'s menu bar; return the two actions (their dialogs open without blocking)."""
    style = window.style()
    shortcuts = QtGui.QAction(
        style.standardIcon(QtWidgets.QStyle.StandardPixmap.SP_DialogHelpButton),
        _tr("Keyboard shortcuts"),
        window,
    )
    shortcuts.setObjectName("shortcutsAction")
    shortcuts.setShortcuts([QtGui.QKeySequence("F1"), QtGui.QKeySequence("Ctrl+/")])
    shortcuts.setStatusTip(_tr("Every action that has a key, and its key."))
    shortcuts.triggered.connect(lambda: _open(ShortcutsDialog(window)))
    about = QtGui.QAction(
        style.standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxInformation),
        _tr("About CopyLens"),
        window,
    )
    about.setObjectName("aboutAction")
    about.setMenuRole(QtGui.QAction.MenuRole.AboutRole)
    about.triggered.connect(lambda: _open(AboutDialog(window)))
    window.addActions([shortcuts, about])
    menu = window.menuBar().addMenu(_tr("&Help"))
    menu.setObjectName("helpMenu")
    menu.addActions([shortcuts, about])
    return shortcuts, about


def _open(dialog: QtWidgets.QDialog) -> None:
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    dialog.raise_()
