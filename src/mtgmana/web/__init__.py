"""``mtgmana web``: the deckbuilder's page — paste a decklist, read its mana report
(the same figures as ``mtgmana deck``), change its lands and see the figures move.

* :mod:`.service`: a request (the decklist and options) and its answer, as events:
  the report in stages, progress, errors with suggestions for unknown cards. The
  same code runs in the local server and, with Pyodide, in the browser.
* :mod:`.server`: the local server (``http.server``, 127.0.0.1 only).
* :mod:`.assets`: the page itself (HTML, CSS, JavaScript: package data in
  ``static/``).
* :mod:`.site` and :mod:`.wheel`: ``mtgmana web --build``, the page as a static
  site that runs mtgmana in the browser with Pyodide.
"""

from __future__ import annotations

__all__: list[str] = []
