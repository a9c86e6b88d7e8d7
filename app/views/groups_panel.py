"""The groups of near-copies of a Compare all, and their regrouping (issue 16, issue 18).

Groups come from the engine's containment by default; the *Grouped by* selector regroups the
same documents with any method of the catalogue (``copylens.core.lab``), off the Qt thread
(``copylens.app.worker``), from the texts the comparison already extracted. A grouping that
fails is shown in the app's error dialog, with its traceback. *Stop* beside the selector
cancels a grouping under way. Groups say what a group is, show each member's share found in
the other members (``copylens.core.group_shares``), and when every group is just one pair say
so in one line, the groups folded.

"News duplicates (SVM)" (``copylens.app.news_grouping``) groups news items instead: it reads
them from the news files the comparison could not read (JSON Lines, feeds) and the saved pages
it compared, and shows each group's items by title, source and time, then its pairs with how
one relates to the other and the classifier's probability; what could not be read (a broken
line) is listed under the groups. Those rows are :class:`~copylens.app.views.news_rows.NewsRows`'.

The panel belongs to :class:`copylens.app.views.compare_view.CompareView`, which gives it the
report shown and selects a document's strongest pair when one is activated here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from copylens.app import method_names, news_grouping, terms
from copylens.app.errors_dialog import show_error
from copylens.app.qt import Qt, QtGui, QtWidgets, Signal
from copylens.app.views.looks import bold_label, percent, setting_label, tr_in
from copylens.app.views.news_rows import NewsRows
from copylens.app.worker import Work, Worker
from copylens.core import CompareReport, group_shares

if TYPE_CHECKING:
    from copylens.app.news_grouping import NewsGrouping
    from copylens.core import Grouping

NEWS = news_grouping.METHOD
_tr = tr_in
_percent = percent
_setting_label = setting_label


class GroupsPanel(QtWidgets.QWidget):
    """The *Grouped by* selector, its Stop button, a note on what a group is, and the tree of
    groups (documents with their shares, or news items with their pairs).

    Signals:
        document_activated(str): a document of a group was activated (double-click, Enter).
    """

    document_activated = Signal(str)

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._report: CompareReport | None = None
        self._names: dict[str, str] = {}
        self._paths: list[str] = []
        self._grouper = Worker(self)
        self._pending_method: str | None = None
        self._stopped = False
        self._news = NewsRows(self)
        self.clusters_title = bold_label(self.tr("Groups of near-copies"))
        self.clusters_title.setToolTip(terms.tip("group", _tr))
        self.group_combo = self._method_selector()
        self.group_stop = self._stop_button()
        self.group_note = QtWidgets.QLabel()
        self.group_note.setWordWrap(True)
        self.group_note.setForegroundRole(QtGui.QPalette.ColorRole.PlaceholderText)
        self.clusters_tree = self._groups_tree()
        self._lay_out()

    # --- builders -----------------------------------------------------------------------
    def _method_selector(self) -> QtWidgets.QComboBox:
        """The engine's containment first, then every catalogue method by its plain name
        (the study's code in the tooltip), then the news classifier."""
        combo = QtWidgets.QComboBox()
        combo.setObjectName("groupMethod")
        combo.setSizeAdjustPolicy(
            QtWidgets.QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        combo.setMinimumContentsLength(16)
        combo.addItem(method_names.shown_name("copylens"), "")
        from copylens.core import catalogue  # here, not at the app's start (~0.2 s)

        for m in catalogue():
            if m.name == "copylens":
                combo.setItemData(
                    0, method_names.shown_tip(m.name, m.title), Qt.ItemDataRole.ToolTipRole
                )
                continue  # the engine's containment: the first entry already
            combo.addItem(method_names.shown_name(m.name), m.name)
            combo.setItemData(
                combo.count() - 1,
                method_names.shown_tip(m.name, m.title),
                Qt.ItemDataRole.ToolTipRole,
            )
        combo.insertSeparator(combo.count())
        combo.addItem(method_names.shown_name(NEWS), NEWS)
        combo.setItemData(
            combo.count() - 1,
            _tr("MethodNames", method_names.NEWS_TIP),
            Qt.ItemDataRole.ToolTipRole,
        )
        combo.setToolTip(
            self.tr("Method that decides which documents are near-duplicates of each other")
        )
        combo.currentIndexChanged.connect(self._on_group_method)
        return combo

    def _stop_button(self) -> QtWidgets.QPushButton:
        button = QtWidgets.QPushButton(self.tr("Stop"))
        button.setObjectName("groupStop")
        button.setToolTip(self.tr("Stop the grouping under way"))
        button.clicked.connect(self.stop_grouping)
        button.hide()
        return button

    def _groups_tree(self) -> QtWidgets.QTreeWidget:
        tree = QtWidgets.QTreeWidget()
        tree.setColumnCount(2)
        tree.setHeaderLabels(
            [self.tr("Group and its documents"), self.tr("Found in the other members")]
        )
        tree.headerItem().setToolTip(
            1, self.tr("Share of the document's words found in the other documents of its group")
        )
        tree.header().setStretchLastSection(False)
        tree.header().setSectionResizeMode(0, QtWidgets.QHeaderView.ResizeMode.Stretch)
        tree.header().setSectionResizeMode(1, QtWidgets.QHeaderView.ResizeMode.ResizeToContents)
        tree.setUniformRowHeights(True)
        tree.itemActivated.connect(self._on_cluster_item)
        return tree

    def _lay_out(self) -> None:
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.clusters_title)
        group_label = QtWidgets.QLabel(self.tr("Grouped by:"))
        group_label.setBuddy(self.group_combo)
        head = QtWidgets.QHBoxLayout()  # a row of its own: the methods' names are long
        head.addWidget(group_label)
        head.addWidget(self.group_combo, 1)
        head.addWidget(self.group_stop)
        layout.addLayout(head)
        layout.addWidget(self.group_note)
        layout.addWidget(self.clusters_tree, 1)

    # --- public -----------------------------------------------------------------------
    def grouping_method(self) -> str:
        """The catalogue method the groups come from, or "" for the engine's containment."""
        return str(self.group_combo.currentData() or "")

    def set_grouping_method(self, name: str) -> bool:
        """Select the grouping method by name ("" for containment); False if unknown."""
        index = self.group_combo.findData(name)
        if index < 0:
            return False
        self.group_combo.setCurrentIndex(index)
        return True

    def is_grouping(self) -> bool:
        return self._grouper.busy()

    def stop_grouping(self) -> bool:
        """Cancel the grouping under way (the selector keeps its method); False if none."""
        self._pending_method = None
        self._stopped = self._grouper.cancel()
        return self._stopped

    def shutdown(self) -> None:
        """Stop a running grouping and wait for its thread (the window is closing)."""
        self._pending_method = None
        self._grouper.shutdown()

    def show_report(
        self, report: CompareReport | None, names: dict[str, str], paths: list[str]
    ) -> None:
        """Group ``report``'s documents (``paths``, in the documents list's order; shown by
        ``names``) with the selected method; None clears the panel."""
        self._report, self._names, self._paths = report, names, paths
        if report is None:
            self.shutdown()
            self.clusters_tree.clear()
            self.group_note.clear()
            return
        self._on_group_method()

    # --- grouping in the background -----------------------------------------------------
    def _on_group_method(self, *_: object) -> None:
        if self._report is None:
            return
        name = self.grouping_method()
        self._stopped = False
        if not name:
            self._pending_method = None
            self._grouper.cancel()
            self._fill_clusters(self._report.clusters)
            return
        self._pending_method = name
        self._show_clusters_message(
            self.tr("Grouping by “{0}”…").format(method_names.shown_name(name)), name
        )
        if not self._grouper.cancel():
            self._start_pending_grouping()

    def _start_pending_grouping(self) -> None:
        name, self._pending_method = self._pending_method, None
        self._update_stop()
        if not name or self._report is None:
            if self._stopped and self._report is not None:
                self._show_clusters_message(
                    self.tr("Grouping stopped. Choose a method to group again."),
                    self.grouping_method(),
                )
            return
        if name == NEWS:
            self._start_news_grouping()
            return
        texts = self._report.texts
        named = [(path, texts[path]) for path in self._paths if path in texts]
        from copylens.core import group_texts, method

        chosen = method(name)

        def group(work: Work) -> Grouping:
            return group_texts(named, chosen, cancel=work.cancelled)

        self._grouper.start(
            group,
            done=self._on_grouping,
            failed=self._on_grouping_failed,
            cancelled=self._start_pending_grouping,
            name="copylens-group",
        )
        self._update_stop()

    def _start_news_grouping(self) -> None:
        """Read the report's news inputs and group their items, in the background."""
        report = self._report
        assert report is not None
        paths = self._news_paths()
        if not paths:
            self._show_clusters_message(
                self.tr(
                    "No news to group: add JSON Lines (.jsonl, .ndjson), feeds (.xml, .rss, "
                    ".atom) or saved pages (.html, .htm) to the documents to compare."
                ),
                NEWS,
            )
            self.clusters_title.setText(self.tr("Groups of near-copies"))
            return

        def group(work: Work) -> NewsGrouping:
            return news_grouping.group_news(paths, work)

        self._grouper.start(
            group,
            done=self._on_grouping,
            failed=self._on_grouping_failed,
            cancelled=self._start_pending_grouping,
            progress=self._on_news_progress,
            name="copylens-news",
        )
        self._update_stop()

    def _news_paths(self) -> list[str]:
        if self._report is None:
            return []
        failed = (e.path for e in self._report.errors)
        return news_grouping.news_paths(self._report.documents, failed)

    def _on_news_progress(self, stage: str, done: int, total: int) -> None:
        names = {
            "reading": self.tr("Reading news files: {0} of {1}"),
            "analyzing": self.tr("Analysing news items: {0} of {1}"),
            "comparing": self.tr("Comparing pairs of news items: {0} of {1}"),
        }
        text = names.get(stage, stage + ": {0} / {1}").format(done, total)
        item = self.clusters_tree.topLevelItem(0)
        if item is not None and self.clusters_tree.topLevelItemCount() == 1:
            item.setText(0, text)

    def _update_stop(self) -> None:
        self.group_stop.setVisible(self._grouper.busy())

    def _on_grouping(self, grouping: Grouping | NewsGrouping) -> None:
        self._update_stop()
        if self._pending_method is not None:
            self._start_pending_grouping()
        elif grouping.method == self.grouping_method():
            if isinstance(grouping, news_grouping.NewsGrouping):
                self._fill_news(grouping)
            else:
                self._fill_clusters(grouping.clusters, grouping.method)

    def _on_grouping_failed(self, message: str, details: str) -> None:
        self._update_stop()
        if self._pending_method is not None:
            self._start_pending_grouping()
            return
        self.clusters_tree.clear()  # no groups to show for this method
        show_error(self, self.tr("Grouping failed: {0}").format(message), details)

    # --- the tree -----------------------------------------------------------------------
    def _set_tree_headers(self, news: bool) -> None:
        head = self.clusters_tree.headerItem()
        if news:
            head.setText(0, self.tr("Group and its news items"))
            head.setText(1, self.tr("Source and time"))
            head.setToolTip(
                1, self.tr("Outlet and publication time; for a pair, the classifier's probability")
            )
        else:
            head.setText(0, self.tr("Group and its documents"))
            head.setText(1, self.tr("Found in the other members"))
            head.setToolTip(
                1,
                self.tr("Share of the document's words found in the other documents of its group"),
            )

    def _fill_news(self, grouping: NewsGrouping) -> None:
        """The news groups (:class:`NewsRows`), the inputs that could not be read below."""
        tree = self.clusters_tree
        tree.clear()
        self._set_tree_headers(True)
        tree.addTopLevelItems(self._news.rows(grouping))
        tree.expandAll()
        self.group_note.setText(self._news.note(grouping))
        if not grouping.clusters:
            tree.insertTopLevelItem(0, self._news.empty(grouping))
        self.clusters_title.setText(
            self.tr("Groups of near-copies ({0})").format(len(grouping.clusters))
        )

    def _show_clusters_message(self, text: str, method: str = "") -> None:
        self.clusters_tree.clear()
        self._set_tree_headers(method == NEWS)
        self.group_note.setText(self._group_meaning(method))
        item = QtWidgets.QTreeWidgetItem([text])
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.clusters_tree.addTopLevelItem(item)

    def _group_meaning(self, method: str = "") -> str:
        """What a group is, with the threshold or the method that made it."""
        news = (
            sum(1 for e in self._report.errors if news_grouping.is_news_file(e.path))
            if (self._report)
            else 0
        )
        if method == NEWS:
            return f"{terms.label('group', _tr)}: " + self.tr(
                "news items that the classifier judges to retell one story."
            )
        if method:
            how = self.tr("Here: documents that “{0}” finds to be near-duplicates.").format(
                method_names.shown_name(method)
            )
        else:
            how = self.tr("Here: sharing at least {0} ({1}).").format(
                _percent(self._report.options.cluster_threshold if self._report else 0.5),
                _setting_label("cluster_threshold"),
            )
        text = f"{terms.label('group', _tr)}: {terms.tip('group', _tr)}. {how}"
        if news and method != NEWS:
            text += "\n" + self.tr(
                "%n news files (JSON Lines, feeds) are grouped only by “{0}”.", "", news
            ).format(method_names.shown_name(NEWS))
        return text

    def _fill_clusters(self, groups: tuple[tuple[str, ...], ...], method: str = "") -> None:
        self.clusters_tree.clear()
        self._set_tree_headers(False)
        for n, (group, counted) in enumerate(
            zip(groups, group_shares(self._report, groups), strict=True), start=1
        ):
            shares = {s.path: s for s in counted}
            label = self.tr("Group {0} (%n documents)", "", len(group)).format(n)
            top = QtWidgets.QTreeWidgetItem([label])
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            top.setFirstColumnSpanned(False)
            for path in group:
                share = shares[path]
                found = _percent(share.share) if share.pairs else "—"
                child = QtWidgets.QTreeWidgetItem([self._names.get(path, path), found])
                child.setToolTip(0, path)
                child.setToolTip(
                    1,
                    self.tr("Share of the document's words found in the other members")
                    if share.pairs
                    else self.tr("No pair with another member was computed for it"),
                )
                child.setTextAlignment(
                    1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                )
                child.setData(0, Qt.ItemDataRole.UserRole, path)
                top.addChild(child)
            self.clusters_tree.addTopLevelItem(top)
        singles = bool(groups) and all(len(g) == 2 for g in groups)
        note = self._group_meaning(method)
        if singles:
            self.clusters_tree.collapseAll()
            note += "\n" + self._singles_note(len(groups), method)
        else:
            self.clusters_tree.expandAll()
        self.group_note.setText(note)
        if not groups:
            self._show_clusters_message(
                self.tr("No groups: no document is mostly contained in another one")
                if not method
                else self.tr("No groups: “{0}” ({1}) finds no near-duplicates here").format(
                    method_names.shown_name(method), method
                ),
                method,
            )
        self.clusters_title.setText(self.tr("Groups of near-copies ({0})").format(len(groups)))

    def _singles_note(self, count: int, method: str) -> str:
        """Every group is one pair: say so once rather than repeat the pairs."""
        if count == 1:
            return (
                self.tr("The only group is a single pair, listed in Pairs too.")
                if not method
                else self.tr("The only group is a pair of two documents.")
            )
        if count == 2:  # not "All 2 groups"
            return (
                self.tr("Both groups are single pairs, listed in Pairs too.")
                if not method
                else self.tr("Both groups are pairs of two documents.")
            )
        return (
            self.tr("All %n groups are single pairs, listed in Pairs too.", "", count)
            if not method
            else self.tr("All %n groups are pairs of two documents.", "", count)
        )

    def _on_cluster_item(self, item: QtWidgets.QTreeWidgetItem, _column: int) -> None:
        path = item.data(0, Qt.ItemDataRole.UserRole)
        if path:
            self.document_activated.emit(str(path))
