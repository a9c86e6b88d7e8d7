"""The archive tests' own small texts: essays of a few paragraphs (English, Russian), their
planted copies, and quickly made distinct filler texts for the tests that add thousands."""

from __future__ import annotations

import random
import re
from pathlib import Path

PRINTING = [
    "The history of the printing press begins in the fifteenth century, when Johannes "
    "Gutenberg combined movable metal type with an oil based ink and a wooden screw press "
    "adapted from the presses that vintners used for wine. His workshop in Mainz needed "
    "years of borrowed money before the first pages came off it.",
    "Within fifty years printers in more than two hundred cities had produced millions of "
    "books, and the price of a single volume fell so far that merchants, clerks and skilled "
    "artisans could afford to own a few. Booksellers travelled between the great fairs with "
    "barrels of unbound sheets.",
    "Scholars argue about how quickly reading habits changed. Some point to pamphlets and "
    "broadsides that spread religious quarrels faster than any preacher could travel, while "
    "others note that most people still heard texts read aloud in taverns and churches long "
    "after books became cheap.",
]
BEES = [
    "Honey bees communicate the direction and distance of flowers through a waggle dance "
    "performed on the vertical comb inside the dark hive. The angle of the dance relative to "
    "gravity encodes the angle between the sun and the food source.",
    "Karl von Frisch spent decades decoding this behaviour with glass observation hives, "
    "painted dots on individual foragers and feeding stations moved a little further away "
    "every morning. His patient experiments earned him a share of the Nobel Prize.",
    "Modern researchers film the dances with high speed cameras and train software to read "
    "them, which lets them map where a whole colony forages across a city and how gardens, "
    "parks and railway embankments feed the insects through the summer.",
]
GLACIERS = [
    "Mountain glaciers grow when winter snow outlasts the summer melt, and the old snow slowly "
    "compacts into dense blue ice that flows downhill under its own weight. Crevasses open "
    "where the ice bends over hidden ridges of bedrock.",
    "Measurements of stakes drilled into the ice show that most glaciers in the Alps have "
    "lost a third of their volume since the nineteen seventies. Villages that relied on "
    "meltwater for summer irrigation now plan new reservoirs and pipelines.",
]
RAILWAYS = [
    "Early railway companies each chose their own gauge, so goods travelling across a "
    "country often had to be unloaded and carried between incompatible trains at busy "
    "junctions. Parliament eventually ordered a standard width for new lines.",
    "Timetables forced towns to agree on a common clock, because every station had kept its "
    "own local noon by the sun. Railway time spread along the telegraph wires long before "
    "governments made it the law of the land.",
]
ESSAYS = {"printing": PRINTING, "bees": BEES, "glaciers": GLACIERS, "railways": RAILWAYS}

OWN = [
    "My grandmother kept a notebook of recipes that she had copied from neighbours during the "
    "war, with remarks in the margins about which ones tasted of nothing at all.",
    "On our school trip to the coast we counted seabirds from the cliffs, argued about gulls "
    "and terns, and finally agreed that nobody could tell them apart through fog.",
    "Last winter the heating in our building failed twice, and the tenants organised a rota "
    "of kettles and blankets until the engineer finally arrived with a spare pump.",
]

RU = [
    "Студенты первого курса изучают основы программирования и решают практические задачи "
    "каждую неделю. Преподаватели проверяют письменные работы и обсуждают типичные ошибки на "
    "семинарах вместе со студентами.",
    "Библиотека университета открывает читальные залы рано утром, и многие учащиеся приходят "
    "туда готовиться к экзаменам, потому что дома им мешают соседи и шумные улицы.",
]
RU_FORMS = [
    "Студент первого курса изучал основу программирования и решал практическую задачу "
    "каждой недели. Преподаватель проверял письменную работу и обсуждал типичную ошибку на "
    "семинаре вместе со студентом.",
    "Библиотеки университетов открывали читальный зал ранним утром, и многий учащийся "
    "приходил туда готовиться к экзамену, потому что дома ему мешал сосед и шумная улица.",
]


def text(paragraphs: list[str]) -> str:
    return "\n\n".join(paragraphs) + "\n"


def reflowed(paragraphs: list[str], width: int = 37) -> str:
    """The same words in another layout: every paragraph broken into short lines."""
    out = []
    for paragraph in paragraphs:
        lines, line = [], ""
        for word in paragraph.split():
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
        out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


REPLACEMENTS = ["purple", "violin", "seventeen", "basket", "thunder", "lantern", "orchard"]


def edited(paragraphs: list[str], every: int = 10) -> str:
    """Every ``every``-th word replaced by another one (a 10 % edited copy)."""
    out = []
    n = 0
    for paragraph in paragraphs:
        words = paragraph.split()
        for i in range(len(words)):
            n += 1
            if n % every == 0:
                words[i] = REPLACEMENTS[n % len(REPLACEMENTS)]
        out.append(" ".join(words))
    return text(out)


def words_of(passage: str) -> list[str]:
    return re.findall(r"\w+", passage.lower())


_VOCABULARY = sorted(
    {w for paragraphs in ESSAYS.values() for p in paragraphs for w in words_of(p) if len(w) > 3}
)


def fillers(count: int, seed: int = 0, words: int = 50) -> list[str]:
    """``count`` distinct texts of ``words`` English words each, drawn from the essays' words
    (none of them holds a run of the essays' own sentences)."""
    rng = random.Random(seed)
    made: set[str] = set()
    out = []
    while len(out) < count:
        picked = rng.choices(_VOCABULARY, k=words)
        body = " ".join(picked).capitalize() + ".\n"
        if body not in made:
            made.add(body)
            out.append(body)
    return out


def write_fillers(folder: Path, count: int, seed: int = 0, prefix: str = "f") -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for n, body in enumerate(fillers(count, seed)):
        path = folder / f"{prefix}{n:05d}.txt"
        path.write_text(body, encoding="utf-8")
        paths.append(path)
    return paths
