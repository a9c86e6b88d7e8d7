"""The heat map's controls: above the matrix the order box and the zoom buttons, below it the
colour legend (:class:`HeatLegend`) and a caption that says what a cell holds.

:class:`HeatControls` makes them for a :class:`copylens.app.views.heatmap.HeatMap`: the
``header`` layout goes at the top of the map's layout; the ``footer`` widget is a child of the
map, which places it right under the matrix (it stays visible at any zoom). What the controls
ask for comes as signals; the controls keep no state of the map.
"""

from __future__ import annotations

from copylens.app import i18n, presentation, terms
from copylens.app.qt import Qt, QtCore, QtGui, QtWidgets, Signal
from copylens.app.views import colors


class HeatLegend(QtWidgets.QWidget):
    """The colour scale, 0 to 100 %."""

    def sizeHint(self) -> QtCore.QSize:
        fm = self.fontMetrics()
        return QtCore.QSize(fm.horizontalAdvance("100 %") * 5, 12 + fm.height() + 2)

    def minimumSizeHint(self) -> QtCore.QSize:
        return self.sizeHint()

    def paintEvent(self, event: QtGui.QPaintEvent) -> None:
        painter = QtGui.QPainter(self)
        fm = self.fontMetrics()
        half = fm.horizontalAdvance("100 %") // 2
        bar = QtCore.QRect(half, 1, self.width() - 2 * half, 10)
        gradient = QtGui.QLinearGradient(
            QtCore.QPointF(bar.topLeft()), QtCore.QPointF(bar.topRight())
        )
        for k in range(11):
            gradient.setColorAt(k / 10, colors.heat_color(k / 10))
        painter.fillRect(bar, gradient)
        painter.setPen(QtGui.QColor("#888888"))
        painter.drawRect(bar.adjusted(0, 0, -1, -1))
        painter.setPen(self.palette().color(QtGui.QPalette.ColorRole.WindowText))
        y = bar.bottom() + 2 + fm.ascent()
        for share in (0.0, 0.5, 1.0):
            text = presentation.percent(share, i18n.current_language())
            x = bar.left() + round(share * (bar.width() - 1))
            painter.drawText(x - fm.horizontalAdvance(text) // 2, y, text)


class HeatControls(QtCore.QObject):
    """The order box and zoom buttons (``header``), the legend and caption (``footer``).

    Signals:
        orderChanged(bool): the order box changed: by similarity (True) or as listed.
        zoomIn(), zoomOut(), fitRequested(): a zoom button was pressed.
    """

    orderChanged = Signal(bool)
    zoomIn = Signal()
    zoomOut = Signal()
    fitRequested = Signal()

    def __init__(self, owner: QtWidgets.QWidget) -> None:
        super().__init__(owner)
        self.header = self._make_header()
        self.footer = self._make_footer(owner)

    def _make_header(self) -> QtWidgets.QHBoxLayout:
        self.order_combo = QtWidgets.QComboBox()
        self.order_combo.addItem(self.tr("by similarity"), True)
        self.order_combo.addItem(self.tr("as listed"), False)
        self.order_combo.setToolTip(
            self.tr(
                "By similarity: documents that share text sit together, the closest copies "
                "top left. As listed: the order of the document list."
            )
        )
        self.order_combo.currentIndexChanged.connect(
            lambda _index: self.orderChanged.emit(bool(self.order_combo.currentData()))
        )
        order_label = QtWidgets.QLabel(self.tr("Order:"))
        order_label.setBuddy(self.order_combo)
        self.zoom_out_button = _tool_button("−", self.tr("Zoom out (−)"), self.zoomOut)
        self.zoom_in_button = _tool_button(
            "+", self.tr("Zoom in (+, or the mouse wheel); drag to move"), self.zoomIn
        )
        self.fit_button = _tool_button(
            self.tr("Fit"), self.tr("Show the whole matrix (0)"), self.fitRequested
        )
        header = QtWidgets.QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(order_label)
        header.addWidget(self.order_combo)
        header.addStretch(1)
        for button in (self.zoom_out_button, self.zoom_in_button, self.fit_button):
            header.addWidget(button)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        self.order_combo.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        return header

    def _make_footer(self, owner: QtWidgets.QWidget) -> QtWidgets.QWidget:
        self.legend = HeatLegend()
        translate = QtCore.QCoreApplication.translate
        self.caption = QtWidgets.QLabel(
            self.tr(
                "Cell: {0}, A = row document, B = column document. Click a cell to compare "
                "side by side."
            ).format(terms.label("a_found_in_b", translate))
        )
        self.caption.setWordWrap(True)
        self.caption.setToolTip(
            terms.tip("a_found_in_b", translate)
            + "\n"
            + self.tr(
                "Where room is short, documents sharing text get wider rows than the others, "
                "so that their cells stay visible."
            )
        )
        footer = QtWidgets.QWidget(owner)  # placed under the matrix by the map
        box = QtWidgets.QHBoxLayout(footer)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.legend, 0, Qt.AlignmentFlag.AlignTop)
        box.addSpacing(8)
        box.addWidget(self.caption, 1)
        return footer


def _tool_button(text: str, tip: str, clicked: QtCore.SignalInstance) -> QtWidgets.QToolButton:
    button = QtWidgets.QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAutoRaise(False)
    button.clicked.connect(clicked)
    return button
