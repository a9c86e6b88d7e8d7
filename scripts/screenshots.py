"""Screenshots of the real main window for the README and the docs, rendered without a display.

    python scripts/screenshots.py [--out docs/screenshots] [--lang en|ru]
    QT_QPA_PLATFORM=xcb xvfb-run -a python scripts/screenshots.py   # the same through Xvfb

Writes these PNGs (``-ru`` before ``.png`` with ``--lang ru``), 1200 × 800 for the window,
dialogs at their own size:

* ``01-empty.png`` — the window as it opens;
* ``02-check-results.png`` — a check of three documents (a Russian coursework paper with
  changed word forms, a quotation (drawn as cited) and planted Latin look-alike letters, an
  English essay with a pasted and lightly edited paragraph, an original essay) against four
  sources (.pdf, .docx, two .html), the paper with the most sources selected;
* ``03-side-by-side.png`` — that paper and a source side by side on an edited fragment;
* ``04-compare-heatmap.png`` — Compare all on eight class essays, some of them near-copies,
  each opening with the assignment, which the Ignore list holds (so it joins no pair);
* ``05-settings.png`` — the settings dialog;
* ``06-compare-grouped.png`` — the same essays grouped by the study's A12 "3+5" method;
* ``07-archive.png`` — the Archive window (Tools › Archive) after adding last year's papers
  (with author, group and year labels) and the class essays through its own Add buttons;
* ``08-check-archive.png`` — the check of ``02`` with the archive instead of last year's
  paper among the sources, "Also check against the archive" on and the checked documents
  labelled ``author=Иванова``: the archived paper is a source named by its file name and
  labels, and the student's own earlier essay is marked as self-citation;
* ``09-archive-side-by-side.png`` — the paper and the archived paper side by side;
* ``10-compare-2000.png`` — Compare all on 2,000 essays of ``bench/make_essays.py``: 30
  planted pairs (six each of reformatted and edited copies, pasted passages, changed word forms
  and look-alike letters) and four essays handed round groups of 3–5 among unrelated ones; the
  heat map fitted to the window in similarity order, the Documents tab beside it sorted by the
  share found in the others (the generator needs its source texts, ``../shared``: see
  ``bench/shared.py``);
* ``11-session-reopened.png`` — the check of ``02`` saved as a ``.copylens`` session and
  opened in a new window: inputs, settings and results back without a run;
* ``12-failed-files.png`` — a check where a damaged .docx, a scanned PDF with no text layer,
  a binary file named .txt and an empty file sit among the papers: they are listed with their
  reasons, the scanned PDF selected with its explanation;
* ``13-text-box.png`` — the New text dialog with a pasted article;
* ``14-history.png`` — the History dialog after the runs above;
* ``15-about.png``, ``16-shortcuts.png`` — Help › About and Help › Keyboard shortcuts;
* ``18-paraphrase.png`` — a copywriter's text that retells a source paragraph in other words
  (:data:`PARAPHRASE_PAIRS`), side by side on the paraphrase (needs the engine's paraphrase
  detection, issue 17: without it the scene says so and shows the copied sentence);
* ``17-file-dialog.png`` — the Open files dialog (Qt's own, not the platform's: the one whose
  words the app translates);
* ``19-web.png`` — the Web section with pasted addresses (one of them not an address, flagged)
  and "Search the web" ticked, saying how many queries at most and to which provider;
* ``19-web-result.png`` — the papers of ``02`` checked against web pages only (served by a
  small HTTP server on 127.0.0.1, local addresses allowed in the settings): the sources are
  addresses drawn as links, the address that answered 404 is underlined in the Web box and
  listed with its reason; ``19-web-side-by-side.png`` — the paper and a web page side by side,
  the page's address a link under its title.

* ``20-news-grouped.png`` — Compare all on a day's news (:data:`NEWS_STREAM`): a JSON Lines
  file with a broken line, an outlet's RSS feed and a saved page, grouped by "News duplicates
  (SVM)": the city budget told by three outlets, the match report retold once, the weather
  and exchange-rate notes on one template left apart; the broken line listed below the groups.

* ``21-certificate-form.png``, ``22-exclusions.png``, ``23-check-1024.png`` — the teacher's
  papers (issue 36): File › Certificate…, Run › Exclusions… and the results at 1024 × 640.

* ``24-retold-passage.png``, ``24-retold-side-by-side.png`` — a passage copied with two of its
  sentences retold in other words (:data:`RETOLD_PASSAGES`), shown as people read it (issue
  34): one highlight with the retold sentences tinted inside it, in the document and side by
  side. The engine's passage when it reports one (a "copy" fragment with "retold" edits);
  until it does, :func:`with_retold_passage` joins the engine's fragments of the passage into
  that one fragment itself, from the known sentences.

``--only web`` shoots the ``19`` scenes alone (quick: no compare of 2,000 essays); ``--only
news`` the ``20`` scene alone, ``--only classroom`` the ``21``–``23`` ones, ``--only basics``
the ``01``–``06`` ones, ``--only retold`` the ``24`` ones.

The sample files are written to a temporary folder, which is also the working directory while
the script runs, so the window shows short relative paths (``papers/…``) and not a random
temporary path. Settings and the history of checks go to that folder too: the user's own are
never read or written. ``QT_QPA_PLATFORM`` is taken from the environment, "offscreen" by default.

The engine starts its worker processes with ``spawn``, which imports this file again in each
of them: everything that is not a constant stays inside :func:`main`.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # app/, core/ and tests/ from a checkout

SIZE = (1200, 800)
PNG_QUALITY = 0
"""Qt's PNG "quality" sets the zlib level: 0 is the strongest compression (still lossless)."""
LANGUAGES = ("en", "ru")
SYSTEM_LOCALES = {"en": "en_US.UTF-8", "ru": "ru_RU.UTF-8"}
"""The system locale (``LANG``) of each language's run: the file dialog writes sizes and dates
in the system's locale, not the interface's."""

# ----------------------------------------------------------------------------- check: sources

TEXTBOOK = [  # sources/Экология_города_гл4.pdf — a textbook chapter
    "Глава 4. Климат города",
    "Городской остров тепла — это явление, при котором температура воздуха в центре крупного "
    "города заметно выше, чем в окружающей его сельской местности. Разница особенно велика в "
    "безветренные летние ночи и может достигать восьми–десяти градусов. Главная причина "
    "явления состоит в том, что асфальт, бетон и кирпич днём накапливают солнечное тепло, а "
    "ночью медленно отдают его воздуху. Кроме того, в городе мало растительности и открытой "
    "воды, поэтому на испарение расходуется меньше энергии, чем за городом.",
    "Дополнительное тепло выделяют автомобили, промышленные предприятия и системы "
    "кондиционирования. Плотная застройка мешает ветру уносить нагретый воздух, а узкие улицы "
    "между высокими домами работают как ловушки для солнечного излучения.",
    "Последствия острова тепла затрагивают здоровье горожан и городское хозяйство. Во время "
    "продолжительной жары растёт число обращений к врачам, особенно среди пожилых людей и "
    "людей с хроническими заболеваниями. Увеличивается расход электроэнергии на охлаждение "
    "зданий, а вместе с ним и выбросы электростанций.",
]
OLD_PAPER = [  # sources/Петров_реферат_2023.docx — last year's paper by another student
    "Зелёные насаждения являются важнейшим средством борьбы с перегревом городской среды. "
    "Кроны деревьев задерживают до девяноста процентов солнечного излучения, а листья "
    "испаряют влагу и тем самым охлаждают окружающий воздух. В жаркий день температура под "
    "деревьями городского парка бывает на пять–семь градусов ниже, чем на соседней открытой "
    "площади. Даже небольшой сквер площадью около гектара заметно смягчает микроклимат "
    "прилегающих кварталов.",
    "Кроме охлаждения, растения очищают воздух от пыли и снижают уровень шума. Исследования "
    "показывают, что жители районов с большим количеством зелени реже жалуются на стресс и "
    "чаще занимаются спортом на открытом воздухе. Поэтому при планировании новых микрорайонов "
    "необходимо заранее отводить место под парки, бульвары и озеленённые дворы.",
]
GREEN_ROOFS = [  # sources/zelenye-kryshi.html — a saved web page
    "Зелёная кровля представляет собой слой почвы и растений, уложенный на гидроизоляцию "
    "плоской крыши. Такие крыши нагреваются летом значительно меньше обычных, потому что "
    "растения поглощают солнечный свет и испаряют воду. Температура поверхности тёмной "
    "битумной кровли в солнечный день может превышать семьдесят градусов, тогда как "
    "поверхность озеленённой крыши остаётся близкой к температуре воздуха.",
    "Зелёные крыши также задерживают дождевую воду, разгружая городскую канализацию во время "
    "ливней, и продлевают срок службы кровельного покрытия.",
]
TEEN_SLEEP = [  # sources/teen-sleep-article.html — a saved web page
    "Adolescents need between eight and ten hours of sleep each night, yet surveys "
    "consistently show that most high school students get far less. Part of the problem is "
    "biological: during puberty the body releases melatonin later in the evening, so "
    "teenagers naturally feel alert until eleven o'clock or midnight. Early school start times "
    "then cut their sleep short. Chronic sleep loss affects memory, attention and mood, and it "
    "has been linked to lower grades, more car accidents among young drivers and a higher risk "
    "of depression.",
    "Screens add to the difficulty. The blue light of phones and tablets delays the release of "
    "melatonin even further, and messages arriving late at night keep the brain busy. Sleep "
    "specialists recommend putting devices away an hour before bed and keeping a regular "
    "schedule, even at weekends.",
    "Several school districts that moved the first bell to 8:30 or later reported better "
    "attendance and fewer students falling asleep in class.",
]

