"""One exception hierarchy for everything CopyLens tells the user.

Front ends catch :class:`CopyLensError` in one place and show ``str(error)``; the message
must make sense to a person without a traceback. Errors about one input file are
:class:`InputError` subclasses: the run records them in the report's ``errors`` list and
carries on with the other files.
"""

from __future__ import annotations


class CopyLensError(Exception):
    """Base of every error CopyLens shows to the user."""


class OptionsError(CopyLensError):
    """Invalid settings; ``problems`` lists every one found, not only the first."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid options: " + "; ".join(problems))


class Cancelled(CopyLensError):
    """The user stopped the run."""

    def __init__(self) -> None:
        super().__init__("cancelled")


class InputError(CopyLensError):
    """A file that could not be turned into text. The message names the reason, not the path."""


class UnsupportedType(InputError):
    """The file's extension is not one CopyLens reads."""


class EmptyFile(InputError):
    """A 0-byte file, or one whose extracted text has no words."""


class TooLarge(InputError):
    """The file is over the size limit, or a container expands past the limit (zip bomb)."""


class UnreadableFile(InputError):
    """The path cannot be opened: missing, a directory, no permission."""


class CorruptFile(InputError):
    """The file's structure is broken: truncated zip, malformed XML, binary data in a text file."""


class EncryptedFile(InputError):
    """The document is password-protected."""


class NoTextLayer(InputError):
    """A PDF whose pages carry no text (scanned images); CopyLens does no OCR."""


class ConverterMissing(InputError):
    """A legacy format needs an external converter (catdoc or antiword) that is not installed."""
