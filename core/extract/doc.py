"""Legacy Word (.doc), and the other formats people save under that name.

What must hold: a .doc whose bytes are really RTF, a .docx (zip) or HTML is read by that
format's reader and reported as that format; anything else goes to an external converter
(:mod:`copylens.core.extract.converters`).
"""

from __future__ import annotations

import re

from copylens.core.extract import converters, docx, html, rtf
from copylens.core.extract.base import Limits, Read

_ZIP_MAGIC = b"PK\x03\x04"


def read(data: bytes, limits: Limits) -> Read:
    """Legacy Word via catdoc/antiword; RTF, .docx or HTML saved under .doc read as such."""
    head = data[:1024].lstrip(b" \t\r\n\xef\xbb\xbf")
    if head.startswith(b"{\\rtf"):
        return rtf.read(data, limits)._replace(format="rtf")
    if head.startswith(_ZIP_MAGIC):
        return docx.read(data, limits)._replace(format="docx")
    if re.match(rb"(?i)(<!doctype html|<html)", head):
        return html.read(data, limits)._replace(format="html")
    return converters.convert(data)