# ----------------------------------------------------------------------------- check: documents

LATIN_TWINS = str.maketrans("аеорсх", "aeopcx")  # Cyrillic letter → the Latin one it looks like
PLANTED = ("насаждения", "средством", "охлаждают", "температура")
"""Words of the paper that get one Latin look-alike letter each."""


def _plant_lookalikes(text: str) -> str:
    """Replace one letter of each :data:`PLANTED` word by its Latin twin, as students do to
    fool plagiarism checkers."""
    for word in PLANTED:
        assert word in text, word
        at = next(i for i, ch in enumerate(word) if i > 0 and ch.translate(LATIN_TWINS) != ch)
        twin = word[:at] + word[at].translate(LATIN_TWINS) + word[at + 1 :]
        text = text.replace(word, twin, 1)
    return text


CHAPTER_1 = "Глава 1. Причины острова тепла"
"""02-check-results.png shows the paper's text from here: two sources and the look-alikes."""
PAPER_HEAD = [  # papers/Иванова_курсовая.docx: blocks; a tuple is a heading
    ("Городской остров тепла и способы его ослабления",),
    "Курсовая работа студентки 2 курса А. Ивановой",
    ("Введение",),
    "Летом 2024 года в нашем городе несколько недель подряд стояла сильная жара, и многие "
    "жители заметили, что в центре дышать гораздо тяжелее, чем на даче. Это наблюдение и "
    "стало поводом для выбора темы. Цель работы — выяснить, почему в городе жарче, чем за его "
    "пределами, и какие меры помогают сделать городскую среду прохладнее.",
    (CHAPTER_1,),
    # The textbook's definition with changed word forms (plural, case, number).
    "Городские острова тепла — это явления, при которых температуры воздуха в центре крупных "
    "городов заметно выше, чем в окружающей их сельской местности. Разница особенно велика в "
    "безветренную летнюю ночь и может достигать десяти градусов. Главные причины явления "
    "состоят в том, что асфальт, бетон и кирпичи днём накапливают солнечное тепло, а ночью "
    "медленно отдают его воздуху. Кроме того, в городах мало растительности и открытой воды, "
    "поэтому на испарение расходуется меньше энергии, чем за городом.",
    "Я провела собственное небольшое измерение: в течение пяти вечеров в июле я записывала "
    "показания уличного термометра во дворе нашего дома в центре и сравнивала их с данными "
    "метеостанции в аэропорту. В среднем во дворе было теплее на четыре градуса.",
    # The textbook quoted properly: a citation, not a borrowing (drawn apart).
    "Авторы учебника объясняют и другие причины: «Дополнительное тепло выделяют автомобили, "
    "промышленные предприятия и системы кондиционирования. Плотная застройка мешает ветру "
    "уносить нагретый воздух, а узкие улицы между высокими домами работают как ловушки для "
    "солнечного излучения» [1, с. 112].",
    ("Глава 2. Роль зелёных насаждений",),
]
PAPER_COPIED = (  # last year's paper, nearly verbatim: here the look-alike letters go in
    "Зелёные насаждения являются важнейшим средством борьбы с перегревом городской среды. "
    "Кроны деревьев задерживают до девяноста процентов солнечного излучения, а листья "
    "испаряют влагу и тем самым охлаждают окружающий воздух. В жаркий день температура под "
    "деревьями городских парков бывает на пять–семь градусов ниже, чем на соседней открытой "
    "площади."
)
PAPER_TAIL = [
    "На мой взгляд, в нашем городе особенно не хватает деревьев вдоль широких проспектов, где "
    "летом асфальт раскаляется сильнее всего.",
    # The web page, reworded in places.
    "Ещё одним способом борьбы с перегревом являются зелёные кровли. Зелёная крыша "
    "представляет собой слой почвы и растений, который уложен на гидроизоляцию плоской крыши. "
    "Такие крыши нагреваются летом гораздо меньше обычных, так как растения поглощают "
    "солнечный свет и испаряют воду. Температура поверхности тёмной битумной кровли в "
    "солнечный день может превышать семьдесят градусов.",
    ("Заключение",),
    "Проведённый анализ показывает, что остров тепла возникает из-за искусственных покрытий, "
    "нехватки растительности и плотной застройки. Ослабить его можно, если сажать больше "
    "деревьев, создавать скверы и озеленять крыши. Я считаю, что городской администрации "
    "стоит учитывать эти меры при реконструкции центральных улиц.",
]
SLEEP_ESSAY = [  # papers/martin_school_start.docx: one paragraph pasted and lightly edited
    ("Should School Start Later?",),
    "Every morning my alarm rings at 6:15, and every morning I feel as if I have not slept at "
    "all. For a long time I thought this was simply my own laziness, but while preparing this "
    "essay I learned that it is a common problem with a clear explanation.",
    "Teenagers need between eight and ten hours of sleep every night, yet surveys consistently "
    "show that most high school students get much less. Part of the problem is biological: "
    "during puberty the body releases melatonin later in the evening, so teenagers naturally "
    "feel awake until eleven or midnight. Early school start times then cut their sleep short. "
    "Chronic sleep loss affects memory, attention and mood, and it has been linked to lower "
    "grades and a higher risk of depression.",
    "In my class almost everyone admits to checking their phone in bed, and I am no exception. "
    "Still, I do not think phones are the whole story. Even on evenings when I leave my phone "
    "in the kitchen, I lie awake for an hour before I fall asleep.",
    "I believe our school should move the first lesson to nine o'clock. The change would cost "
    "little: buses would run later and sports practice would end a little later in the "
    "evening. In return we would arrive at school ready to learn instead of counting the "
    "minutes until lunch.",
]
BICYCLE_ESSAY = (  # papers/chen_bicycles.txt: the student's own work
    "The Bicycle as a City Vehicle\n\n"
    "When my family moved to the city centre two years ago, my father sold our second car and "
    "bought three bicycles instead. At first I was embarrassed to ride to school while my "
    "friends arrived by car, but after a month I no longer wanted to go back.\n\n"
    "The most obvious advantage is time. In the morning traffic my ride of four kilometres "
    "takes fifteen minutes, while the same trip by car can take half an hour, and the bus "
    "even longer. I also never have to look for a parking place. The second advantage is "
    "money: a good bicycle costs less than one year of fuel and insurance.\n\n"
    "There are real problems too. Our city has only a few protected cycle lanes, and riding "
    "next to lorries on the ring road is frightening. In winter the lanes are cleared last, "
    "and on icy days I still take the tram.\n\n"
    "If the council built a connected network of safe lanes, I am sure many more families "
    "would follow our example, and the streets would become quieter and cleaner for everyone."
)

IVANOVA_2023 = [  # archive_2023/Иванова_эссе_2023.docx — the student's own essay of last year
    ("Микроклимат нашего двора",),
    "Меня давно интересовало, почему летом во дворе нашего дома так душно по вечерам, хотя "
    "за городом в то же время уже прохладно.",
    "Я провела собственное небольшое измерение: в течение пяти вечеров в июле я записывала "
    "показания уличного термометра во дворе нашего дома в центре и сравнивала их с данными "
    "метеостанции в аэропорту. В среднем во дворе было теплее на четыре градуса.",
    "Мне кажется, что причина в том, что двор со всех сторон окружён высокими кирпичными "
    "домами, а деревьев в нём почти не осталось. В следующем году я хочу повторить измерения "
    "в соседнем сквере.",
]
SIDOROV_2023 = [  # archive_2023/Сидоров_реферат_2023.docx — unrelated to this year's papers
    ("Общественный транспорт малого города",),
    "В малом городе автобус остаётся главным видом общественного транспорта. Маршруты "
    "проложены так, чтобы связать вокзал, рынок, больницу и новые жилые кварталы, но "
    "интервалы движения вечером достигают сорока минут.",
    "Опрос, проведённый среди жителей нашего района, показал, что две трети из них готовы "
    "чаще пользоваться автобусом, если он будет ходить по расписанию и останавливаться ближе "
    "к дому.",
]
ARCHIVE_LABELS = {
    "Петров_реферат_2023.docx": "author=Петров, group=ЭК-21, year=2023",
    "Иванова_эссе_2023.docx": "author=Иванова, group=ЭК-21, year=2023",
    "Сидоров_реферат_2023.docx": "author=Сидоров, group=ЭК-21, year=2023",
}
"""Last year's papers, added to the archive one by one with these labels."""
ESSAYS_LABELS = "group=9B, year=2024"
CHECK_LABELS = "author=Иванова, group=ЭК-22"
"""The labels of this year's check: Иванова's own essay of last year is a self-citation."""

