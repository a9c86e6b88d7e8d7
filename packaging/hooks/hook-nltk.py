"""CopyLens's hook for nltk, replacing pyinstaller-hooks-contrib's.

CopyLens uses only ``nltk.stem.snowball``, whose stemmers are pure Python. The stock hook
also copies every ``nltk_data`` folder found on the build machine (downloaded corpora,
often gigabytes); this one takes just the package's ``VERSION`` file, which
``nltk/__init__.py`` reads at import.
"""

from PyInstaller.utils.hooks import collect_data_files

datas = collect_data_files("nltk", includes=["VERSION"])
