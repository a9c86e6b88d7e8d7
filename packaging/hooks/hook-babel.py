"""CopyLens's hook for babel, replacing PyInstaller's (which copies all 32 MB of locale data).

babel is here only because courlan (a trafilatura dependency) imports it to score language
codes in URLs, which CopyLens's HTML extraction never asks for. The root locale and the
languages CopyLens reads are kept so that a stray ``Locale.parse`` still works for them.
"""

from PyInstaller.utils.hooks import collect_data_files

_KEEP = ("root", "en", "ru", "uk", "de", "fr", "es", "it", "pt", "nl", "sv", "pl")

datas = collect_data_files(
    "babel", includes=["global.dat", "py.typed", *(f"locale-data/{n}.dat" for n in _KEEP)]
)
hiddenimports = ["babel.dates", "babel.localedata", "babel.plural", "babel.numbers"]