# ----------------------------------------------------------------------------- compare all

_ANNA = (
    "Homework has been part of school life for as long as anyone can remember, but that does "
    "not mean it works. In primary school, research finds almost no link between homework "
    "and test results. Young children learn best through play, reading with their parents and "
    "simply getting enough sleep. For older students the picture is different: a moderate "
    "amount of homework, around an hour or two a night, goes together with better grades. "
    "Beyond that, the benefit disappears and stress takes its place.\n\n"
    "The real problem is not homework itself but bad homework. Worksheets that repeat what "
    "was done in class teach nothing new and make students hate the subject. Good homework "
    "asks students to read, to think and to finish something they started with curiosity. "
    "Teachers should also talk to each other, because five subjects that each set just thirty "
    "minutes add up to a long evening.\n\n"
    "In conclusion, homework should not be banned, but it should be shorter, more interesting "
    "and planned across the whole timetable."
)
_CLARA = (
    "I know that most of my classmates would vote to abolish homework tomorrow, but I want to "
    "defend it. Homework is the only part of school where nobody tells you what to do next. "
    "You have to decide when to start, how long to spend on each task and what to do when "
    "you get stuck. These are exactly the skills that adults need at work.\n\n"
    "Practice is the second reason. In mathematics or languages, understanding a rule in "
    "class is not the same as being able to use it. You only remember how to solve an "
    "equation or conjugate a verb after you have done it ten or twenty times on your own, "
    "and there is simply no time for that during the lesson.\n\n"
    "Finally, homework shows parents what their children are learning. When my mother helps "
    "me with a history project, we often end up talking about our own family's past, which "
    "is something that would never happen without the assignment."
)
_ELENA = (
    "Homework was invented for a world without the internet. Today any student can find the "
    "answers to a maths exercise in seconds, and a chatbot will write a respectable essay on "
    "almost any topic. Teachers know this, and many of them spend their evenings trying to "
    "guess which work was really done by the student.\n\n"
    "This does not mean that learning at home is useless. Reading a novel, watching a "
    "documentary or interviewing a grandparent cannot be faked, and they prepare students "
    "for a real discussion in class. The written part of the work, on the other hand, should "
    "move into the classroom, where the teacher can see how a student thinks and help at the "
    "moment it is needed.\n\n"
    "Schools that have tried this flipped model report that students ask more questions and "
    "copy less. I think it is time for our school to try it as well."
)
_GALINA = (
    "Many students in our class train three or four evenings a week, play in an orchestra or "
    "help their parents at home. For them homework is not a question of motivation but of "
    "hours. When training ends at eight o'clock, there is no energy left for two pages of "
    "exercises, and the work is either rushed or copied from a friend on the bus.\n\n"
    "Sport and music teach discipline and teamwork just as well as any worksheet. Schools "
    "should count these activities as part of a child's education instead of competing with "
    "them for the same few hours.\n\n"
)
_HUGO = (
    "In our house homework is the main cause of arguments. My younger sister cries over her "
    "spelling lists, my parents disagree about how much they should help, and dinner is often "
    "late because someone is still finishing a project. I do not think the teachers who set "
    "these tasks imagine what they do to family evenings.\n\n"
    "I would keep homework for students who want extra practice and make it optional for "
    "everyone else. Marks could depend on tests written in school, where everybody has the "
    "same conditions. Children who have a quiet room, a computer and educated parents would "
    "no longer have an advantage over those who share a kitchen table with three brothers.\n\n"
    "Free evenings would not be wasted. We would read, play outside, cook with our parents "
    "and go to bed on time, and we would come to school rested and curious."
)


def _swap(text: str, *pairs: tuple[str, str]) -> str:
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    return text


ASSIGNMENT = (
    "Essay 9B. Should homework be banned? Give your own opinion with at least two arguments "
    "and one example from your school life."
)
"""Every class essay opens with it; essays_9B/assignment.txt (the Ignore list) holds it."""
ASSIGNMENT_FILE = ASSIGNMENT + "\n\nLength: 250 to 400 words. Hand in by Friday, 12 December."


def compare_essays() -> dict[str, str]:
    """Eight essays of one class on "Should homework be banned?", by file name, each opening
    with the assignment."""
    return {name: f"{ASSIGNMENT}\n\n{text}" for name, text in _class_essays().items()}


def _class_essays() -> dict[str, str]:
    clara, elena = _CLARA.split("\n\n"), _ELENA.split("\n\n")
    return {
        "anna.txt": _ANNA,
        # Anna's essay with a few synonyms and an ending of his own.
        "boris.txt": _swap(
            _ANNA,
            ("anyone can remember", "anybody can remember"),
            ("research finds almost no link", "studies find almost no connection"),
            ("make students hate the subject", "make pupils dislike the subject"),
            ("long evening", "very long evening"),
        )
        + "\n\nI would also add that weekends should be completely free of homework, so that "
        "families can spend time together.",
        "clara.txt": _CLARA,
        # His own opening and ending around Clara's practice paragraph.
        "dmitri.txt": "I have mixed feelings about homework. Some of it helps me, and some of "
        "it only takes away the time I would rather spend on football.\n\n"
        + clara[1]
        + "\n\nSo I would keep homework in mathematics and languages and drop it everywhere "
        "else.",
        "elena.txt": _ELENA,
        # Elena's essay with the paragraphs reordered and a few words changed.
        "fedor.txt": "My opinion about homework.\n\n"
        + _swap(elena[1], ("useless", "pointless"), ("a grandparent", "an older relative"))
        + "\n\n"
        + _swap(elena[0], ("in seconds", "within seconds"))
        + "\n\n"
        + elena[2],
        # Her own essay with Elena's closing paragraph.
        "galina.txt": _GALINA + elena[2],
        "hugo.txt": _HUGO,
    }


# ----------------------------------------------------------------------------- more states

ESSAYS_2000 = 2000
"""Essays of ``10-compare-2000.png``."""
GENERATED = 4000
"""Essays ``bench/make_essays.py`` writes (seed 1) for ``10-compare-2000.png``: half of them in
planted pairs (200 of each kind), more than a class has; the 2,000 shown are unpaired ones and
:data:`PAIRS_PER_KIND` pairs of each kind."""
PAIRS_PER_KIND = 6
HANDED_ROUND = (5, 4, 3, 3)
"""Groups of ``10-compare-2000.png``'s essays that copy one essay of the group (under their own
title and closing paragraph): an essay handed round a class, beside make_essays' pairs."""
SESSION_FILE = "coursework-check.copylens"
"""The session of ``02`` saved (``11-session-reopened.png`` opens it in a new window)."""
ARTICLE = (  # 13-text-box.png: a copywriter's draft pasted into the text box
    "Why your teenager cannot get up in the morning\n\n"
    "If getting your teenager out of bed before school feels like a daily battle, you are not "
    "alone, and it is probably not laziness. Adolescents need between eight and ten hours of "
    "sleep each night, yet surveys consistently show that most high school students get far "
    "less. Part of the problem is biological: during puberty the body releases melatonin later "
    "in the evening, so teenagers naturally feel alert until eleven o'clock or midnight.\n\n"
    "What can parents do? Start with the evening, not the morning. Agree on a time when phones "
    "go to the kitchen, keep the bedroom dark and cool, and try to keep the same schedule at "
    "weekends, when the temptation to sleep until noon is strongest.\n\n"
    "And if your school is discussing a later start, support it: several districts that moved "
    "the first bell to 8:30 reported better attendance and fewer students asleep in class."
)
FAILED_SAMPLES = {  # papers/…: files that cannot be read, checked with the papers of 02
    "Смирнов_реферат.docx": "damaged",
    "Кузнецов_скан.pdf": "scanned",
    "notes.txt": "binary",
    "draft.txt": "empty",
}
SELECTED_FAILURE = "Кузнецов_скан.pdf"


# ----------------------------------------------------------------------------- sample files


def _blocks(items: list[Any]) -> list[Any]:
    """fixtures_make blocks: a 1-tuple becomes a Heading."""
    from tests.fixtures_make import Heading

    return [Heading(item[0]) if isinstance(item, tuple) else item for item in items]


def write_archive_samples(folder: Path) -> list[Path]:
    """Write last year's papers (they go to the archive) under ``folder``; their paths
    relative to it."""
    from tests.fixtures_make import make_docx

    old = Path("archive_2023")
    (folder / old).mkdir()
    papers = {
        "Петров_реферат_2023.docx": OLD_PAPER,
        "Иванова_эссе_2023.docx": _blocks(IVANOVA_2023),
        "Сидоров_реферат_2023.docx": _blocks(SIDOROV_2023),
    }
    for name, blocks in papers.items():
        make_docx(folder / old / name, blocks)
    return [old / name for name in papers]


