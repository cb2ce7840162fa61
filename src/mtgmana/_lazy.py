"""Private: a package's names imported from their modules the first time they are
used (PEP 562) — the package's ``__getattr__`` and ``__dir__``, so that importing
it doesn't import what only some of its users need. (``mtgmana`` itself keeps its
own: ``import mtgmana`` imports no other module, this one included.)"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy knows the name)
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, MutableMapping, Sequence

__all__ = ["lazy_names"]


def lazy_names(
    package: str,
    homes: Mapping[str, str],
    namespace: MutableMapping[str, object],
    public: Sequence[str],
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: a name of ``homes`` is
    imported from its module (relative to the package) when first used, then kept
    in the package's ``namespace`` (later uses skip ``__getattr__``); ``dir()``
    lists the ``public`` names only, not the machinery."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{home}", package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(public)

    return __getattr__, __dir__
