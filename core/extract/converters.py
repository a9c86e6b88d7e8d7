"""Legacy Word (.doc) through an external converter: catdoc, else antiword.

What must hold: the input file is never handed to the converter; it reads a private temporary
copy (deleted afterwards), with no stdin and a ``CONVERTER_TIMEOUT_S`` timeout; its output is
UTF-8. No converter on PATH -> :class:`ConverterMissing`; a converter that fails says
"encrypt"/"password" -> :class:`EncryptedFile`, else :class:`CorruptFile` with its first line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from copylens.core.errors import ConverterMissing, CorruptFile, EncryptedFile, InputError
from copylens.core.extract.base import Read, os_reason

CONVERTER_TIMEOUT_S = 60


def convert(data: bytes) -> Read:
    """Run the converter on a private temporary copy, with a timeout; output is UTF-8."""
    import subprocess
    import tempfile

    name, exe = _find_converter()
    with tempfile.TemporaryDirectory(prefix="copylens-doc-") as folder:
        source = Path(folder) / "input.doc"
        source.write_bytes(data)
        try:
            done = subprocess.run(
                _converter_command(name, exe, source),
                stdin=subprocess.DEVNULL,
                capture_output=True,
                timeout=CONVERTER_TIMEOUT_S,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise CorruptFile(
                "{converter} took longer than {seconds} s to read the .doc",
                converter=name,
                seconds=CONVERTER_TIMEOUT_S,
            ) from exc
        except OSError as exc:
            raise ConverterMissing(
                "{converter} could not be started ({reason})", converter=name, reason=os_reason(exc)
            ) from exc
    if done.returncode != 0:
        raise _converter_error(name, done.stderr)
    return Read(done.stdout.decode("utf-8", errors="replace"), format="doc")


def _find_converter() -> tuple[str, str]:
    """``(name, path)`` of catdoc, else antiword, on PATH; :class:`ConverterMissing` if neither."""
    for name in ("catdoc", "antiword"):
        found = shutil.which(name)
        if found:
            return name, found
    raise ConverterMissing(
        "legacy .doc needs catdoc or antiword; install one, or save the file as .docx"
    )


def _converter_command(name: str, exe: str, source: Path) -> list[str]:
    """The command line: no line wrapping, UTF-8 output."""
    if name == "catdoc":
        return [exe, "-w", "-d", "utf-8", str(source)]
    return [exe, "-w", "0", "-m", "UTF-8.txt", str(source)]


def _converter_error(name: str, stderr: bytes) -> InputError:
    """:class:`EncryptedFile` if stderr mentions encryption or a password, else
    :class:`CorruptFile` quoting its first line."""
    message = stderr.decode("utf-8", errors="replace").strip()
    first = message.splitlines()[0][:120] if message else "no message"
    if "encrypt" in message.lower() or "password" in message.lower():
        return EncryptedFile("the .doc is password-protected")
    return CorruptFile(
        "{converter} could not read the .doc ({message})", converter=name, message=first
    )
