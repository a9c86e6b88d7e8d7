"""``python -m copylens``: the command line, as the ``copylens`` script."""

import sys

from copylens.app.cli import main

if __name__ == "__main__":
    sys.exit(main())
