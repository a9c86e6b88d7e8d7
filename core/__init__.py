"""CopyLens engine: extract → canonicalize → shingle → sketch → index → align → report.

Entry points: :func:`core.engine.check` and :func:`core.engine.compare`. Never imports Qt.
Submodules are imported where needed, so importing ``core`` itself stays free.
"""
