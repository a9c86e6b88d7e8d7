"""The web on 127.0.0.1 for every test here: ``web_server`` (pages) and ``search_server``
(the search providers' stand-ins)."""

from tests.web.searchserver import search_server
from tests.web.webserver import web_server

__all__ = ["search_server", "web_server"]