PARAPHRASE_PAIRS: dict[str, tuple[str, str]] = {
    "en": (
        # the source: a paragraph of an article on city trees
        "Street trees lower the temperature of a city in summer. Their leaves shade the "
        "asphalt and the walls, which would otherwise store the heat of the day and give it "
        "back at night. Water evaporating from the leaves cools the air around them as well. "
        "Measurements in several European cities show that a street lined with mature trees "
        "can be up to four degrees cooler than a bare one.",
        # the copywriter's text: an opening of their own, the source retold with a thesaurus
        # (other words, another order, the facts kept) and a closing of their own
        "Anyone who has walked through a park on a hot afternoon knows the feeling. In summer, "
        "trees along the streets reduce the temperature of a town. Their foliage shades the "
        "walls and the asphalt, which otherwise would keep the day's heat and return it at "
        "night. Moisture evaporating from the leaves also cools the surrounding air. Data "
        "from a number of European cities shows that a street with mature trees can be as "
        "much as four degrees cooler than a bare street. So before you buy an air "
        "conditioner, ask your council to plant a lime.",
    ),
    "ru": (
        "Уличные деревья снижают температуру в городе летом. Их листва затеняет асфальт и "
        "стены домов, которые иначе накапливали бы дневное тепло и отдавали его ночью. Влага, "
        "испаряясь с листьев, дополнительно охлаждает окружающий воздух. Измерения в "
        "нескольких европейских городах показали, что улица со взрослыми деревьями может быть "
        "прохладнее голой улицы на четыре градуса.",
        "Каждый, кто гулял по парку в жаркий день, знает это ощущение. Летом деревья на улицах "
        "понижают температуру в городе. Листва затеняет стены домов и асфальт, которые без "
        "неё копили бы тепло днём и отдавали его ночью. Кроме того, испаряясь с листьев, влага "
        "охлаждает воздух вокруг. Измерения в ряде европейских городов показали, что улица со "
        "взрослыми деревьями бывает прохладнее улицы без деревьев на целых четыре градуса. "
        "Так что прежде чем покупать кондиционер, попросите управу посадить у дома липу.",
    ),
}
RETOLD_PASSAGES: dict[str, tuple[str, str, tuple[tuple[str, str], ...]]] = {
    "en": (
        # the source: five sentences of an article on city trees
        "Street trees lower the temperature of a city in summer. Their leaves shade the "
        "asphalt and the walls, which would otherwise store the heat of the day and give it "
        "back at night. Water evaporating from the leaves cools the air around them as well. "
        "Measurements in several European cities show that a street lined with mature trees "
        "can be up to four degrees cooler than a bare one. Trees also catch dust and soot on "
        "their leaves, and the rain washes it down into the soil.",
        # the student's text: an opening of their own, the passage copied with its third and
        # fifth sentences retold, and a closing of their own
        "Anyone who has walked through a park on a hot afternoon knows the feeling. Street "
        "trees lower the temperature of a city in summer. Their leaves shade the asphalt and "
        "the walls, which would otherwise store the heat of the day and give it back at "
        "night. Moisture rising off the foliage chills the surrounding air too. Measurements "
        "in several European cities show that a street lined with mature trees can be up to "
        "four degrees cooler than a bare one. What is more, the leaves trap grime and soot "
        "until showers rinse it into the ground. So before you buy an air conditioner, ask "
        "your council to plant a lime.",
        (
            (
                "Moisture rising off the foliage chills the surrounding air too.",
                "Water evaporating from the leaves cools the air around them as well.",
            ),
            (
                "What is more, the leaves trap grime and soot until showers rinse it into the "
                "ground.",
                "Trees also catch dust and soot on their leaves, and the rain washes it down "
                "into the soil.",
            ),
        ),
    ),
    "ru": (
        "Уличные деревья снижают температуру в городе летом. Их листва затеняет асфальт и "
        "стены домов, которые иначе накапливали бы дневное тепло и отдавали его ночью. Влага, "
        "испаряясь с листьев, дополнительно охлаждает окружающий воздух. Измерения в "
        "нескольких европейских городах показали, что улица со взрослыми деревьями может быть "
        "прохладнее голой улицы на четыре градуса. Кроме того, деревья задерживают на листьях "
        "пыль и сажу, а дождь смывает их в почву.",
        "Каждый, кто гулял по парку в жаркий день, знает это ощущение. Уличные деревья "
        "снижают температуру в городе летом. Их листва затеняет асфальт и стены домов, "
        "которые иначе накапливали бы дневное тепло и отдавали его ночью. Испарение с кроны "
        "к тому же освежает воздух вокруг. Измерения в нескольких европейских городах "
        "показали, что улица со взрослыми деревьями может быть прохладнее голой улицы на "
        "четыре градуса. Вдобавок листва собирает грязь и копоть, пока ливни не унесут их в "
        "землю. Так что прежде чем покупать кондиционер, попросите управу посадить у дома "
        "липу.",
        (
            (
                "Испарение с кроны к тому же освежает воздух вокруг.",
                "Влага, испаряясь с листьев, дополнительно охлаждает окружающий воздух.",
            ),
            (
                "Вдобавок листва собирает грязь и копоть, пока ливни не унесут их в землю.",
                "Кроме того, деревья задерживают на листьях пыль и сажу, а дождь смывает их в "
                "почву.",
            ),
        ),
    ),
}
"""24-retold-*.png: (source, a text copying it with sentences retold, the retold sentences as
(in the text, in the source)) per interface language."""


"""18-paraphrase.png: (source paragraph, a text retelling it between sentences of the
writer's own) per interface language."""


def write_samples(folder: Path) -> tuple[list[Path], list[Path], list[Path], Path]:
    """Write the check documents, the sources, the compare essays and their assignment under
    ``folder``; return their paths relative to it (the script runs there)."""
    from tests.fixtures_make import DEJAVU_SANS, make_docx, make_html, make_pdf

    if not DEJAVU_SANS.is_file():
        raise SystemExit(f"{DEJAVU_SANS} is missing (Debian: apt-get install fonts-dejavu-core)")
    papers, sources, essays = Path("papers"), Path("sources"), Path("essays_9B")
    for sub in (papers, sources, essays):
        (folder / sub).mkdir()

    documents = [
        papers / "Иванова_курсовая.docx",
        papers / "martin_school_start.docx",
        papers / "chen_bicycles.txt",
    ]
    paper = [*PAPER_HEAD, _plant_lookalikes(PAPER_COPIED), *PAPER_TAIL]
    make_docx(folder / documents[0], _blocks(paper))
    make_docx(folder / documents[1], _blocks(SLEEP_ESSAY))
    (folder / documents[2]).write_text(BICYCLE_ESSAY, encoding="utf-8")

    source_files = [
        sources / "Экология_города_гл4.pdf",
        sources / "Петров_реферат_2023.docx",
        sources / "zelenye-kryshi.html",
        sources / "teen-sleep-article.html",
    ]
    make_pdf(folder / source_files[0], "\n\n".join(TEXTBOOK), font=DEJAVU_SANS, font_size=11)
    make_docx(folder / source_files[1], OLD_PAPER)
    for path, paragraphs, title in (
        (source_files[2], GREEN_ROOFS, "Зелёные крыши"),
        (source_files[3], TEEN_SLEEP, "Why teenagers need more sleep"),
    ):
        body = f"<h1>{title}</h1>" + "".join(f"<p>{p}</p>" for p in paragraphs)
        make_html(folder / path, body, title=title)

    essay_files = []
    for name, text in compare_essays().items():
        (folder / essays / name).write_text(text, encoding="utf-8")
        essay_files.append(essays / name)
    assignment = Path("assignment_9B.txt")
    (folder / assignment).write_text(ASSIGNMENT_FILE, encoding="utf-8")
    return documents, source_files, essay_files, assignment


def write_failing_samples(folder: Path) -> list[Path]:
    """Write :data:`FAILED_SAMPLES` under ``folder``/papers; their paths relative to it."""
    from tests.fixtures_make import make_pdf, make_png

    papers = Path("papers")
    written = []
    for name, kind in FAILED_SAMPLES.items():
        path = folder / papers / name
        if kind == "damaged":  # a Word file cut off in transfer: a zip header, then nothing
            path.write_bytes(b"PK\x03\x04\x14\x00\x06\x00" + bytes(range(256)) * 8)
        elif kind == "scanned":  # a page scanned to a picture: no text layer
            make_pdf(path, image=make_png(folder / "scan.png", (600, 800), "lightgray"))
            (folder / "scan.png").unlink()
        elif kind == "binary":  # a picture saved under a .txt name
            path.write_bytes(bytes(range(256)) * 40)
        else:
            path.write_bytes(b"")
        written.append(papers / name)
    return written


