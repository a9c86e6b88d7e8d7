"""The result views' parts on their own (issue 33): a checked document's summary
(:class:`DocumentSummary`) and its sources (:class:`SourcesPanel`), the heat map's controls
(:class:`HeatControls`) and the compare view's list of pairs above its threshold
(:class:`PairsPanel`)."""

from __future__ import annotations

from copylens.app.qt import Qt, QtWidgets
from copylens.app.views.document_summary import DocumentSummary
from copylens.app.views.heat_controls import HeatControls
from copylens.app.views.pairs_panel import PairsPanel
from copylens.app.views.sources_panel import SourcesPanel
from copylens.core import DocumentResult, PairResult, SourceMatch


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


def test_the_pairs_panel_filters_by_whole_percent_and_only_signals_an_activated_pair(
    qtbot,
) -> None:
    panel = PairsPanel()
    qtbot.addWidget(panel)
    pairs = (
        PairResult("a.txt", "b.txt", 0.1, 0.0, 0.295, 0.1, ()),  # shown as 30 %
        PairResult("c.txt", "d.txt", 0.05, 0.0, 0.05, 0.12, ()),
    )
    panel.set_pairs(pairs, {"a.txt": "A", "b.txt": "B"})
    panel.set_computed(0.05)
    assert panel.threshold_slider.minimum() == 5 and panel.computed_threshold() == 0.05
    assert "less than 5 % were not computed" in panel.computed_label.text()
    thresholds: list[float] = []
    panel.threshold_changed.connect(thresholds.append)
    panel.set_threshold(0.3)
    assert panel.visible_pairs() == [("a.txt", "b.txt")] and thresholds == [0.3]
    assert panel.count_label.text() == "1 of 2 shown"
    panel.set_threshold(0.01)  # never under what was computed
    assert panel.threshold() == 0.05 and len(panel.visible_pairs()) == 2
    panel.select_pair("d.txt", "c.txt")  # either orientation
    [selected] = panel.pairs_table.selectionModel().selectedRows()
    opened: list[tuple[str, str]] = []
    panel.pair_activated.connect(lambda a, b: opened.append((a, b)))
    panel.pairs_table.setFocus()
    qtbot.keyClick(panel.pairs_table, Qt.Key.Key_Return)
    assert opened == [("c.txt", "d.txt")] == [panel.visible_pairs()[selected.row()]]


def source(path: str, containment: float, url: str | None = None) -> SourceMatch:
    return SourceMatch(path, 0.1, 0.1, containment, 0.5, containment, containment, 10, (), url=url)


def test_the_sources_panel_lists_selects_and_only_signals(qtbot) -> None:
    panel = SourcesPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_sources((source("a.txt", 0.2), source("web.html", 0.6, "https://example.org/x")))
    assert panel.sources_table.isVisibleTo(panel) and not panel.no_sources_label.isVisibleTo(panel)
    [first] = panel.sources_table.selectionModel().selectedRows()
    assert first.row() == 0  # the top row, sorted by the share found: the web page
    panel.select(0)  # the model's row 0, a.txt, is shown second
    [selected] = panel.sources_table.selectionModel().selectedRows()
    assert selected.row() == 1
    activated: list[int] = []
    panel.source_activated.connect(activated.append)
    panel.sources_table.setFocus()
    qtbot.keyClick(panel.sources_table, Qt.Key.Key_Return)
    assert activated == [0]
    excluded: list[str] = []
    panel.exclude_requested.connect(excluded.append)
    menu = panel.source_menu(1)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["Open in browser", "Copy address", "Leave out this source and count again"]
    menu.actions()[-1].trigger()
    assert excluded == ["web.html"]
    assert panel.fitting_height() > panel.sources_table.horizontalHeader().sizeHint().height()
    panel.show_sources(())
    assert panel.no_sources_label.isVisibleTo(panel) and not panel.sources_table.isVisibleTo(panel)
