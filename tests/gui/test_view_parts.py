"""The result views' parts on their own (issue 33): a checked document's summary
(:class:`DocumentSummary`) and the heat map's controls (:class:`HeatControls`)."""

from __future__ import annotations

from copylens.app.qt import Qt, QtWidgets
from copylens.app.views.document_summary import DocumentSummary
from copylens.app.views.heat_controls import HeatControls
from copylens.core import DocumentResult


def result(**changes: object) -> DocumentResult:
    fields: dict[str, object] = {
        "path": "papers/essay.docx",
        "language": "ru",
        "words": 384,
        "counted_words": 266,
        "uniqueness": 0.4,
        "borrowed": 0.42,
        "cited": 0.086,
        "homoglyphs": 4,
        "homoglyph_offsets": (1, 2, 3, 4),
        "sha256": "0" * 64,
        "sources": (),
        "self_cited": 0.095,
        "archived_as": (12,),
    }
    fields.update(changes)
    return DocumentResult(**fields)  # type: ignore[arg-type]


def test_the_summary_says_the_shares_facts_archived_copy_and_look_alike_letters(qtbot) -> None:
    owner = QtWidgets.QWidget()
    qtbot.addWidget(owner)
    summary = DocumentSummary(owner)
    owner.setLayout(summary.layout)
    summary.show_result(result())
    assert summary.uniqueness_label.text() == "40 %"
    assert summary.name_label.text() == "papers/essay.docx"
    assert summary.shares_label.text() == "borrowed 42 %  ·  cited 8.6 %  ·  own earlier work 9.5 %"
    assert summary.facts_label.text() == "Russian  ·  384 words, 266 compared  ·  no sources"
    assert "#12" in summary.archived_label.text() and not summary.archived_label.isHidden()
    assert summary.lookalike_label.text() == "⚠ 4 look-alike letters"
    summary.show_result(result(homoglyphs=0, self_cited=0.0, archived_as=(), language="xx"))
    assert summary.shares_label.text() == "borrowed 42 %  ·  cited 8.6 %"
    assert summary.facts_label.text().startswith("xx  ·  ")
    assert summary.archived_label.isHidden() and summary.lookalike_label.isHidden()


def test_the_heat_controls_only_signal_what_was_asked(qtbot) -> None:
    owner = QtWidgets.QWidget()
    qtbot.addWidget(owner)
    controls = HeatControls(owner)
    asked: list[object] = []
    controls.orderChanged.connect(lambda on: asked.append(("order", on)))
    controls.zoomIn.connect(lambda: asked.append("in"))
    controls.zoomOut.connect(lambda: asked.append("out"))
    controls.fitRequested.connect(lambda: asked.append("fit"))
    qtbot.mouseClick(controls.zoom_in_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(controls.zoom_out_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(controls.fit_button, Qt.MouseButton.LeftButton)
    controls.order_combo.setCurrentIndex(1)
    assert asked == ["in", "out", "fit", ("order", False)]
    assert controls.footer.parent() is owner, "the map places it under the matrix"
    assert controls.order_combo.itemText(0) == "by similarity"
