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

from __future__ import annotations

from importlib import import_module
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
    from copylens.core.coverage import DocumentShare, document_shares, shares_of
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
    from copylens.core.extract import SUPPORTED_SUFFIXES, Extracted, collect_files, extract_file
    from copylens.core.extract.base import megabytes
    from copylens.core.meaning import word_similarity, word_weight
    from copylens.core.methods.catalogue import catalogue, method, select
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
    from copylens.core.pool import forbid_fork, pool_map
    from copylens.core.prepare import read_text
    from copylens.core.report import (
        CheckReport,
        CompareReport,
        DocumentResult,
        Edit,
        Fragment,
        InputFailure,
        PairResult,
        SourceMatch,
    )
    from copylens.core.resources import resources_dir
    from copylens.core.web import Found, WebRequest
    from copylens.core.web.cache import default_cache_path
    from copylens.core.web.providers import PROVIDERS, search_place
    from copylens.core.web.search import provider_from_env, provider_named

__all__ = [
    "AT_LEAST",
    "LANGUAGES",
    "NEWS_MODEL",
    "PROVIDERS",
    "STUDY_OPTIONS",
    "SUPPORTED_SUFFIXES",
    "AddReport",
    "Archive",
    "ArchiveBusy",
    "ArchiveError",
    "ArchiveMissing",
    "ArchiveStats",
    "ArchivedDocument",
    "Cancelled",
    "CheckReport",
    "ClusterUnavailable",
    "Collection",
    "CompareReport",
    "CopyLensError",
    "Dedup",
    "DocumentResult",
    "DocumentShare",
    "Edit",
    "Evaluation",
    "Explained",
    "Extracted",
    "Found",
    "Fragment",
    "Grouping",
    "Input",
    "InputError",
    "InputFailure",
    "NewsError",
    "NewsItem",
    "Options",
    "OptionsError",
    "PairResult",
    "SearchFailed",
    "SourceMatch",
    "Spec",
    "TextInput",
    "WebError",
    "WebPage",
    "WebRequest",
    "add_to_archive",
    "add_to_archive_on_dask",
    "catalogue",
    "check",
    "collect_files",
    "compare",
    "compare_on_dask",
    "dedup",
    "dedup_on_dask",
    "default_cache_path",
    "document_shares",
    "evaluate",
    "extract_file",
    "forbid_fork",
    "group_texts",
    "is_archive_url",
    "load_collection",
    "load_news_model",
    "megabytes",
    "method",
    "news_dedup",
    "news_dedup_stream",
    "news_train",
    "normalizer",
    "open_archive",
    "pool_map",
    "provider_from_env",
    "provider_named",
    "read_labels",
    "read_news",
    "read_news_pairs",
    "read_text",
    "resources_dir",
    "run_methods",
    "save_news_model",
    "search_place",
    "select",
    "shares_of",
    "similarity",
    "specs",
    "with_archive_settings",
    "word_count",
    "word_similarity",
    "word_weight",
]

_HOMES: dict[str, tuple[str, ...]] = {
    "archive": (
        "AddReport",
        "Archive",
        "ArchiveStats",
        "ArchivedDocument",
        "add_to_archive",
        "is_archive_url",
        "open_archive",
        "with_archive_settings",
    ),
    "canonicalize": ("word_count",),
    "coverage": ("DocumentShare", "document_shares", "shares_of"),
    "distribute": ("add_to_archive_on_dask", "compare_on_dask", "dedup_on_dask"),
    "documents": ("Input", "TextInput", "WebPage"),
    "engine": ("check", "compare"),
    "errors": (
        "ArchiveBusy",
        "ArchiveError",
        "ArchiveMissing",
        "Cancelled",
        "ClusterUnavailable",
        "CopyLensError",
        "Explained",
        "InputError",
        "NewsError",
        "OptionsError",
        "SearchFailed",
        "WebError",
    ),
    "extract": ("SUPPORTED_SUFFIXES", "Extracted", "collect_files", "extract_file"),
    "extract.base": ("megabytes",),
    "methods.catalogue": ("catalogue", "method", "select"),
    "methods.collection": ("Collection", "load_collection"),
    "methods.evaluate": (
        "Dedup",
        "Evaluation",
        "Grouping",
        "dedup",
        "evaluate",
        "group_texts",
        "read_labels",
        "run_methods",
    ),
    "methods.similarity": ("similarity",),
    "meaning": ("word_similarity", "word_weight"),
    "morphology": ("normalizer",),
    "news": (
        "NEWS_MODEL",
        "NewsItem",
        "load_news_model",
        "news_dedup",
        "news_dedup_stream",
        "news_train",
        "read_news",
        "read_news_pairs",
        "save_news_model",
    ),
    "options": (
        "AT_LEAST",
        "LANGUAGES",
        "Options",
        "STUDY_OPTIONS",
        "Spec",
        "specs",
    ),
    "pool": ("forbid_fork", "pool_map"),
    "prepare": ("read_text",),
    "report": (
        "CheckReport",
        "CompareReport",
        "DocumentResult",
        "Edit",
        "Fragment",
        "InputFailure",
        "PairResult",
        "SourceMatch",
    ),
    "resources": ("resources_dir",),
    "web": ("Found", "WebRequest"),
    "web.cache": ("default_cache_path",),
    "web.providers": ("PROVIDERS", "search_place"),
    "web.search": ("provider_from_env", "provider_named"),
}
_HOME = {name: f"{__name__}.{module}" for module, names in _HOMES.items() for name in names}


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
