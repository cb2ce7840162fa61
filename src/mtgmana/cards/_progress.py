"""A one-line progress bar on standard error, for reading and downloading large card
files (:mod:`mtgmana.cards.loaders`, :mod:`mtgmana.cards.update`)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """A bar of bytes done out of ``total`` (``0``: unknown, then only the bytes done
    are shown), redrawn at most ten times a second; drawn only when ``enabled``
    (``None``: when standard error is a terminal)."""

    def __init__(self, label: str, total: int, enabled: bool | None) -> None:
        stream = sys.stderr
        if enabled is None:
            enabled = stream is not None and stream.isatty()
        self.stream: TextIO | None = stream if enabled else None
        self.label = label
        self.total = max(total, 0)
        self.shown = -1
        self.last = 0.0
        self.done = 0

    def update(self, done: int) -> None:
        self.done = done
        if self.stream is None:
            return
        now = time.monotonic()
        if self.total:
            percent = min(100, done * 100 // self.total)
            if percent == self.shown or (now - self.last < 0.1 and percent < 100):
                return
            bar = "#" * (percent // 4) + "-" * (25 - percent // 4)
            text = f"[{bar}] {percent:3d}% {done / 1e6:.1f}/{self.total / 1e6:.1f} MB"
        else:
            if self.shown >= 0 and now - self.last < 0.1:
                return
            percent = 0
            text = f"{done / 1e6:.1f} MB"
        self.shown, self.last = percent, now
        self.stream.write(f"\r{self.label} {text}")
        self.stream.flush()

    def close(self) -> None:
        if self.stream is not None and self.shown >= 0:
            self.last = 0.0
            self.update(self.total or self.done)
            self.stream.write("\n")
            self.stream.flush()
