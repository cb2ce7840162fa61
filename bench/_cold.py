"""Run a function with every cache cold: in a child process forked for it alone.

The benchmark's parent process imports mtgmana but never parses a deck nor
simulates a game, so a child forked from it starts with the modules loaded and
every cache of the card roles, the compiled decks and the simulation's engines
empty — the state of a fresh ``mtgmana deck`` run, without paying the
interpreter's start-up each time. The child sends its result back through a pipe
and exits (so nothing it warmed is seen by the next measurement).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

__all__ = ["ChildFailed", "cold"]

_T = TypeVar("_T")
_FORK = multiprocessing.get_context("fork")


class ChildFailed(RuntimeError):
    """The child raised (the message says what) or died without an answer."""


def _child(send: Connection, task: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        send.send((True, task(*args)))
    except Exception as error:  # every failure goes back to the parent, which reports it
        send.send((False, f"{type(error).__name__}: {error}"))
    finally:
        send.close()


def cold(task: Callable[..., _T], *args: Any) -> _T:
    """``task(*args)`` run in a child forked for it alone; raises :class:`ChildFailed`."""
    receive, send = _FORK.Pipe(duplex=False)
    child = _FORK.Process(target=_child, args=(send, task, args))
    child.start()
    send.close()
    try:
        ok, value = receive.recv()
    except EOFError:
        child.join()
        raise ChildFailed(f"the child process died (exit status {child.exitcode})") from None
    finally:
        receive.close()
    child.join()
    if not ok:
        raise ChildFailed(str(value))
    result: _T = value
    return result