def write_essays_2000(folder: Path) -> Path:
    """Write :data:`ESSAYS_2000` essays under ``folder`` (their folder relative to it): the
    unpaired essays of ``bench/make_essays.py``'s :data:`GENERATED`, :data:`PAIRS_PER_KIND`
    of its planted pairs of each kind, and :data:`HANDED_ROUND` made of unpaired ones."""
    bench = str(ROOT / "bench")
    if bench not in sys.path:
        sys.path.insert(0, bench)
    from make_essays import make_essays

    generated, essays = folder / "generated", Path("essays_2000")
    truth = make_essays(generated, GENERATED, seed=1, truth_path=folder / "truth.json")
    lang: dict[str, str] = truth["languages"]
    kept: list[dict[str, str]] = []
    for kind in truth["kinds"]:
        kept += [pair for pair in truth["pairs"] if pair["kind"] == kind][:PAIRS_PER_KIND]
    paired = {pair[end] for pair in truth["pairs"] for end in ("a", "b")}
    singles = [name for name in sorted(lang) if name not in paired]
    singles = singles[: ESSAYS_2000 - 2 * len(kept)]
    (folder / essays).mkdir()
    for name in [*singles, *(pair[end] for pair in kept for end in ("a", "b"))]:
        (generated / name).rename(folder / essays / name)
    for size in HANDED_ROUND:
        group = [name for name in singles if lang[name] == lang[singles[0]]][:size]
        singles = [name for name in singles if name not in group]
        body = (folder / essays / group[0]).read_text(encoding="utf-8").split("\n\n")
        for name in group[1:]:
            own = (folder / essays / name).read_text(encoding="utf-8").split("\n\n")
            copied = "\n\n".join([own[0], *body[1:-1], own[-1]])  # own title and ending
            (folder / essays / name).write_text(copied, encoding="utf-8")
    return essays


# ----------------------------------------------------------------------------- Qt


def settle(ms: int = 200) -> None:
    """Run the event loop for ``ms`` (layouts, deferred timers and repaints happen). The
    events already posted (layout requests) are delivered before and after whatever the
    loop got to: on a loaded machine its timer can fire first, and a list measured then
    still had its old height (23-check-1024 once came out with the Web box squeezed)."""
    from copylens.app.qt import QtCore

    QtCore.QCoreApplication.sendPostedEvents()
    loop = QtCore.QEventLoop()
    QtCore.QTimer.singleShot(ms, loop.quit)
    loop.exec()
    QtCore.QCoreApplication.sendPostedEvents()


def run_engine(window: Any, timeout_s: int = 300) -> None:
    """Start the window's run and wait in a QEventLoop until its controller is done."""
    from copylens.app.qt import QtCore

    controller = window.controller
    loop = QtCore.QEventLoop()
    outcome: list[str] = []
    controller.finished.connect(lambda _report: (outcome.append("finished"), loop.quit()))
    controller.failed.connect(lambda message, _details: (outcome.append(message), loop.quit()))
    controller.cancelled.connect(lambda: (outcome.append("cancelled"), loop.quit()))
    QtCore.QTimer.singleShot(timeout_s * 1000, loop.quit)
    window.start_run()
    if not controller.is_running():
        raise SystemExit("the run did not start: " + window.statusBar().currentMessage())
    loop.exec()
    if outcome != ["finished"]:
        raise SystemExit(f"the run did not finish: {outcome or 'timed out'}")
    settle()


def quiet_offscreen_notice() -> None:
    """Drop the one message the offscreen plugin prints for every window with a minimum size
    ("does not support propagateSizeHints()"): it has no window manager to pass sizes to."""
    from copylens.app.qt import QtCore

    previous: list[Any] = []

    def handler(kind: Any, context: Any, message: str) -> None:
        if "propagateSizeHints" in message:
            return
        if previous and previous[0] is not None:
            previous[0](kind, context, message)
        else:
            sys.stderr.write(message + "\n")

    previous.append(QtCore.qInstallMessageHandler(handler))


def fit_inputs(window: Any, rows: int) -> None:
    """Give the input lists the height of ``rows`` rows (and the check page's archive row
    its own) and the results the rest."""
    panel = window.panels[window.input_lists()[0]]
    lst = panel.input_list
    lists = rows * max(lst.sizeHintForRow(0), 1) + 2 * lst.frameWidth() + 6
    height = panel.title_label.sizeHint().height() + 8 + lists
    if window.mode == "check":
        height += window.archive_bar.sizeHint().height() + 4
    total = sum(window.main_splitter.sizes())
    window.main_splitter.setSizes([height, total - height])
    fullest = max(window.input_lists(), key=lambda each: each.count())
    for _ in range(20):  # grow until the fullest list shows ``rows`` rows without scrolling
        settle(20)
        if fullest.count() > rows or fullest.verticalScrollBar().maximum() == 0:
            break
        height += 2
        window.main_splitter.setSizes([height, total - height])


def wait_for(condition: Any, timeout_s: int = 300) -> None:
    """Run the event loop until ``condition()`` holds."""
    import time

    end = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > end:
            raise SystemExit("timed out waiting for the window")
        settle(50)


def save(widget: Any, path: Path) -> None:
    settle()
    if not widget.grab().save(str(path), "PNG", PNG_QUALITY):
        raise SystemExit(f"could not write {path}")
    print(path)


def checked_at_chapter_1(window: Any) -> Any:
    """Run the check, select the document with the most sources and scroll its text to the
    first chapter; its result."""
    run_engine(window)
    result = select_busiest_document(window)
    settle()
    text = window.check_page.results[result.path][1]
    if CHAPTER_1 in text:
        scroll_to_line(window.check_page.document_view.text_view, text.index(CHAPTER_1))
    return result


def select_busiest_document(window: Any) -> Any:
    """Select the checked document with the most sources; return its result."""
    from copylens.app.pages.check_page import PATH_ROLE

    page = window.check_page
    tree = page.results_tree
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    items = [item for item in items if item.data(0, PATH_ROLE) in page.results]  # not failed
    best = max(items, key=lambda item: len(page.results[item.data(0, PATH_ROLE)][0].sources))
    tree.setCurrentItem(best)
    return page.results[best.data(0, PATH_ROLE)][0]


def scroll_to_line(view: Any, offset: int) -> None:
    """Scroll a HighlightTextView so that the line with ``offset`` is the first one shown."""
    view.go_to(offset)
    bar = view.verticalScrollBar()
    while view.cursorRect().top() > 4 and bar.value() < bar.maximum():
        bar.setValue(bar.value() + 1)


def pick_fragment(result: Any) -> tuple[int, int]:
    """(source row, fragment index) of the fragment with the most look-alike letters, then
    the most edits: the one that shows the most of what side by side can do."""
    lookalikes = result.homoglyph_offsets

    def score(item: tuple[int, int]) -> tuple[int, int]:
        fragment = result.sources[item[0]].fragments[item[1]]
        planted = sum(fragment.start <= at < fragment.end for at in lookalikes)
        return planted, len(fragment.edits)

    candidates = [
        (row, n) for row, match in enumerate(result.sources) for n in range(len(match.fragments))
    ]
    return max(candidates, key=score)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument(
        "--only",
        choices=("basics", "web", "news", "classroom", "retold"),
        help="shoot only these scenes",
    )
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.lang == "en" else f"-{args.lang}"

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if args.lang in SYSTEM_LOCALES:  # as on that language's desktop (Qt's file dialog uses it)
        os.environ["LANG"] = SYSTEM_LOCALES[args.lang]
    from copylens.app import i18n, settings
    from copylens.app.qt import QtCore, QtGui, QtWidgets

    quiet_offscreen_notice()
    from copylens.app.window import MainWindow

    home = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="copylens-screenshots-") as tmp:
        work = Path(tmp)
        os.environ["COPYLENS_HISTORY"] = str(work / "history.sqlite")  # not the user's
        ini = QtCore.QSettings.Format.IniFormat
        for scope in (QtCore.QSettings.Scope.UserScope, QtCore.QSettings.Scope.SystemScope):
            QtCore.QSettings.setPath(ini, scope, str(work / "settings"))
        documents, sources, essays, assignment = write_samples(work)
        if args.only is None:
            archived = write_archive_samples(work)
            failing = write_failing_samples(work)
            many = write_essays_2000(work)
        os.chdir(work)
        try:
            app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["CopyLens"])
            QtGui.QGuiApplication.setApplicationDisplayName("CopyLens")
            QtWidgets.QApplication.setCursorFlashTime(0)  # a caret is drawn, not mid-blink
            if args.lang != "en" and i18n.install_translator(app, args.lang) != args.lang:
                raise SystemExit(f"no translation for {args.lang!r}")
            values = settings.defaults() | {"ui_language": args.lang}
            window = MainWindow(values)
            window.resize(*SIZE)
            window.show()
            window.activateWindow()  # as for a user: focus frames and the caret are drawn
            if args.only == "basics":
                shoot(window, out, suffix, documents, sources, essays, assignment)
            if args.only is None:
                shoot(window, out, suffix, documents, sources, essays, assignment)
                shoot_archive(window, out, suffix, documents, sources, essays, archived)
                shoot_compare_2000(window, out, suffix, many)
                shoot_session(values, out, suffix)
                shoot_failures(window, out, suffix, documents, sources, failing)
                shoot_dialogs(window, out, suffix)
                shoot_paraphrase(window, out, suffix, work, args.lang)
            if args.only in (None, "web"):
                shoot_web(window, out, suffix, documents)
            if args.only in (None, "news"):
                shoot_news(window, out, suffix, write_news_samples(work))
            if args.only in (None, "classroom"):
                shoot_classroom(window, out, suffix, documents, sources)
            if args.only in (None, "retold"):
                shoot_retold(window, out, suffix, work, args.lang)
            window.close()
        finally:
            os.chdir(home)
    return 0


