"""Compare all (issue 16): the slider reaches what was computed, a figure per document, failed
files listed, groups that say what they are, method names for people."""

from __future__ import annotations

import random
from pathlib import Path

from copylens.app import method_names, presentation, settings
from copylens.app.qt import Qt
from copylens.app.views.compare_view import CompareView, DocumentsModel
from copylens.app.window import MainWindow
from copylens.core import CompareReport, Options, TextInput, catalogue, compare
from tests.gui.conftest import GUARD_MS
from tests.methods.documents import ESSAY, OTHER

SYLLABLES = "ka lo mi ne ru sa ti vo ze pa do fu gi ha je".split()  # noqa: SIM905


GLUE = "the of and to in is that with for".split()  # noqa: SIM905


def pseudo_words(seed: int, words: int) -> list[str]:
    """Made-up words of 2–4 syllables, every other one an English stop word (so that each
    text reads as English): unrelated texts share no run of counted words."""
    rnd = random.Random(seed)
    return [
        rnd.choice(GLUE)
        if n % 2
        else "".join(rnd.choice(SYLLABLES) for _ in range(rnd.randint(2, 4)))
        for n in range(words)
    ]


def sentences(words: list[str]) -> str:
    out = [w.capitalize() if n % 10 == 0 else w for n, w in enumerate(words)]
    return " ".join(w + "." if n % 10 == 9 else w for n, w in enumerate(out))


def pasted_paragraph_texts() -> dict[str, str]:
    """``essay.txt`` (400 words) holds 60 words of ``source.txt``: 15 % of it."""
    source = pseudo_words(1, 400)
    own = pseudo_words(2, 340)
    return {
        "source.txt": sentences(source),
        "essay.txt": sentences(own[:170])
        + "\n\n"
        + sentences(source[100:160])
        + "\n\n"
        + sentences(own[170:]),
        "other.txt": sentences(pseudo_words(3, 300)),
    }


def shown_view(qtbot, report: CompareReport, threshold: float | None = None) -> CompareView:
    view = CompareView()
    qtbot.addWidget(view)
    view.resize(1200, 800)
    view.show_report(report, threshold)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_the_window_lists_a_pasted_paragraph_of_15_percent(qtbot, tmp_path: Path) -> None:
    for name, text in pasted_paragraph_texts().items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.settings_values["min_containment"] == Options().min_containment == 0.08
    window.set_mode("compare")
    window.compare_list.add_paths(sorted(tmp_path.glob("*.txt")))
    with qtbot.waitSignal(window.controller.finished, timeout=GUARD_MS):
        window.start_run()
    view = window.compare_page.view
    assert view is not None
    report = view.report()
    assert report is not None and report.options.min_containment == 0.08
    [pair] = report.pairs
    assert 0.13 < max(pair.containment_ab, pair.containment_ba) < 0.17
    assert {Path(p).name for p in view.visible_pairs()[0]} == {"essay.txt", "source.txt"}
    slider = view.threshold_slider
    assert slider.minimum() == 8 == slider.value()  # starts at what was computed
    slider.setValue(0)
    assert slider.value() == 8  # cannot offer what was never computed
    assert view.count_label.text() == "1 of 1 shown"
    assert "less than 8 % were not computed" in slider.toolTip()
    assert "less than 8 % were not computed" in view.computed_label.text()
    slider.setValue(20)
    assert view.visible_pairs() == [] and view.count_label.text() == "0 of 1 shown"


def test_a_higher_threshold_is_kept_and_a_lower_one_raised_to_the_computed(qtbot) -> None:
    texts = pasted_paragraph_texts()
    report = compare([TextInput(n, t) for n, t in texts.items()], Options(min_containment=0.1))
    assert shown_view(qtbot, report, 0.3).threshold_slider.value() == 30
    view = shown_view(qtbot, report, 0.02)
    assert view.threshold_slider.minimum() == view.threshold_slider.value() == 10
    assert view.computed_threshold() == 0.1 and view.threshold() == 0.1


