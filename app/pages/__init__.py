"""The main window's result pages, one per mode, shown below the shared input lists.

- :class:`CheckPage` — the checked documents and the selected one (``DocumentView``);
- :class:`ComparePage` — the compare-all overview (``CompareView``).

Each page shows what the run controller delivers (``show_report``, ``clear``) and owns no
run; the window (the shell: menus, toolbar, status bar, lists) switches between them.
"""

from __future__ import annotations

from copylens.app.pages.check_page import CheckPage
from copylens.app.pages.compare_page import ComparePage

__all__ = ["CheckPage", "ComparePage"]
