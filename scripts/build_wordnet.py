"""Write ``resources/thesaurus/wordnet_en.npz``, the English WordNet relation between the
engine's stems (:mod:`copylens.core.wordnet`), from the MyThes ``th_en_US_v2.dat`` of
Debian's ``mythes-en-us`` (``apt-get download mythes-en-us``, then ``dpkg-deb -x``; the
``.dat`` itself is not shipped). ``--check`` fails when the shipped file differs from what
the parse gives now."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from copylens.core.morphology import normalizer
from copylens.core.wordnet import compact, parsed, path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("dat", type=Path, help="th_en_US_v2.dat")
    parser.add_argument("--check", action="store_true", help="only check, write nothing")
    args = parser.parse_args()
    data = compact(parsed(args.dat.read_bytes(), normalizer("en")))
    if path().is_file() and path().read_bytes() == data:
        return 0
    if args.check:
        print(f"stale: {path()} (run scripts/build_wordnet.py)", file=sys.stderr)
        return 1
    path().write_bytes(data)
    print(f"wrote {path()} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