def test_version_1_default_is_migrated_and_a_chosen_value_kept(isolated_settings) -> None:
    qs = settings.store()
    qs.setValue("version", 1)
    qs.setValue("settings/min_containment", "0.2")
    qs.sync()
    assert settings.load()["min_containment"] == Options().min_containment
    assert settings.store().value("version") in (2, "2")
    qs = settings.store()
    qs.setValue("version", 1)
    qs.setValue("settings/min_containment", "0.35")
    qs.sync()
    assert settings.load()["min_containment"] == 0.35
    settings.save(settings.defaults() | {"min_containment": 0.2})  # chosen in version 2: kept
    assert settings.load()["min_containment"] == 0.2


def test_documents_table_sorts_by_share_and_lists_failed_files(qtbot, tmp_path: Path) -> None:
    paths = []
    for name, text in pasted_paragraph_texts().items():
        paths.append(tmp_path / name)
        paths[-1].write_text(text, encoding="utf-8")
    copy = tmp_path / "copy.txt"
    copy.write_text(pasted_paragraph_texts()["source.txt"].upper(), encoding="utf-8")
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    report = compare([*paths, copy, empty])
    [failure] = report.errors
    view = shown_view(qtbot, report)
    view.tabs.setCurrentIndex(1)
    proxy, table = view.documents_model, view.documents_table

    def cell(row: int, column: int, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        return proxy.data(proxy.index(row, column), role)

    assert proxy.rowCount() == 5
    assert (
        proxy.headerData(
            DocumentsModel.FOUND, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole
        )
        == "Found in others"
    )
    found = [cell(r, DocumentsModel.FOUND, Qt.ItemDataRole.UserRole + 1) for r in range(5)]
    assert found == sorted(found, reverse=True)  # the highest share first
    assert [cell(r, DocumentsModel.NAME) for r in range(2)] in (
        ["copy.txt", "source.txt"],
        ["source.txt", "copy.txt"],
    )
    assert cell(0, DocumentsModel.FOUND) == "100 %"
    shares = view.document_shares()
    essay = shares[str(tmp_path / "essay.txt")]
    assert essay.partner in (str(tmp_path / "source.txt"), str(copy))
    assert 0.13 < essay.share < 0.17 and shares[str(tmp_path / "other.txt")].share == 0
    last = proxy.rowCount() - 1
    assert cell(last, DocumentsModel.NAME) == "⚠ empty.txt"
    reason = presentation.failure_text(failure, lambda _c, text: text)
    assert cell(last, DocumentsModel.PARTNER) == reason and "empty" in reason
    assert reason in str(cell(last, DocumentsModel.NAME, Qt.ItemDataRole.ToolTipRole))
    assert cell(last, 0, Qt.ItemDataRole.ForegroundRole) is not None  # greyed

    # Double-click: the document's strongest pair, side by side.
    rect = table.visualRect(proxy.index(2, 0))
    row_path = proxy.data(proxy.index(2, 0), Qt.ItemDataRole.ToolTipRole)
    partner = shares[row_path].partner
    with qtbot.waitSignal(view.pair_opened) as opened:
        qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert set(opened.args) == {row_path, partner}
    assert view.is_side_by_side()
    view.close_side_by_side()
    selected = view.pairs_table.selectionModel().selectedRows()
    assert len(selected) == 1  # and that pair is selected in the list

    # Sorted by name (the model sorts itself): each row's figures stay its own, and the
    # selected row follows its document.
    table.selectRow(0)
    chosen = cell(0, DocumentsModel.NAME, Qt.ItemDataRole.ToolTipRole)
    table.sortByColumn(DocumentsModel.NAME, Qt.SortOrder.AscendingOrder)
    names = [str(cell(r, DocumentsModel.NAME)) for r in range(5)]
    assert names[-1] == "⚠ empty.txt", "unreadable files last, whatever the order"
    assert names[:-1] == sorted(names[:-1], key=str.casefold)
    table.sortByColumn(DocumentsModel.FOUND, Qt.SortOrder.AscendingOrder)
    assert cell(4, DocumentsModel.NAME) == "⚠ empty.txt"
    table.sortByColumn(DocumentsModel.NAME, Qt.SortOrder.AscendingOrder)
    for r in range(proxy.rowCount()):
        share = proxy.share(r)
        if share is not None:
            assert cell(r, DocumentsModel.NAME, Qt.ItemDataRole.ToolTipRole) == share.path
            assert cell(r, DocumentsModel.FOUND) == presentation.percent(share.share)
    [current] = table.selectionModel().selectedRows()
    assert cell(current.row(), DocumentsModel.NAME, Qt.ItemDataRole.ToolTipRole) == chosen


def test_groups_of_single_pairs_say_so_and_members_show_their_shares(qtbot) -> None:
    texts = pasted_paragraph_texts()
    singles = compare(
        [
            TextInput("a.txt", texts["source.txt"]),
            TextInput("b.txt", texts["source.txt"].upper()),
            TextInput("c.txt", texts["other.txt"]),
            TextInput("d.txt", texts["other.txt"].lower()),
        ]
    )
    view = shown_view(qtbot, singles)
    assert len(singles.clusters) == 2
    note = view.group_note.text()
    assert note.startswith("Group: Documents linked by near-copying")
    assert "Both groups are single pairs, listed in Pairs too." in note, "not 'All 2 groups'"
    assert not view.clusters_tree.topLevelItem(0).isExpanded()

    essays = compare(
        [
            TextInput("essay.txt", ESSAY),
            TextInput("upper.txt", ESSAY.upper()),
            TextInput("half.txt", ESSAY[: len(ESSAY) // 2] + " " + OTHER),
        ]
    )
    view.show_report(essays)
    [group] = essays.clusters
    assert len(group) == 3
    top = view.clusters_tree.topLevelItem(0)
    assert top.text(0) == "Group 1 (3 documents)" and top.isExpanded()
    assert "single pairs" not in view.group_note.text()
    found = {top.child(k).text(0): top.child(k).text(1) for k in range(top.childCount())}
    assert found["essay.txt"] == found["upper.txt"] == "100 %"
    assert found["half.txt"].endswith("%") and found["half.txt"] != "100 %"


def test_every_catalogue_method_has_a_plain_name_and_its_code_in_the_tooltip(qtbot) -> None:
    missing = [m.name for m in catalogue() if m.name not in method_names.NAMES]
    assert missing == [], f"name these methods in app/method_names.py: {missing}"
    assert len(set(method_names.NAMES.values())) == len(method_names.NAMES)  # told apart
    view = CompareView()
    qtbot.addWidget(view)
    combo = view.group_combo
    # the engine's own is the first entry; after a separator, the news classifier (not a
    # catalogue method: tests/gui/test_news_grouping.py)
    assert combo.count() == len(catalogue()) + 2
    assert combo.itemData(combo.count() - 1) == "news"
    for index in range(combo.count() - 2):
        code = combo.itemData(index) or "copylens"
        assert combo.itemText(index) == method_names.NAMES[code]
        assert f"Study's code: {code} · " in combo.itemData(index, Qt.ItemDataRole.ToolTipRole)


def test_similarity_column_is_explained_and_hidden_at_first(qtbot) -> None:
    texts = pasted_paragraph_texts()
    report = compare([TextInput(n, t) for n, t in texts.items()])
    view = shown_view(qtbot, report)
    model = view.pairs_model
    heads = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert heads == ["Document A", "Document B", "A found in B", "B found in A",
                     "Whole-text similarity"]  # fmt: skip
    tip = model.headerData(4, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "high only for near-duplicates" in tip
    assert view.pairs_table.isColumnHidden(4)
