"""The one options object of the engine, validated once and then frozen.

Every stage reads its parameters from :class:`Options`; front ends build it from their
arguments or settings and call :func:`Options.validated`, which reports every problem at
once (:class:`~copylens.core.errors.OptionsError`), naming each option as the front end
shows it (a flag, a label).

Each field is declared once with its :class:`Spec` (default, label, help, range or choices);
the command line's arguments and the settings dialog are derived from :func:`specs`. How a
front end spells an option (``--seed``, a settings key, a unit such as MB) stays with that
front end.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from copylens.core.errors import OptionsError

LANGUAGES = ("auto", "ru", "uk", "en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl")


@dataclass(frozen=True)
class Spec:
    """What front ends show of one option: a label and a help text for people (English; the
    app translates them in the context "Options"), its default and the values it may take.

    Declared once, on the option's field (:func:`option`); validation, the command line, the
    settings dialog and a report's list of settings are derived from it.
    """

    label: str
    help: str
    low: float | None = None
    """Smallest value allowed (inclusive), for numbers."""
    high: float | None = None
    """Largest value allowed (inclusive), for numbers."""
    choices: tuple[str, ...] = ()
    """The values allowed, for text options."""
    default: Any = None
    """The field's default (the same object :class:`Options` gets)."""

    @property
    def kind(self) -> type:
        """The option's Python type: bool, int, float or str (that of its default)."""
        return type(self.default)


def option(default: Any, label: str, help: str, **limits: Any) -> Any:
    """A field of :class:`Options` with its default and :class:`Spec`."""
    spec = Spec(label, help, default=default, **limits)
    return field(default=default, metadata={"spec": spec})


@dataclass(frozen=True)
class Options:
    """Engine settings. Defaults follow ALGORITHMS.md §1–2 and the card (w = 10, 84 hashes)."""

    shingle: int = option(
        10,
        "Words per shingle",
        "Length of the overlapping word sequences used to measure resemblance.",
        low=3,
        high=20,
    )
    """w: words per shingle (ALGORITHMS.md §2)."""
    language: str = option(
        "auto",
        "Language of the documents",
        "Which language rules to use. Automatic detection works per document.",
        choices=LANGUAGES,
    )
    """Document language, or "auto" to detect it per document."""
    lemmatize: bool = option(
        True,
        "Match different forms of a word",
        "Treat “write”, “wrote” and “written” as the same word (lemmas or stems).",
    )
    """Reduce words to lemmas (ru, uk) or Snowball stems (other languages)."""
    stop_words: bool = option(
        True,
        "Ignore common words",
        "Leave out words such as “the”, “and”, “и”, “в” when comparing.",
    )
    """Drop the curated stop words of the document's language."""
    drop_short: bool = option(
        False,
        "Ignore short words (3 letters or fewer)",
        "Makes matching less sensitive to small inserted or swapped words.",
    )
    """Drop words of 3 letters or fewer (on in the source study; off by default here)."""
    ignore_numbers: bool = option(
        False, "Ignore numbers", "Words made only of digits are left out when comparing."
    )
    """Drop tokens made of digits."""
    seed_k: int = option(
        3,
        "Words per matching piece",
        "Short runs of this many matching words are chained into passages.",
        low=2,
        high=8,
    )
    """k: canonical words per alignment seed (issue 5)."""
    max_gap: int = option(
        6,
        "Allowed gap inside a fragment (words)",
        "How many changed or inserted words a copied passage may contain in one place.",
        low=0,
        high=50,
    )
    """g: canonical words a fragment may skip between seeds ("imperfections")."""
    min_fragment_words: int = option(
        10,
        "Minimum fragment (words)",
        "Shorter shared passages are not reported. Counted words exclude common words.",
        low=1,
        high=1000,
    )
    """Shortest fragment reported, in canonical words of the checked document."""
    anchor_words: int = option(
        5,
        "Words that must match in a row",
        "Every reported passage holds at least this many consecutive matching words.",
        low=2,
        high=20,
    )
    """Every fragment holds a run of at least this many consecutive matching canonical words
    (never fewer than ``seed_k``); documents sharing no such run are never aligned (their
    candidate key)."""
    exclude_quotes: bool = option(
        False,
        "Leave quotations out of the check",
        "Text in quotation marks or block quotations is neither matched nor counted. When "
        "off, it is matched and reported as cited, apart from borrowed text.",
    )
    """Quoted text (``copylens.core.citations``) is ignored, not cited (issue 12)."""
    exclude_bibliography: bool = option(
        False,
        "Leave the bibliography out of the check",
        "The references section is neither matched nor counted. When off, it is matched and "
        "reported as cited.",
    )
    """The references section is ignored, not cited (issue 12)."""
    paraphrase: bool = option(
        True,
        "Find rewrites",
        "Sentences retold in other words (synonyms, another order, merged or split) are "
        "matched by meaning and reported as paraphrase, apart from copied text.",
    )
    """Sentence-level meaning matching (:mod:`copylens.core.paraphrase`, issue 17)."""
    max_seed_repeats: int = option(
        8,
        "Seed repeat limit",
        "A matching piece repeated more often in one source is paired with this many of its "
        "places there, those nearest its own.",
        low=1,
        high=1_000_000,
    )
    """A seed k-gram occurring more often than this in one source pairs with only this many of
    its occurrences there: those nearest its own place (boilerplate, refrains)."""
    max_file_bytes: int = option(
        50 * 1024 * 1024,
        "Largest file (bytes)",
        "Larger files are refused with a message; the others are checked.",
        low=1,
        high=2**62,
    )
    """Files larger than this are refused; extracted text is capped at as many characters."""
    read_seconds: float = option(
        60.0,
        "Longest time to read one file (s)",
        "A file that takes longer to read is given up with a message; the others are checked.",
        low=1.0,
        high=86_400.0,
    )
    """Wall-clock limit of reading one file (extract, canonicalize) in its worker process."""
    read_memory_bytes: int = option(
        1536 * 1024 * 1024,
        "Most memory to read one file (bytes)",
        "A file that needs more memory to read is given up with a message; the others are checked.",
        low=64 * 1024 * 1024,
        high=2**62,
    )
    """Memory limit of reading one file, beyond its worker process's size at start
    (``copylens.core.pool``)."""
    min_containment: float = option(
        0.08,
        "Compare all: list pairs sharing at least",
        "Pairs of documents sharing less than this share of their text are not aligned nor "
        "listed; the results' slider starts here.",
        low=0.0,
        high=1.0,
    )
    """compare: report a pair only if its containment in either direction reaches this; a
    pair whose seeds bound it under this is not even aligned (``score.containment_bound``).
    0.08 by measurement (1,000 essays of bench/make_essays.py, each also quoting two of 100
    shared sentences): the planted pasted paragraphs (80–120 words) reach 0.109 and more; pairs
    sharing only the quotations have a median of 0.035 and 3 of 9,956 reach 0.08. On the scale
    bench's 1,000 essays (bench/bench_scale.py) the bound leaves 740 of 28,259 candidate pairs
    to align (289 at 0.1, 4,330 at 0.05)."""
    cluster_threshold: float = option(
        0.5,
        "Compare all: group documents sharing at least",
        "Documents linked by pairs above this share are shown as one group.",
        low=0.01,
        high=1.0,
    )
    """compare: pairs whose larger containment reaches this are joined into clusters."""
    max_df_share: float = option(
        0.5,
        "Compare all: ignore phrases shared by more than",
        "Text found in more than this share of the documents (the assignment, a set phrase) "
        "is never marked and not counted. Used from 10 documents on; text only two documents "
        "share is never ignored; 100 % turns it off.",
        low=0.0,
        high=1.0,
    )
    """compare: an anchor k-gram held by more than this share of the documents (and by at
    least 3, in a run of at least 10) is a common phrase, ignored (``copylens.core.ignore``).
    0.5 by bench/bench_ignore.py: any share from 0.4 to 0.9 drops the pairs a handout every
    essay quotes joins, 0.2 already hides a source 30 % of a class copied."""
    workers: int = option(
        0,
        "Worker processes (0: one per core)",
        "Processes that read and compare.",
        low=0,
        high=1024,
    )
    """Processes for canonicalization; 0 means one per core."""

    def validated(self, name: Callable[[str], str] | None = None) -> Options:
        """Return self if every field is valid, else raise OptionsError listing all problems.

        ``name`` gives the name the user knows an option by (a flag, a label) from its field
        name; by default the field name is used."""
        problems = _problems(self, name or _field_name)
        if problems:
            raise OptionsError(problems)
        return self

    def with_changes(self, **changes: Any) -> Options:
        """A copy with some fields changed, validated."""
        return replace(self, **changes).validated()

    @property
    def process_count(self) -> int:
        return self.workers if self.workers > 0 else max(1, os.cpu_count() or 1)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))


