"""CopyLens engine: extract → canonicalize → shingle → sketch → index → align → report.

This module is the engine's one public face: front ends (``copylens.app``) import from here
and nowhere else in ``copylens.core`` (an import-linter contract in ``pyproject.toml`` keeps it
so). Entry points: :func:`check` (documents against sources) and :func:`compare` (every
document against every other), both returning a report that carries its options and texts;
the methods lab (:func:`method`, :func:`evaluate`, …) is the catalogue of ALGORITHMS.md §3–5;
:func:`compare_on_dask` and its siblings run the same stages on a Dask cluster (an extra).

Names are loaded on first use (PEP 562), so importing this package stays free: the command
line's ``--help`` and the engine's spawned worker processes never pay for what they do not
use. The core never imports Qt.
"""

# ruff: noqa: F401 (the TYPE_CHECKING imports are the facade's names, read by _facade_imports)
from __future__ import annotations

import dis
import sys
from importlib import import_module
from types import CodeType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from copylens.core.archive import (
        AddReport,
        Archive,
        ArchivedDocument,
        ArchiveStats,
        add_to_archive,
        is_archive_url,
        open_archive,
        with_archive_settings,
    )
    from copylens.core.canonicalize import word_count
    from copylens.core.collector import collections_paused
    from copylens.core.coverage import DocumentShare, document_shares, group_shares, shares_of
    from copylens.core.distribute import add_to_archive_on_dask, compare_on_dask, dedup_on_dask
    from copylens.core.documents import Input, TextInput, WebPage
    from copylens.core.engine import check, compare
    from copylens.core.errors import (
        ArchiveBusy,
        ArchiveError,
        ArchiveMissing,
        Cancelled,
        ClusterUnavailable,
        CopyLensError,
        Explained,
        InputError,
        NewsError,
        OptionsError,
        SearchFailed,
        WebError,
    )
    from copylens.core.exclusions import exclude
    from copylens.core.extract import SUPPORTED_SUFFIXES, Extracted, collect_files, extract_file
    from copylens.core.extract.base import megabytes
    from copylens.core.lab import catalogue, method, select
    from copylens.core.meaning import word_similarity, word_weight
    from copylens.core.methods.collection import Collection, load_collection
    from copylens.core.methods.evaluate import (
        Dedup,
        Evaluation,
        Grouping,
        dedup,
        evaluate,
        group_texts,
        read_labels,
        run_methods,
    )
    from copylens.core.methods.similarity import similarity
    from copylens.core.morphology import normalizer
    from copylens.core.news import (
        NEWS_MODEL,
        NewsItem,
        load_news_model,
        news_dedup,
        news_dedup_stream,
        news_train,
        read_news,
        read_news_pairs,
        save_news_model,
    )
    from copylens.core.options import AT_LEAST, LANGUAGES, STUDY_OPTIONS, Options, Spec, specs
    from copylens.core.paths import joined_path, path_identity, relative_path
    from copylens.core.pool import forbid_fork, pool_map
    from copylens.core.prepare import read_text
    from copylens.core.report import (
        CheckReport,
        CompareReport,
        DocumentResult,
        Edit,
        Exclusions,
        Fragment,
        InputFailure,
        PairResult,
        SourceMatch,
    )
    from copylens.core.resources import resources_dir
    from copylens.core.signal import FragmentKind
    from copylens.core.signals import FRAGMENT_KINDS, fragment_kind
    from copylens.core.sources import MoreSources, add_checked
    from copylens.core.web import Found, WebRequest
    from copylens.core.web.cache import default_cache_path
    from copylens.core.web.providers import PROVIDERS, search_place
    from copylens.core.web.search import provider_from_env, provider_named


def _facade_imports(code: CodeType) -> list[tuple[str, str]]:
    """(name, module) for each name the ``TYPE_CHECKING`` block above imports from the engine,
    in order, read from this module's compiled code: ``from copylens.core.M import a, b`` is
    IMPORT_NAME ``copylens.core.M`` followed by IMPORT_FROM ``a`` and ``b`` (the block is
    compiled though never run). So a facade name is written once, in that block, and type
    checkers, import-linter and the lazy loading below all read the same line.

    What must hold: only that block imports from ``copylens.core.*`` at module level, and no
    name twice (``tests/test_facade.py`` checks both)."""
    found: list[tuple[str, str]] = []
    module = ""
    for instruction in dis.get_instructions(code):
        if instruction.opname == "IMPORT_NAME":
            module = str(instruction.argval)
        elif instruction.opname == "IMPORT_FROM" and module.startswith(f"{__name__}."):
            found.append((str(instruction.argval), module))
    return found


_HOME = dict(_facade_imports(sys._getframe().f_code))
__all__ = sorted(_HOME)


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use and keep the name here."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