def shoot(
    window: Any,
    out: Path,
    suffix: str,
    documents: list[Path],
    sources: list[Path],
    essays: list[Path],
    assignment: Path,
) -> None:
    from copylens.app.qt import QtWidgets

    def name(stem: str) -> Path:
        return out / f"{stem}{suffix}.png"

    save(window, name("01-empty"))

    window.set_mode("check")
    window.documents_list.add_paths(documents)
    window.sources_list.add_paths(sources)
    fit_inputs(window, max(len(documents), len(sources)))
    result = checked_at_chapter_1(window)
    view = window.check_page.document_view
    save(window, name("02-check-results"))
    if not window.sessions.save_to(str(Path(SESSION_FILE).absolute())):
        raise SystemExit(f"could not save the session {SESSION_FILE}")

    view.open_side_by_side(*pick_fragment(result))
    save(window, name("03-side-by-side"))
    view.close_side_by_side()

    window.set_mode("compare")
    window.compare_list.add_paths(essays)
    window.compare_ignore_list.add_paths([assignment])
    run_engine(window)
    compare = window.compare_page.view
    compare.pairs_table.selectRow(0)
    right = compare.splitter.widget(1)  # pairs over groups: show every group
    groups = compare.clusters_tree
    groups.expandAll()  # each member with its share
    rows = sum(1 + groups.topLevelItem(i).childCount() for i in range(groups.topLevelItemCount()))
    settle()
    around = right.widget(1).height() - groups.viewport().height()  # title, note, header
    wanted = rows * groups.sizeHintForRow(0) + around + 4
    right.setSizes([sum(right.sizes()) - wanted, wanted])
    save(window, name("04-compare-heatmap"))

    compare.set_grouping_method("A12")
    while compare.is_grouping():
        settle(50)
    compare.clusters_tree.expandAll()
    settle()
    save(window, name("06-compare-grouped"))
    compare.set_grouping_method("")

    dialog = window.open_settings()
    settle()
    dialog.findChild(QtWidgets.QDialogButtonBox).button(
        QtWidgets.QDialogButtonBox.StandardButton.Ok
    ).setFocus()
    save(dialog, name("05-settings"))
    dialog.reject()


def shoot_classroom(
    window: Any, out: Path, suffix: str, documents: list[Path], sources: list[Path]
) -> None:
    """The teacher's papers (issue 36): ``21-certificate-form.png`` (File › Certificate…, with
    the checked documents labelled ``author=Иванова, group=301``), ``22-exclusions.png`` (Run ›
    Exclusions…, a source ticked, matches under 12 words hidden) and ``23-check-1024.png`` (the
    results after those exclusions, the window at 1024 × 640)."""
    from copylens.app.certificate import CertificateDialog
    from copylens.app.exclusions_dialog import ExclusionsDialog
    from copylens.app.qt import Qt
    from copylens.core import exclude

    def name(stem: str) -> Path:
        return out / f"{stem}{suffix}.png"

    window.set_mode("check")
    window.documents_list.clear_inputs()
    window.sources_list.clear_inputs()
    window.documents_list.add_paths(documents)
    window.sources_list.add_paths(sources)
    fit_inputs(window, max(len(documents), len(sources)))
    run_engine(window)
    select_busiest_document(window)
    report = window.reports["check"]
    form = CertificateDialog(report, "author=Иванова, group=301", window)
    form.fields["institution"].setText("Иркутский государственный университет")
    form.fields["checker"].setText("Петров П. П.")
    form.show()
    save(form, name("21-certificate-form"))
    form.reject()
    dialog = ExclusionsDialog(report, window)
    dialog.words.setValue(12)
    dialog.sources.item(dialog.sources.count() - 1).setCheckState(Qt.CheckState.Checked)
    dialog.show()
    save(dialog, name("22-exclusions"))
    shown = exclude(report, dialog.exclusions())
    dialog.reject()
    window.reports["check"] = shown
    window.show_report("check", shown, fresh=True)
    size = window.size()
    window.resize(1024, 640)
    select_busiest_document(window)
    save(window, name("23-check-1024"))
    window.resize(size)


def shoot_archive(
    window: Any,
    out: Path,
    suffix: str,
    documents: list[Path],
    sources: list[Path],
    essays: list[Path],
    archived: list[Path],
) -> None:
    """07–09: the archive filled through its window, then a check against it."""

    def name(stem: str) -> Path:
        return out / f"{stem}{suffix}.png"

    window.apply_settings(window.settings_values | {"archive": "archive.sqlite"})
    archive = window.open_archive_window()
    archive.resize(*SIZE)
    for path in archived:
        archive.labels_edit.setText(ARCHIVE_LABELS[path.name])
        if not archive.add_paths([path]):
            raise SystemExit(f"the archive window did not start adding {path}")
        wait_for(lambda: not archive.busy())
    archive.labels_edit.setText(ESSAYS_LABELS)
    archive.add_paths([essays[0].parent])
    wait_for(lambda: not archive.busy())
    if archive.load_error or len(archive.shown_documents()) != len(archived) + len(essays):
        raise SystemExit(f"the archive holds {archive.shown_documents()}: {archive.load_error}")
    archive.labels_edit.clear()
    archive.select_ids([d.id for d in archive.shown_documents() if "Петров" in d.name])
    archive.table.setFocus()
    save(archive, name("07-archive"))
    archive.close()

    window.set_mode("check")
    window.sources_list.clear_inputs()
    window.sources_list.add_paths([p for p in sources if "Петров" not in p.name])
    bar = window.archive_bar
    bar.use_box.setChecked(True)
    bar.labels_edit.setText(CHECK_LABELS)
    bar.labels_edit.editingFinished.emit()
    fit_inputs(window, max(len(documents), len(sources)))
    result = checked_at_chapter_1(window)
    view = window.check_page.document_view
    if not any(s.archive_id is not None for s in result.sources):
        raise SystemExit("no archived source was found")
    save(window, name("08-check-archive"))

    row = next(n for n, s in enumerate(result.sources) if "Петров" in s.path)
    view.open_side_by_side(row, 0)
    save(window, name("09-archive-side-by-side"))
    view.close_side_by_side()


