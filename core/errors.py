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


class Explained(CopyLensError):
    """An error whose message is a template a front end can translate.

    ``template`` is the English message with ``{name}`` fields and ``params`` fill them, so
    ``str(error)`` is English text while a front end can translate the template and fill in
    the same values. What must hold: every template is a string literal at its ``raise`` (the
    translation script collects them from the source, context "Errors"), says what is wrong in
    words a person understands and never names a Python exception; params are values (sizes,
    names, paths), never words to translate.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = {key: str(value) for key, value in params.items()}
        super().__init__(template.format(**self.params))


class InputError(Explained):
    """A file that could not be turned into text. The message names the reason, not the path."""


class UnsupportedType(InputError):
    """The file's extension is not one CopyLens reads."""


class EmptyFile(InputError):
    """A 0-byte file, or one whose extracted text has no words."""


class TooLarge(InputError):
    """The file is over the size limit, or a container expands past the limit (zip bomb)."""


class TooSlow(InputError):
    """Reading the file took longer than the time limit (a parser stuck on a hostile file)."""


class ReaderFailed(InputError):
    """Reading the file ended the reader process, or CopyLens itself failed on it."""


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


class WebError(InputError):
    """A web address that gave no document: not http(s), a private address, refused by
    robots.txt, unreachable (no network, DNS, timeout), an HTTP error (403, 404, 429…), too
    large, a content type CopyLens does not read, too many redirects. Recorded against that
    address in the report's ``errors``; the run goes on with everything else."""


class SearchFailed(Explained):
    """A web search could not be run or answered: no key, the key refused, the quota used up,
    the provider unreachable or answering nonsense. Recorded in the report's ``errors`` (the
    key is never part of the message); the check goes on with the sources it has."""


class NewsError(Explained):
    """News items, labels or a duplicate model that cannot be used (``copylens news``): an
    unreadable labels file, a label naming an item not given, a model file of another format or
    version. The whole command stops with the message; nothing is written."""


class ArchiveError(Explained):
    """The archive cannot be used as asked: not an archive, from a newer CopyLens, built with
    other settings, missing. The whole command stops; the archive is left as it was."""


class ArchiveMissing(ArchiveError):
    """No archive where one was asked for (a missing file, an empty database): one is made by
    the first add."""


class ArchiveBusy(ArchiveError):
    """Another program held the archive's write lock longer than CopyLens waits."""


class ArchiveWriteFailed(ArchiveError):
    """The archive could not be written (read-only, disk full); what was committed before
    stays, the batch being written is rolled back."""


class SpillFailed(Explained):
    """A large run could not keep its documents in its temporary folder (the disk is full, or
    the folder cannot be written): the whole run stops, since every document is needed."""


class ClusterUnavailable(Explained):
    """A run asked for a Dask cluster (``--dask``) that cannot be used: the extra is not
    installed, the scheduler cannot be reached or has no workers, or its workers cannot read
    files within the limits. The whole command stops before any document is read."""
