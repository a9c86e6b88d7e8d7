"""The exclusions form (issue 36): leave matches and sources out, and count every share again.

Run › Exclusions… (Ctrl+Shift+X), once a check has results: hide matches under N words, hide
sources under X %, exclude sources (ticked in the list of every source the check found) and
every archived source with a label (``group=301``). OK recomputes the figures from the report
as the engine gave it (:func:`copylens.core.exclude`); the results, Export, Print and the
certificate then show the recomputed figures, and the report says what was left out.
"""

from __future__ import annotations

from copylens.app.presentation import labels_text, parse_labels, source_names
from copylens.app.qt import Qt, QtCore, QtWidgets
from copylens.core import CheckReport, Exclusions

KEY_ROLE = int(Qt.ItemDataRole.UserRole) + 1


def _tr(text: str) -> str:
    return QtCore.QCoreApplication.translate("ExclusionsDialog", text)


class ExclusionsDialog(QtWidgets.QDialog):
    """Edits the exclusions of ``report``; :meth:`exclusions` gives them after ``accept``."""

    def __init__(self, report: CheckReport, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_tr("Exclusions"))
        self.setObjectName("exclusionsDialog")
        base = report.unexcluded or report
        rules = report.exclusions
        self.words = QtWidgets.QSpinBox()
        self.words.setRange(0, 1000)
        self.words.setValue(rules.min_words)
        self.words.setSpecialValueText(_tr("show all"))
        self.share = QtWidgets.QDoubleSpinBox()
        self.share.setRange(0.0, 100.0)
        self.share.setDecimals(1)
        self.share.setSuffix(" %")
        self.share.setValue(rules.min_share * 100)
        self.share.setSpecialValueText(_tr("show all"))
        self.labels = QtWidgets.QLineEdit(labels_text(sorted(rules.archive_labels)))
        self.labels.setPlaceholderText("group=301")
        self.sources = QtWidgets.QListWidget()
        self.sources.setObjectName("excludedSources")
        found = {src.key: src for d in base.documents for src in d.sources}
        paths = [d.path for d in base.documents]
        names = source_names(list(found.values()), paths, archive=_tr("archive #{id}"))
        for key, src in found.items():
            item = QtWidgets.QListWidgetItem(names[key])
            item.setData(KEY_ROLE, key)
            item.setToolTip(src.path)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = key in rules.sources
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.sources.addItem(item)
        form = QtWidgets.QFormLayout()
        form.addRow(_tr("Hide matches under (words):"), self.words)
        form.addRow(_tr("Hide sources under:"), self.share)
        form.addRow(_tr("Exclude archived sources labelled:"), self.labels)
        form.addRow(_tr("Exclude these sources:"), self.sources)
        self.problem = QtWidgets.QLabel()
        self.problem.setStyleSheet("color: #B00020;")
        note = QtWidgets.QLabel(
            _tr(
                "Every share (uniqueness, borrowed, cited, each source's) is counted again "
                "without what is left out; the report says what was."
            )
        )
        note.setWordWrap(True)
        buttons = QtWidgets.QDialogButtonBox(
            QtWidgets.QDialogButtonBox.StandardButton.Ok
            | QtWidgets.QDialogButtonBox.StandardButton.Cancel
            | QtWidgets.QDialogButtonBox.StandardButton.Reset
        )
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        reset = buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Reset)
        reset.setText(_tr("Show everything"))
        reset.clicked.connect(self.clear)
        layout = QtWidgets.QVBoxLayout(self)
        layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def clear(self) -> None:
        """Nothing left out."""
        self.words.setValue(0)
        self.share.setValue(0.0)
        self.labels.clear()
        for row in range(self.sources.count()):
            self.sources.item(row).setCheckState(Qt.CheckState.Unchecked)

    def exclusions(self) -> Exclusions:
        """The exclusions as set (raises ValueError for labels that cannot be read)."""
        keys = [
            str(self.sources.item(row).data(KEY_ROLE))
            for row in range(self.sources.count())
            if self.sources.item(row).checkState() == Qt.CheckState.Checked
        ]
        return Exclusions(
            min_words=self.words.value(),
            min_share=round(self.share.value(), 1) / 100,
            sources=frozenset(keys),
            archive_labels=frozenset(parse_labels(self.labels.text()).items()),
        )

    def _accept(self) -> None:
        try:
            self.exclusions()
        except ValueError:
            self.problem.setText(
                _tr("Not key=value labels: “%1”").replace("%1", self.labels.text())
            )
            return
        self.accept()
