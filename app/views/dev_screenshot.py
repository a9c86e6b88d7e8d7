"""Render the result views offscreen to PNG files, to look at them without a display.

    python -m app.views.dev_screenshot [OUT_DIR]     # default /tmp

Writes ``views_document.png`` (a check result with three sources and look-alike letters),
``views_side_by_side.png``, ``views_compare.png`` (eight documents) and
``views_compare_side_by_side.png``, each 1100 × 700.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from app.qt import QtWidgets
from core.engine import check, compare
from core.prepare import TextInput
from core.report import CheckReport, CompareReport

SIZE = (1100, 700)

SOURCE_HISTORY = (
    "Первые вычислительные машины занимали целые комнаты и потребляли огромное количество "
    "электроэнергии. Программы для них писали в машинных кодах, а ввод данных выполнялся с "
    "помощью перфокарт. Появление транзисторов позволило уменьшить размеры компьютеров и "
    "сделать их надёжнее. Позднее интегральные схемы открыли дорогу персональным "
    "компьютерам, которые появились в каждом офисе и почти в каждом доме."
)
SOURCE_NETWORKS = (
    "Глобальная сеть Интернет выросла из небольшого военного проекта, соединявшего несколько "
    "университетов. Протоколы передачи данных разрабатывались открыто, и любой желающий мог "
    "предложить улучшения. Благодаря этому сеть быстро распространилась по всему миру и "
    "стала основой современной экономики, образования и общения людей."
)
SOURCE_SECURITY = (
    "Информационная безопасность требует постоянного внимания со стороны администраторов. "
    "Злоумышленники ищут уязвимости в программах и пользуются невнимательностью "
    "сотрудников. Регулярное обновление систем, резервное копирование и обучение персонала "
    "остаются самыми действенными способами защиты."
)
LOOKALIKES = str.maketrans({"о": "o", "е": "e"})
DOCUMENT = (
    "Реферат по истории вычислительной техники.\n\n"
    "В этой работе рассматривается развитие компьютеров и сетей за последние семьдесят лет. "
    "Автор опирается на открытые источники и собственные наблюдения.\n\n"
    + SOURCE_HISTORY.split(" Появление")[0]
    + "\n\nМой дедушка рассказывал, как в молодости работал оператором такой машины и "
    "часами раскладывал колоды перфокарт по ящикам, чтобы не перепутать порядок.\n\n"
    "Появление"
    + SOURCE_HISTORY.split(" Появление")[1]
    + "\n\nОтдельного внимания заслуживает история сетей. "
    "Глобальная сеть Интернет выросла из маленького военного проекта, который соединял "
    "несколько университетов. Протоколы передачи данных разрабатывали открыто, и каждый "
    "желающий мог предложить свои улучшения. Благодаря этому сеть быстро распространилась по "
    "всему миру и стала основой современной экономики, образования и общения людей.\n\n"
    + SOURCE_SECURITY.translate(LOOKALIKES)
    + "\n\nВ заключение можно сказать, что вычислительная техника продолжает меняться, и "
    "предсказать её облик через двадцать лет почти невозможно."
)

ESSAY = (
    "Climate change is one of the defining challenges of our time. Rising temperatures melt "
    "glaciers, raise sea levels and make droughts and floods more frequent. Scientists agree "
    "that the burning of fossil fuels is the main driver of the warming observed since the "
    "middle of the twentieth century. Reducing emissions requires cleaner energy, efficient "
    "buildings and new habits of transport and consumption."
)
ESSAY_2 = (
    "Urban gardens turn empty lots into places where neighbours grow vegetables together. "
    "They improve the diet of families, cool the streets in summer and give children a chance "
    "to learn where food comes from. City councils increasingly support such projects with "
    "land, water and small grants."
)
ESSAY_3 = (
    "Reading fiction trains empathy: following the thoughts of a character, the reader "
    "practises seeing the world from another point of view. Studies of brain activity show "
    "that stories engage the same regions that we use to understand real people around us."
)


def document_report() -> CheckReport:
    return check(
        [TextInput("essays/referat_ivanov.txt", DOCUMENT)],
        [
            TextInput("sources/history_of_computers.txt", SOURCE_HISTORY),
            TextInput("sources/internet_wiki.html", SOURCE_NETWORKS),
            TextInput("sources/security_handbook.pdf", SOURCE_SECURITY),
        ],
    )


def compare_report() -> CompareReport:
    docs = [
        TextInput("class7/anna.txt", ESSAY + " I think we must act now, before it is too late."),
        TextInput("class7/boris.txt", ESSAY.replace("defining", "biggest") + " " + ESSAY_3),
        TextInput(
            "class7/clara.txt",
            "My essay is about gardens. " + ESSAY_2 + " I like to help my grandmother there.",
        ),
        TextInput("class7/dmitri.txt", ESSAY_2.replace("neighbours", "people") + " " + ESSAY),
        TextInput("class7/elena.txt", ESSAY_3 + " This is why I read every evening."),
        TextInput("class7/fedor.txt", DOCUMENT),
        TextInput("class7/galina.txt", SOURCE_NETWORKS + " " + SOURCE_SECURITY),
        TextInput(
            "class7/hugo.txt",
            "Football is my favourite sport. I play it with my friends every weekend and watch "
            "the matches of my team on television with my father and brother.",
        ),
    ]
    return compare(docs)


def main(out_dir: str = "/tmp") -> list[Path]:
    from app.views import CompareView, DocumentView

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(sys.argv[:1])
    out = Path(out_dir)
    saved: list[Path] = []

    def grab(widget: QtWidgets.QWidget, name: str) -> None:
        app.processEvents()
        path = out / f"views_{name}.png"
        widget.grab().save(str(path))
        saved.append(path)

    report = document_report()
    [result] = report.documents
    view = DocumentView()
    view.resize(*SIZE)
    view.show_result(result, report.texts[result.path], report.texts)
    view.show()
    grab(view, "document")
    view.open_side_by_side(0, 1)
    grab(view, "side_by_side")
    view.close_side_by_side()

    creport = compare_report()
    cview = CompareView()
    cview.resize(*SIZE)
    cview.show_report(creport, 0.2)
    cview.show()
    grab(cview, "compare")
    pair = creport.pairs[0]
    cview.open_pair(pair.a, pair.b)
    grab(cview, "compare_side_by_side")
    return saved


if __name__ == "__main__":
    for saved_path in main(*sys.argv[1:2]):
        print(saved_path)
