"""Run every benchmark in this folder, one after another, each in its own process.

Usage: ``python bench/run_all.py`` (from the repository root, with mtgmana
installed or ``src`` on ``PYTHONPATH``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main() -> int:
    here = Path(__file__).resolve().parent
    status = 0
    for script in sorted(here.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        status |= subprocess.run([sys.executable, str(script)], check=False).returncode
        print(flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
