"""The news groups of a Compare all as rows of the groups tree (issue 18): each group's items
by title (or id) with their source and time, in the order of publication, then its pairs with
which item duplicates which and the classifier's probability; the news inputs that could not be
read in a row of their own; and the note on what a news group is.

:class:`copylens.app.views.groups_panel.GroupsPanel` runs the grouping
(:mod:`copylens.app.news_grouping`) and puts these rows in its tree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from copylens.app import i18n, news_grouping, presentation, terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets
from copylens.app.terms import QT_TRANSLATE_NOOP
from copylens.app.views.looks import tr_in
from copylens.core import InputFailure

if TYPE_CHECKING:
    from copylens.app.news_grouping import NewsGrouping


class NewsRows(QtCore.QObject):
    """The rows of a news grouping in the interface language (the ``owner``'s palette and
    style give the pairs' grey and the failures' icon)."""

    def __init__(self, owner: QtWidgets.QWidget) -> None:
        super().__init__(owner)
        self._owner = owner

    def rows(self, grouping: NewsGrouping) -> list[QtWidgets.QTreeWidgetItem]:
        """A row per group, its items and pairs as children (groups in the order of their
        first item); then the inputs that could not be read, if any."""
        items, files = grouping.items, grouping.files
        rows: list[QtWidgets.QTreeWidgetItem] = []
        by_group: dict[str, int] = {}
        for n, group in enumerate(grouping.clusters):
            by_group.update(dict.fromkeys(group, n))
        pairs_of: dict[int, list[Any]] = {}
        for pair in grouping.pairs:
            pairs_of.setdefault(by_group.get(pair.a, -1), []).append(pair)

        def name(item_id: str) -> str:
            item = items.get(item_id)
            return news_grouping.item_name(item, files[item_id]) if item else item_id

        def when(item_id: str) -> tuple[float, str]:
            item = items.get(item_id)
            stamp = item.timestamp if item is not None else None
            return (float("inf") if stamp is None else stamp, item_id)

        for n, (group, index) in enumerate(
            sorted(
                ((g, k) for k, g in enumerate(grouping.clusters)),
                key=lambda gk: min(map(when, gk[0])),
            ),
            start=1,
        ):  # groups in the order of their first item, items in the order of publication
            label = self.tr("Group {0} (%n news items)", "", len(group)).format(n)
            top = QtWidgets.QTreeWidgetItem([label])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            members = sorted(group, key=when)
            number = {item_id: k for k, item_id in enumerate(members, start=1)}
            for item_id in members:
                top.addChild(self._item_row(grouping, item_id, number[item_id], name))
            for pair in sorted(
                pairs_of.get(index, ()), key=lambda p: sorted((number[p.a], number[p.b]))
            ):
                top.addChild(self._pair_row(pair, number, name))
            rows.append(top)
        if grouping.failures:
            rows.append(self._failures_row(grouping))
        return rows

    def empty(self, grouping: NewsGrouping) -> QtWidgets.QTreeWidgetItem:
        """The row saying why there is no group."""
        empty = QtWidgets.QTreeWidgetItem(
            [
                self.tr("No groups: none of the news items duplicates another")
                if len(grouping.items)
                else self.tr("No news items could be read")
            ]
        )
        empty.setFlags(Qt.ItemFlag.NoItemFlags)
        return empty

    def _item_row(
        self, grouping: NewsGrouping, item_id: str, number: int, name: Callable[[str], str]
    ) -> QtWidgets.QTreeWidgetItem:
        """A news item of a group: its number and title, its source and time."""
        item = grouping.items.get(item_id)
        where = ""
        if item is not None:
            where = " · ".join(x for x in (item.source.strip(), news_grouping.item_time(item)) if x)
        row = QtWidgets.QTreeWidgetItem([f"{number}. {name(item_id)}", where or "—"])
        if item is not None:
            row.setToolTip(0, news_grouping.item_place(item, grouping.files[item_id]))
        return row

    def _pair_row(
        self, pair: Any, number: Mapping[str, int], name: Callable[[str], str]
    ) -> QtWidgets.QTreeWidgetItem:
        """A pair of a group: which item duplicates which (by number; by title in the
        tooltip), and the classifier's probability."""
        a, b = str(number[pair.a]), str(number[pair.b])
        long_a, long_b = f"“{name(pair.a)}”", f"“{name(pair.b)}”"
        if pair.relation == "a_duplicates_b":
            text = self.tr("{0} duplicates {1}").format(a, b)
            tip = self.tr("{0} duplicates {1}").format(long_a, long_b)
        elif pair.relation == "b_duplicates_a":
            text = self.tr("{0} duplicates {1}").format(b, a)
            tip = self.tr("{0} duplicates {1}").format(long_b, long_a)
        else:
            text = self.tr("{0} and {1}: each duplicates the other").format(a, b)
            tip = self.tr("{0} and {1}: each duplicates the other").format(long_a, long_b)
        probability = presentation.number(pair.probability, i18n.current_language(), 2)
        row = QtWidgets.QTreeWidgetItem(
            ["↳ " + text, self.tr("probability {0}").format(probability)]
        )
        row.setToolTip(0, tip)
        row.setToolTip(1, self.tr("The classifier's probability that the two retell one story"))
        row.setForeground(0, self._owner.palette().brush(QtGui.QPalette.ColorRole.PlaceholderText))
        row.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return row

    def _failures_row(self, grouping: NewsGrouping) -> QtWidgets.QTreeWidgetItem:
        """The news inputs that could not be read, each with its reason."""
        translate = QtCore.QCoreApplication.translate
        names = presentation.display_names(f.path for f in grouping.failures)
        top = QtWidgets.QTreeWidgetItem(
            [self.tr("Could not be read (%n)", "", len(grouping.failures))]
        )
        top.setIcon(
            0,
            self._owner.style().standardIcon(QtWidgets.QStyle.StandardPixmap.SP_MessageBoxWarning),
        )
        for failure in grouping.failures:
            reason = failure_text(failure, translate)
            child = QtWidgets.QTreeWidgetItem([f"{names[failure.path]} — {reason}"])
            child.setToolTip(0, f"{failure.path}\n{reason}")
            top.addChild(child)
        return top

    def note(self, grouping: NewsGrouping) -> str:
        """What a news group is, and how many items were read from how many files."""
        language = i18n.current_language()
        count = len(grouping.items)
        note = self.tr(
            "news items that the classifier judges to retell one story, each compared with "
            "the items up to {0} days before it; the later item duplicates the earlier."
        ).format(presentation.number(news_grouping.WINDOW_DAYS, language, 0))
        sources = len(set(grouping.files.values()))
        read = (
            self.tr("1 news item read") if count == 1 else self.tr("%n news items read", "", count)
        )
        read += " " + (
            self.tr("from 1 file") if sources == 1 else self.tr("from %n files", "", sources)
        )
        return f"{terms.label('group', tr_in)}: {note}\n{read}"


def failure_text(failure: InputFailure, translate: Any) -> str:
    """Why a news input failed, in the reader's language, with its place ("line 4: …") when
    the engine gave one beside the template."""
    text = presentation.failure_text(failure, translate)
    place = dict(failure.params).get("place")
    if place and "{place}" not in failure.template and not text.startswith(place):
        number = place.removeprefix("line ")
        if number.isdigit():  # the engine's "line N", in the reader's language
            place = translate("NewsRows", _LINE).format(number)
        text = f"{place}: {text}"
    return text


_LINE = QT_TRANSLATE_NOOP("NewsRows", "line {0}")
"""The line of a JSON Lines file a failure is about."""
