"""The shipped model on a retold story (issue 37): another outlet's retelling keeps the names,
figures and lead facts, drops some, adds its own background, and changes most of the wording.
The model shipped before issue 37's fix (trained on edited copies only) demanded the shared
words, names and figures of an edited copy, which real retellings seldom have."""

from __future__ import annotations

from copylens.core.news.classify import DEFAULT_MODEL, load_model
from copylens.core.news.items import NewsItem
from copylens.core.news.stream import dedup

STORY = NewsItem(
    "wire-1",
    "Floodwater from the Varna river forced 1,240 people in Oakridge to leave their homes on "
    "Tuesday, the regional emergency office said. Rescuers in boats took 86 residents from "
    "roofs in the Lower Mill district.\n\nMayor Ellen Brask said the water rose 2.3 metres "
    "overnight after three days of heavy rain. Schools in the town will stay closed until "
    "Friday. Forecasters expect more rain on Wednesday, and the office asked people living "
    "near the river to move their cars to higher ground.",
    "Varna river flood forces 1,240 from homes in Oakridge",
)
RETOLD = NewsItem(
    "paper-2",
    "About 1,240 residents of Oakridge had to abandon their houses when the Varna "
    "burst its banks, according to emergency officials. Teams in boats lifted dozens of people off "
    "rooftops, and classes are cancelled until Friday.\n\n"
    "It is the worst flooding in the valley since 2009, said hydrologist Mara Quell of the "
    "state weather service, who warned that more rain would fall on ground already saturated.",
    "Oakridge evacuates 1,240 as Varna overflows",
)
OTHER_FLOOD = NewsItem(
    "wire-3",
    "Heavy rain flooded the centre of Kestrel Bay on Monday, and firefighters pumped water out "
    "of 40 basements, the city's fire service said. The Dunmore stream rose 1.1 metres in six "
    "hours. Two roads to the harbour were closed, and buses were sent on other routes.\n\n"
    "Councillor Tom Areno said the drains built in 1962 could not cope and asked the city to "
    "pay for new ones. No one was hurt.",
    "Flash flood fills basements in Kestrel Bay",
)
FILLER = [
    NewsItem(
        f"other-{k}",
        text,
        title,
    )
    for k, (title, text) in enumerate(
        [
            (
                "Northgate bakery wins national bread prize",
                "A family bakery in Northgate won the national rye bread prize on Saturday. "
                "The judges tasted 312 loaves from 57 bakeries. The owners said they would "
                "spend the 5,000 prize on a new oven.",
            ),
            (
                "Rail strike halts trains between Aldon and Pellow",
                "Train drivers walked out on Thursday over pay, stopping every service between "
                "Aldon and Pellow. The union said talks with the operator had failed after "
                "four months. About 30,000 commuters use the line each day.",
            ),
            (
                "City library reopens after two-year renovation",
                "The central library of Marlow reopened on Sunday with a new reading hall and "
                "a children's floor. The renovation cost 14 million and took two years. "
                "Visitors queued from early morning.",
            ),
        ]
    )
]


def test_the_shipped_model_finds_a_retold_story_and_not_another_flood() -> None:
    report = dedup([STORY, RETOLD, OTHER_FLOOD, *FILLER], load_model(DEFAULT_MODEL))
    found = {frozenset((p.a, p.b)) for p in report.pairs}
    assert frozenset(("wire-1", "paper-2")) in found
    assert not found & {frozenset(("wire-1", "wire-3")), frozenset(("paper-2", "wire-3"))}
