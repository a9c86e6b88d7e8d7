"""Inflate: zlib data decompressed within a bound, for data read back from storage (issue 38).

A stored blob is data someone else may have written (a shared archive, a cache file): a
kilobyte of zlib can expand to a megabyte, a megabyte to a gigabyte. What must hold: no more
than ``limit`` bytes are ever produced (zlib's ``max_length``), and a blob that would expand
further, or that is truncated or damaged, is a ``ValueError`` naming why.
"""

from __future__ import annotations

import zlib


def inflate(blob: bytes, limit: int) -> bytes:
    """``blob`` decompressed; ValueError if it holds more than ``limit`` bytes, or is not
    whole zlib data."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(blob, max(0, limit) + 1)
    except zlib.error as error:
        raise ValueError(f"damaged compressed data ({error})") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise ValueError(f"the compressed data expands beyond {limit} bytes")
    if not inflater.eof:
        raise ValueError("the compressed data is truncated")
    return out