def shoot_compare_2000(window: Any, out: Path, suffix: str, folder: Path) -> None:
    """10: Compare all on the 2,000 generated essays."""
    window.set_mode("compare")
    window.compare_list.clear_inputs()
    window.compare_ignore_list.clear_inputs()
    window.compare_list.add_paths([folder])
    wait_for(lambda: not window.compare_list.scanning)
    if window.compare_list.count() != ESSAYS_2000:
        raise SystemExit(f"{window.compare_list.count()} essays listed, not {ESSAYS_2000}")
    fit_inputs(window, 3)
    run_engine(window, timeout_s=900)
    compare = window.compare_page.view
    heatmap = compare.heatmap
    if not heatmap.by_similarity():
        heatmap.set_by_similarity(True)
    heatmap.fit()
    compare.tabs.setCurrentIndex(1)  # documents, by the share found in the others
    compare.documents_table.selectRow(0)
    compare.documents_table.scrollToTop()
    total = sum(compare.splitter.sizes())
    compare.splitter.setSizes([total * 11 // 20, total - total * 11 // 20])
    right = compare.splitter.widget(1)  # documents over groups
    total = sum(right.sizes())
    right.setSizes([total * 3 // 5, total - total * 3 // 5])
    save(window, out / f"10-compare-2000{suffix}.png")


def shoot_session(values: dict[str, Any], out: Path, suffix: str) -> None:
    """11: the session saved after 02, opened in a new window."""
    from copylens.app.pages.check_page import PATH_ROLE
    from copylens.app.window import MainWindow

    second = MainWindow(values)
    second.resize(*SIZE)
    second.show()
    second.activateWindow()
    settle()
    if not second.sessions.open(str(Path(SESSION_FILE).absolute())):
        raise SystemExit(f"could not open the session {SESSION_FILE}")
    if second.sessions.review is not None:  # saved here with these settings: none expected
        second.sessions.review.use_button.click()
    page = second.check_page
    fit_inputs(second, max(len(second.documents_list.inputs()), len(second.sources_list.inputs())))
    select_busiest_document(second)
    settle()
    text = page.results[page.results_tree.currentItem().data(0, PATH_ROLE)][1]
    if CHAPTER_1 in text:
        scroll_to_line(page.document_view.text_view, text.index(CHAPTER_1))
    save(second, out / f"11-session-reopened{suffix}.png")
    second.close()
    second.deleteLater()
    settle()


def shoot_failures(
    window: Any,
    out: Path,
    suffix: str,
    documents: list[Path],
    sources: list[Path],
    failing: list[Path],
) -> None:
    """12: the papers of 02 checked with files that cannot be read, the scanned PDF selected."""
    from copylens.app.pages.check_page import PATH_ROLE

    window.set_mode("check")
    bar = window.archive_bar
    bar.use_box.setChecked(False)
    bar.labels_edit.clear()
    bar.labels_edit.editingFinished.emit()
    window.documents_list.clear_inputs()
    window.documents_list.add_paths([*documents, *failing])
    window.sources_list.clear_inputs()
    window.sources_list.add_paths(sources)
    fit_inputs(window, 5)
    run_engine(window)
    tree = window.check_page.results_tree
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    chosen = [i for i in items if Path(str(i.data(0, PATH_ROLE))).name == SELECTED_FAILURE]
    if len(items) != len(documents) + len(failing) or not chosen:
        raise SystemExit(f"{len(items)} results listed, {SELECTED_FAILURE} not among them")
    tree.setCurrentItem(chosen[0])
    tree.setFocus()
    splitter = window.check_page.splitter  # room for the reasons beside the file names
    total = sum(splitter.sizes())
    splitter.setSizes([total * 2 // 5, total - total * 2 // 5])
    save(window, out / f"12-failed-files{suffix}.png")


def shoot_paraphrase(window: Any, out: Path, suffix: str, folder: Path, lang: str) -> None:
    """18: a text retelling a source paragraph, side by side on its first paraphrase."""
    source_text, text = PARAPHRASE_PAIRS.get(lang, PARAPHRASE_PAIRS["en"])
    rewrites = Path("rewrites")
    (folder / rewrites).mkdir(exist_ok=True)
    document, source = rewrites / "city-trees-draft.txt", rewrites / "city-trees-article.txt"
    (folder / document).write_text(text, encoding="utf-8")
    (folder / source).write_text(source_text, encoding="utf-8")
    window.set_mode("check")
    window.archive_bar.use_box.setChecked(False)
    window.documents_list.clear_inputs()
    window.documents_list.add_paths([document])
    window.sources_list.clear_inputs()
    window.sources_list.add_paths([source])
    fit_inputs(window, 2)
    run_engine(window)
    result = select_busiest_document(window)
    settle()
    found = [
        (row, n)
        for row, match in enumerate(result.sources)
        for n, fragment in enumerate(match.fragments)
        if getattr(fragment, "kind", "copy") == "paraphrase"
        or any(e.kind == "retold" for e in fragment.edits)  # retold inside a copied passage
    ]
    if not found:
        raise RuntimeError("18-paraphrase: the engine found no paraphrase in the rewrite")
    view = window.check_page.document_view
    view.open_side_by_side(*found[0])
    save(window, out / f"18-paraphrase{suffix}.png")
    view.close_side_by_side()


def shoot_retold(window: Any, out: Path, suffix: str, folder: Path, lang: str) -> None:
    """24: a passage copied with two sentences retold, in the document and side by side."""
    source_text, text, retold = RETOLD_PASSAGES.get(lang, RETOLD_PASSAGES["en"])
    passages = Path("passages")
    (folder / passages).mkdir(exist_ok=True)
    document, source = passages / "city-trees-essay.txt", passages / "city-trees-article.txt"
    (folder / document).write_text(text, encoding="utf-8")
    (folder / source).write_text(source_text, encoding="utf-8")
    window.set_mode("check")
    window.archive_bar.use_box.setChecked(False)
    window.documents_list.clear_inputs()
    window.documents_list.add_paths([document])
    window.sources_list.clear_inputs()
    window.sources_list.add_paths([source])
    fit_inputs(window, 2)
    run_engine(window)
    report = window.check_page._report  # the engine's, as the page shows it
    passage_report = with_retold_passage(report, source_text, text, retold)
    if passage_report is not report:
        window.show_report("check", passage_report, fresh=True)
    result = select_busiest_document(window)
    settle()
    view = window.check_page.document_view
    save(window, out / f"24-retold-passage{suffix}.png")
    row, n = next(
        (row, n)
        for row, match in enumerate(result.sources)
        for n, fragment in enumerate(match.fragments)
        if any(e.kind == "retold" for e in fragment.edits)
    )
    view.open_side_by_side(row, n)
    save(window, out / f"24-retold-side-by-side{suffix}.png")
    view.close_side_by_side()


def with_retold_passage(
    report: Any, source_text: str, text: str, retold: tuple[tuple[str, str], ...]
) -> Any:
    """``report`` when the engine already reports the passage as one fragment with "retold"
    edits; otherwise the report with the source's fragments inside the passage (from the
    source's first sentence to the last retold one, in the text) joined into that one
    fragment, the ``retold`` sentences its edits, and the shares counted again over the
    text's words (:func:`copylens.core.coverage.words_inside`: an approximation of the
    engine's, which counts its canonical words)."""
    from dataclasses import replace

    from copylens.core import Edit, Fragment
    from copylens.core.coverage import words_inside

    doc = report.documents[0]
    if not doc.sources:
        raise RuntimeError("24-retold: the engine found nothing of the passage")
    match = doc.sources[0]
    if any(e.kind == "retold" for f in match.fragments for e in f.edits):
        return report
    first = source_text.split(". ")[0]
    start, end = text.index(first), text.index(retold[-1][0]) + len(retold[-1][0])
    edits = tuple(
        Edit(
            "retold",
            text.index(mine),
            text.index(mine) + len(mine),
            source_text.index(theirs),
            source_text.index(theirs) + len(theirs),
        )
        for mine, theirs in retold
    )
    words = len(text[start:end].split())
    exact = words - sum(len(mine.split()) for mine, _ in retold)
    passage = Fragment(start, end, 0, len(source_text), words, exact, edits)
    outside = tuple(f for f in match.fragments if f.end <= start or f.start >= end)
    fragments = tuple(sorted((*outside, passage), key=lambda f: f.start))
    found, total = words_inside(text, [(f.start, f.end) for f in fragments])
    share = found / total
    used, source_words = words_inside(source_text, [(0, len(source_text))])
    source = replace(
        match,
        fragments=fragments,
        containment=share,
        exclusive=share,
        reverse_containment=used / source_words,
        matched_words=round(share * doc.counted_words),
    )
    document = replace(
        doc,
        sources=(source, *doc.sources[1:]),
        borrowed=share,
        uniqueness=1.0 - share - doc.cited - doc.self_cited,
    )
    return replace(report, documents=(document, *report.documents[1:]))


WEB_PAGES = {  # path on the local server: (title, paragraphs)
    "/city/zelenye-kryshi.html": ("Зелёные крыши", GREEN_ROOFS),
    "/books/ekologiya-goroda/glava-4": ("Глава 4. Климат города", TEXTBOOK[1:]),
    "/health/teen-sleep": ("Why teenagers need more sleep", TEEN_SLEEP),
}
"""19: the pages the web scenes download (the texts of the saved sources of ``02``)."""


def serve_pages(pages: dict[str, tuple[str, list[str]]]) -> Any:
    """A threaded HTTP server on 127.0.0.1 serving ``pages`` as HTML (404 for any other
    path); stop it with ``shutdown()``. Its ``url(path)`` is a page's address."""
    import html
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    bodies = {
        path: (
            f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}"
            f"</title></head><body><article><h1>{html.escape(title)}</h1>"
            + "".join(f"<p>{html.escape(p)}</p>" for p in paragraphs)
            + "</article></body></html>"
        ).encode()
        for path, (title, paragraphs) in pages.items()
    }

    class Pages(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = bodies.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            body = body or b"<p>Not found</p>"
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
    server.url = lambda path: f"http://127.0.0.1:{server.server_address[1]}{path}"  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def shoot_web(window: Any, out: Path, suffix: str, documents: list[Path]) -> None:
    """19: the Web section before a run, then the papers checked against web pages only."""
    server = serve_pages(WEB_PAGES)
    settings = window.settings_values
    try:
        window.set_mode("check")
        window.archive_bar.use_box.setChecked(False)
        window.apply_settings(
            settings | {"web_allow_local": True, "web_provider": "yandex", "web_max_queries": 20}
        )
        window.documents_list.clear_inputs()
        window.documents_list.add_paths(documents)
        window.sources_list.clear_inputs()
        window.ignore_list.clear_inputs()
        addresses = [server.url(path) for path in WEB_PAGES]
        gone = server.url("/news/2019/heat-wave-moscow")
        panel = window.web_panel
        panel.set_lines([*addresses, "www.example.org/article", gone])
        panel.search_box.setChecked(True)
        fit_inputs(window, 5)
        window.check_page.clear()
        window.reports["check"] = None
        window.refresh()
        save(window, out / f"19-web{suffix}.png")

        panel.set_lines([*addresses, gone])
        panel.search_box.setChecked(False)
        checked_at_chapter_1(window)
        save(window, out / f"19-web-result{suffix}.png")
        view = window.check_page.document_view
        view.open_side_by_side(0)
        save(window, out / f"19-web-side-by-side{suffix}.png")
        view.close_side_by_side()
    finally:  # the scenes after check no web page (the server is gone) with the settings before
        window.web_panel.set_lines([])
        window.web_panel.search_box.setChecked(False)
        window.apply_settings(settings)
        server.shutdown()
        server.server_close()


_BUDGET = [
    "Городская дума Самары утвердила бюджет на 2027 год. Доходы составят 58,4 млрд рублей, "
    "расходы — 61,2 млрд рублей.",
    "Дефицит бюджета покроют за счёт кредитов. Больше всего денег получат образование и ремонт "
    "дорог: на школы направят 19 млрд рублей.",
    "Глава комитета по бюджету Ирина Орлова заявила, что город впервые за пять лет увеличит "
    "расходы на общественный транспорт.",
]
_BUDGET_RETOLD = [
    "Депутаты Самары приняли городской бюджет на 2027 год. Доходы составят 58,4 млрд рублей, "
    "расходы — 61,2 млрд рублей.",
    "Дефицит покроют за счёт кредитов. Больше всего средств получат образование и ремонт "
    "дорог: на школы направят 19 млрд рублей.",
    "Как сообщила глава комитета по бюджету Ирина Орлова, город впервые за пять лет увеличит "
    "расходы на общественный транспорт.",
]
_MATCH = [
    "«Крылья Советов» обыграли «Ростов» со счётом 3:1 в матче 17-го тура РПЛ. Дубль оформил "
    "Владислав Сарвели.",
    "Самарцы поднялись на шестое место в таблице. Следующий матч команда сыграет 28 ноября "
    "в Москве против «Спартака».",
]
_MATCH_RETOLD = [
    "«Крылья Советов» победили «Ростов» — 3:1. Два мяча в матче 17-го тура РПЛ забил "
    "Владислав Сарвели.",
    "После победы самарцы поднялись на шестое место. 28 ноября команда сыграет в Москве со "
    "«Спартаком».",
]


def _weather(day: int, low: int, high: int, wind: int) -> list[str]:
    return [
        f"{day} ноября в Самаре ожидается облачная погода, ночью от {low} до {low - 2} градусов, "
        f"днём от {high} до {high + 2} градусов.",
        f"Ветер юго-западный, {wind}–{wind + 3} м/с. Атмосферное давление 748 мм ртутного столба.",
    ]


NEWS_STREAM = [
    (
        "samara-budget",
        "Дума Самары утвердила бюджет на 2027 год",
        _BUDGET,
        "2026-11-20T09:00:00+03:00",
        "Волжская коммуна",
    ),
    (
        "weather-20",
        "Погода в Самаре на 20 ноября",
        _weather(20, -3, 1, 4),
        "2026-11-20T07:00:00+03:00",
        "Самара Сегодня",
    ),
    (
        "krylia-rostov",
        "«Крылья Советов» обыграли «Ростов»",
        _MATCH,
        "2026-11-20T21:10:00+03:00",
        "Спорт-Экспресс",
    ),
    (
        "weather-21",
        "Погода в Самаре на 21 ноября",
        _weather(21, -6, -1, 7),
        "2026-11-21T07:00:00+03:00",
        "Самара Сегодня",
    ),
    (
        "krylia-rostov-2",
        "Сарвели принёс «Крыльям» победу над «Ростовом»",
        _MATCH_RETOLD,
        "2026-11-20T23:40:00+03:00",
        "Самарское обозрение",
    ),
]
"""20: the JSON Lines stream (id, title, paragraphs, published, source); the feed and the page
of :func:`write_news_samples` retell the budget story."""


def write_news_samples(folder: Path) -> Path:
    """20: ``news/day.jsonl`` (with a broken line), ``news/obozrenie.rss``,
    ``news/pages/volga-budget.html``; returns the folder."""
    import json

    news = folder / "news"
    (news / "pages").mkdir(parents=True, exist_ok=True)
    lines = [
        json.dumps(
            {"id": i, "title": t, "text": "\n\n".join(p), "published": d, "source": s},
            ensure_ascii=False,
        )
        for i, t, p, d, s in NEWS_STREAM
    ]
    lines.insert(3, '{"id": "rates-20", "title": "Курс доллара", "text": ')  # cut short
    (news / "day.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    retold = "<br/><br/>".join(_BUDGET_RETOLD)
    (news / "obozrenie.rss").write_text(
        '<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel>'
        "<title>Самарское обозрение</title><link>https://obozrenie.example</link>"
        "<item><title>В Самаре приняли бюджет города</title>"
        "<link>https://obozrenie.example/news/budget-2027</link>"
        "<guid>obozrenie-budget-2027</guid>"
        "<pubDate>Fri, 20 Nov 2026 10:30:00 +0000</pubDate>"
        f"<description><![CDATA[{retold}]]></description></item></channel></rss>\n",
        encoding="utf-8",
    )
    paragraphs = "".join(f"<p>{p}</p>" for p in _BUDGET_RETOLD[:2] + _BUDGET[2:])
    (news / "pages" / "volga-budget.html").write_text(
        '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8">'
        "<title>Бюджет Самары на 2027 год принят</title>"
        '<meta property="og:site_name" content="Новости Поволжья">'
        '<meta property="article:published_time" content="2026-11-21T08:15:00+03:00">'
        "</head><body><article><h1>Бюджет Самары на 2027 год принят</h1>"
        f"{paragraphs}</article></body></html>\n",
        encoding="utf-8",
    )
    return news


def shoot_news(window: Any, out: Path, suffix: str, folder: Path) -> None:
    """20: Compare all on a day's news, grouped by the news classifier."""
    window.set_mode("compare")
    window.compare_list.clear_inputs()
    window.compare_ignore_list.clear_inputs()
    window.compare_list.add_paths([folder])
    wait_for(lambda: not window.compare_list.scanning)
    fit_inputs(window, 3)
    run_engine(window)
    compare = window.compare_page.view
    compare.set_grouping_method("news")
    wait_for(lambda: not compare.is_grouping())
    total = sum(compare.splitter.sizes())
    compare.splitter.setSizes([total * 2 // 5, total - total * 2 // 5])
    right = compare.splitter.widget(1)  # pairs over groups
    total = sum(right.sizes())
    right.setSizes([total * 1 // 4, total - total * 1 // 4])
    save(window, out / f"20-news-grouped{suffix}.png")


def shoot_dialogs(window: Any, out: Path, suffix: str) -> None:
    """13–17: the text box, History, About, Keyboard shortcuts and the Open files dialog."""
    from copylens.app.about import AboutDialog, ShortcutsDialog
    from copylens.app.qt import QtCore, QtGui, QtWidgets

    def name(stem: str) -> Path:
        return out / f"{stem}{suffix}.png"

    editor = window.new_text()
    editor.text_edit.setPlainText(ARTICLE)
    editor.text_edit.moveCursor(QtGui.QTextCursor.MoveOperation.End)  # as after a paste
    save(editor, name("13-text-box"))
    editor.reject()

    history = window.sessions.show_history()
    history.tree.setCurrentItem(history.tree.topLevelItem(0))
    history.tree.expandItem(history.tree.topLevelItem(0))
    save(history, name("14-history"))
    history.close()

    for dialog, stem in (
        (AboutDialog(window), "15-about"),
        (ShortcutsDialog(window), "16-shortcuts"),
    ):
        dialog.show()
        save(dialog, name(stem))
        dialog.close()
        dialog.deleteLater()

    # The window's Open files (InputsArea.open_into), as a dialog object to show and grab.
    filters = window.inputs.file_filters(window.documents_list)
    files = QtWidgets.QFileDialog(
        window, window.inputs.open_files_title(), str(Path("papers").absolute()), filters
    )
    files.setOption(QtWidgets.QFileDialog.Option.DontUseNativeDialog)
    files.setFileMode(QtWidgets.QFileDialog.FileMode.ExistingFiles)
    files.setViewMode(QtWidgets.QFileDialog.ViewMode.Detail)
    files.resize(900, 560)
    files.show()
    listing = files.findChild(QtWidgets.QTreeView, "treeView")
    wait_for(lambda: listing.model().rowCount(listing.rootIndex()) > 0)
    settle(300)  # the folder is read in the background
    chosen = listing.model().index(str(Path("papers", "Иванова_курсовая.docx").absolute()))
    flags = QtCore.QItemSelectionModel.SelectionFlag
    listing.selectionModel().select(chosen, flags.ClearAndSelect | flags.Rows)  # not selectFile:
    listing.setCurrentIndex(chosen)  # it selects nothing here (offscreen)
    for column in range(listing.model().columnCount()):
        listing.resizeColumnToContents(column)
    places = files.findChild(QtWidgets.QSplitter, "splitter")
    places.setSizes([180, sum(places.sizes()) - 180])
    save(files, name("17-file-dialog"))
    files.reject()
    files.deleteLater()


if __name__ == "__main__":
    sys.exit(main())
