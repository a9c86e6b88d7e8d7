"""Write the compact form of each shipped thesaurus (``resources/thesaurus/*.npz``) from its
MyThes ``.dat``, so that a run reads it in a few hundredths of a second instead of parsing
the ``.dat`` (issue 40's loose end; :func:`copylens.core.thesaurus.thesaurus`). Run it after
changing a ``.dat`` or the parse; ``--check`` fails when a compact form is missing or differs
from what the parse gives now (tests/test_thesaurus_compact.py checks the same)."""

from __future__ import annotations

import argparse
import sys

from copylens.core.thesaurus import FILES, compact, compact_path, parsed, source_path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args()
    stale = []
    for language in FILES:
        raw = source_path(language).read_bytes()
        data = compact(parsed(language, raw), raw)
        path = compact_path(language)
        if path.is_file() and path.read_bytes() == data:
            continue
        stale.append(path.name)
        if not args.check:
            path.write_bytes(data)
            print(f"wrote {path} ({len(data):,} bytes)")
    if args.check and stale:
        print(f"stale: {', '.join(stale)} (run scripts/build_thesaurus.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
