"""Refuse a Python whose cookie parser is quadratic (CVE-2024-7592).

``http.cookies._unquote`` (which Django's ``parse_cookie`` calls for every cookie value)
took time quadratic in the number of backslash escapes in a quoted value before the fix
(CPython gh-123067: 3.11.10, 3.12.6, 3.13.0, and distributions' backports such as Debian's 3.11.2).
A 64 KB Cookie header then cost seconds of CPU per request. The version string cannot tell
a patched distribution build from a vulnerable one, so this script decides by behaviour:
it times the parser on a crafted value and on one four times as long. A linear parser
takes about four times as long; the quadratic one about sixteen.

    python scripts/check_python.py           # exit 0 if patched, 1 (with a message) if not
    python scripts/check_python.py --quiet   # the same, no message when it passes

Standard library only: the Makefile runs it with candidate interpreters before any
virtualenv exists.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable

SMALL = 2000  # escapes in the shorter probe value (4 KB); the longer one has 4x as many
GROWTH = 4
# Quadratic growth gives GROWTH**2 = 16, linear GROWTH = 4: the threshold sits between.
SUPERLINEAR_RATIO = 8.0
# However it grows, a parser that needs this long for a 16 KB value is not acceptable. A
# patched one needs about 3 ms on a quiet machine, a vulnerable one about 400 ms: the limit
# sits well between, so a vulnerable parser is refused even when a busy machine stalls the
# short probe's every timing and hides its growth (69 ms, then 482 ms: 7x, seen under a full
# test run when the limit was 500 ms).
ABSOLUTE_LIMIT_SECONDS = 0.1
REPEATS = 5
# A busy machine can stall one timing; a verdict of "vulnerable" is re-measured this many
# times and stands only if every measurement agrees (a quadratic parser never looks linear).
CONFIRMATIONS = 3


def crafted_value(escapes: int) -> str:
    """A quoted cookie value of ``escapes`` escaped quotes: the vulnerable parser's worst case."""
    return '"' + '\\"' * escapes + '"'


def _best_time(parse: Callable[[str], object], value: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        parse(value)
        best = min(best, time.perf_counter() - started)
        # Repeats smooth out a stall on a busy machine; only a timing already long enough
        # to decide on its own (half the absolute limit) is not repeated. (Stopping after
        # 50 ms once let a stalled first timing of the short value make a quadratic parser
        # look linear: 118 ms, then 412 ms for four times the input.)
        if best > ABSOLUTE_LIMIT_SECONDS / 2:
            break
    return best


def measure(parse: Callable[[str], object], small: int = SMALL) -> tuple[float, float]:
    """Best-of-REPEATS seconds to parse the crafted value with ``small`` and GROWTH x ``small``
    escapes."""
    short = _best_time(parse, crafted_value(small), REPEATS)
    long = _best_time(parse, crafted_value(small * GROWTH), REPEATS)
    return short, long


def is_quadratic(short: float, long: float) -> bool:
    """The decision: too slow outright, or growing much faster than the input."""
    if long >= ABSOLUTE_LIMIT_SECONDS:
        return True
    return long / max(short, 1e-6) >= SUPERLINEAR_RATIO and long >= 0.005


def parser_is_vulnerable(parse: Callable[[str], object], small: int = SMALL) -> bool:
    return all(is_quadratic(*measure(parse, small)) for _ in range(CONFIRMATIONS))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from http.cookies import _unquote

    short, long = measure(_unquote)
    for _ in range(CONFIRMATIONS - 1):
        if not is_quadratic(short, long):
            break
        short, long = measure(_unquote)
    where = f"{sys.executable} (Python {sys.version.split()[0]})"
    if is_quadratic(short, long):
        print(
            f"{where} has the quadratic cookie parser of CVE-2024-7592: parsing a "
            f"{len(crafted_value(SMALL * GROWTH)) // 1024} KB cookie value took "
            f"{long * 1000:.0f} ms ({long / max(short, 1e-6):.0f}x the time of one a quarter "
            "as long).\nUse an interpreter with the fix (CPython gh-123067: 3.11.10+, 3.12.6+, 3.13.0+, "
            "or a distribution build that backports it, such as Debian's /usr/bin/python3.11), "
            "e.g. `make PYTHON=/usr/bin/python3.11 ...`.",
            file=sys.stderr,
        )
        return 1
    if "--quiet" not in argv:
        print(
            f"{where}: cookie parser is linear ({short * 1000:.2f} ms, then "
            f"{long * 1000:.2f} ms for 4x the input)."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