AT_LEAST: dict[str, str] = {"anchor_words": "seed_k"}
"""The rules between options: the option of each key must be at least the option it names
(every fragment's run of ``anchor_words`` holds a seed of ``seed_k`` words). Front ends keep
them, e.g. the settings dialog's minimum of one follows the other."""

STUDY_OPTIONS = Options(drop_short=True)
"""The methods lab's canonicalization (ALGORITHMS.md §4's preprocessing): stop words and words
of ≤ 3 letters dropped, lemmas / stems; every other option as the engine's."""


def specs() -> dict[str, Spec]:
    """The :class:`Spec` of every option, by field name, in declaration order."""
    return {f.name: f.metadata["spec"] for f in fields(Options)}


def _field_name(name: str) -> str:
    return name


def _problems(o: Options, name: Callable[[str], str]) -> list[str]:
    """Every value outside its declared range or choices, then the rules between options."""
    problems = [
        message
        for field_name, spec in specs().items()
        if (message := _problem(name(field_name), spec, getattr(o, field_name))) is not None
    ]
    for larger, smaller in AT_LEAST.items():
        value, least = getattr(o, larger), getattr(o, smaller)
        if value < least:
            problems.append(
                f"{name(larger)} must be at least {name(smaller)} ({least}), got {value}"
            )
    return problems


def _problem(name: str, spec: Spec, value: Any) -> str | None:
    if spec.choices and value not in spec.choices:
        return f"{name} must be one of {', '.join(spec.choices)}, got {value!r}"
    if spec.low is not None and spec.high is not None and not spec.low <= value <= spec.high:
        low, high = _number(spec.low), _number(spec.high)
        return f"{name} must be {low}..{high}, got {value}"
    return None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)
