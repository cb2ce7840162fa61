"""Fuzz ``mtgmana serve`` (issue 19): send hostile lines (``_hostile.py``) to one
server process, lock-step, and report the answers by error code, the crashes (the
process ended), the hangs (no answer within ``--hang`` seconds: the server is then
restarted), the bad answers (not one line of UTF-8 JSON with ``id`` and
``status``), ``internal`` errors, the latency (median, 99th percentile, slowest,
and how many lines of at most 64 KiB took over 1 s) and the server's peak memory.

Run: ``python bench/fuzz_serve.py`` (50,000 lines, seed 19; ``--lines``,
``--seed``). The target: 0 crashes, 0 hangs, 0 bad answers, 0 ``internal``, every
line up to 64 KiB answered within 1 s. ``tests/test_serve_fuzz.py`` runs a
bounded version of the same harness.
"""

from __future__ import annotations

import argparse
import json
import queue
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _hostile import hostile_lines

__all__ = ["Report", "fuzz", "main"]

SMALL = 64 * 1024
"""Lines up to this many bytes must be answered within a second."""


@dataclass
class Report:
    """What a fuzzing run saw."""

    lines: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    crashes: int = 0
    hangs: int = 0
    bad_answers: list[str] = field(default_factory=list)
    internal: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    slow: list[tuple[float, str]] = field(default_factory=list)  # lines <= 64 KiB over 1 s
    peak_kib: int = 0

    def ok(self) -> bool:
        return not (self.crashes or self.hangs or self.bad_answers or self.internal or self.slow)

    def lines_of_text(self) -> list[str]:
        ordered = sorted(self.latencies)
        p99 = ordered[int(0.99 * (len(ordered) - 1))] if ordered else 0.0
        out = [
            f"lines sent: {self.lines:,}",
            "answers by code: "
            + ", ".join(f"{code} {n:,}" for code, n in self.codes.most_common()),
            f"crashes: {self.crashes}   hangs: {self.hangs}   bad answers: "
            f"{len(self.bad_answers)}   internal: {len(self.internal)}",
            f"latency: median {statistics.median(ordered) * 1e3:.2f} ms, 99th percentile "
            f"{p99 * 1e3:.1f} ms, slowest {ordered[-1] * 1e3:.0f} ms"
            if ordered
            else "latency: -",
            f"lines up to 64 KiB answered in over 1 s: {len(self.slow)}",
            f"peak memory of the server: {self.peak_kib / 1024:.0f} MiB",
        ]
        for what, items in (("bad answer", self.bad_answers), ("internal", self.internal)):
            out += [f"  {what}: {item[:300]}" for item in items[:10]]
        out += [f"  slow ({seconds:.2f} s): {line[:200]}" for seconds, line in self.slow[:10]]
        return out


class _Server:
    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.answers: queue.Queue[bytes | None] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self.answers.put(line)
        self.answers.put(None)

    def peak_kib(self) -> int:
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return 0
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    def send(self, line: bytes) -> bool:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line + b"\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            return False
        return True

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


def _check(answer: bytes) -> tuple[str | None, str]:
    """The answer's error code (None for a result) and what is wrong with it ("")."""

    def refuse(name: str) -> Any:
        raise ValueError(f"{name} in an answer")

    try:
        data = json.loads(answer.decode("utf-8"), parse_constant=refuse)
    except ValueError as wrong:  # UnicodeDecodeError is one
        return None, f"not UTF-8 JSON ({wrong})"
    if not isinstance(data, dict) or "id" not in data or "status" not in data:
        return None, "not an object with id and status"
    error = data.get("error")
    if error is None:
        return None, ""
    if not isinstance(error, dict) or not isinstance(error.get("code"), str):
        return None, "an error without a code"
    return error["code"], ""


def fuzz(lines: Iterable[bytes], *, hang: float = 10.0, command: list[str] | None = None) -> Report:
    """Send ``lines`` to one ``mtgmana serve`` (restarted after a crash or hang)."""
    command = command or [sys.executable, "-m", "mtgmana", "serve"]
    report = Report()
    server = _Server(command)
    try:
        for line in lines:
            report.lines += 1
            start = time.perf_counter()
            try:
                answer = server.answers.get(timeout=hang) if server.send(line) else None
            except queue.Empty:
                report.hangs += 1
                report.slow.append((hang, line.decode("utf-8", "replace")))
                server.stop()
                server = _Server(command)
                continue
            elapsed = time.perf_counter() - start
            if answer is None:  # the process ended
                report.crashes += 1
                report.peak_kib = max(report.peak_kib, server.peak_kib())
                server.stop()
                server = _Server(command)
                continue
            report.latencies.append(elapsed)
            if len(line) <= SMALL and elapsed > 1.0:
                report.slow.append((elapsed, line.decode("utf-8", "replace")))
            code, wrong = _check(answer)
            if wrong:
                report.bad_answers.append(f"{wrong}: {answer[:200]!r} for {line[:200]!r}")
                continue
            report.codes[code or "result"] += 1
            if code == "internal":
                report.internal.append(f"{answer[:300]!r} for {line[:300]!r}")
    finally:
        report.peak_kib = max(report.peak_kib, server.peak_kib())
        server.stop()
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--hang", type=float, default=10.0, help="seconds without an answer")
    args = parser.parse_args()
    start = time.perf_counter()
    report = fuzz(hostile_lines(args.seed, args.lines), hang=args.hang)
    print(f"mtgmana serve, fuzzed with seed {args.seed} ({time.perf_counter() - start:.0f} s)")
    for text in report.lines_of_text():
        print("  " + text)
    print("  target: 0 crashes, 0 hangs, 0 bad answers, 0 internal, none slow: "
          + ("ok" if report.ok() else "MISSED"))  # fmt: skip


if __name__ == "__main__":
    main()
