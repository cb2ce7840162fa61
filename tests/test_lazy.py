"""mtgmana._lazy: a package's names imported from their modules when first used
(PEP 562)."""

from __future__ import annotations

import sys

import pytest

import mtgmana
from mtgmana._lazy import lazy_names


def test_a_name_is_imported_when_first_used_then_kept() -> None:
    namespace: dict[str, object] = {}
    getattr_, dir_ = lazy_names("mtgmana", {"ManaCost": "costs"}, namespace, ["ManaCost", "b"])
    from mtgmana.costs import ManaCost

    assert getattr_("ManaCost") is ManaCost
    assert namespace == {"ManaCost": ManaCost}  # later uses skip __getattr__
    assert dir_() == ["ManaCost", "b"]


def test_an_unknown_name_is_an_attribute_error_naming_it() -> None:
    getattr_, _ = lazy_names("mtgmana", {}, {}, [])
    with pytest.raises(AttributeError, match="module 'mtgmana' has no attribute 'nope'"):
        getattr_("nope")
    with pytest.raises(AttributeError, match="has no attribute"):
        mtgmana.nope  # type: ignore[attr-defined]  # noqa: B018


def test_the_packages_lazy_names_resolve_to_their_modules() -> None:
    import mtgmana.tapping

    options = mtgmana.tapping.options
    assert options is sys.modules["mtgmana.tapping._options"].options
    assert "options" in dir(mtgmana.tapping)
    assert "lazy_names" not in dir(mtgmana.tapping)
