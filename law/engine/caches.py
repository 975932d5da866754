"""Every process-level cache, registered in one place so that one call clears them all (a
test that swaps the law data or the words, a reload of the families).

A cache here holds what a process derives from inputs that do not change while it runs: the
registry of families, the parsed law, the words, and Check my lot's renderings of a finding.
``process_cache`` is ``functools.cache`` (or, given ``maxsize``, a bounded
``functools.lru_cache``) that also registers the function; ``clear_caches()`` empties every
registered one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)

_CACHED: list = []


def process_cache(function: F | None = None, *, maxsize: int | None = None):
    """``functools.cache``, registered so that ``clear_caches`` empties it. With ``maxsize``
    (``@process_cache(maxsize=4096)``), bounded as ``functools.lru_cache``: for keys a
    process meets without end, such as the findings of every plan it is asked about."""

    def register(function: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _CACHED.append(cached)
        return cached  # type: ignore[return-value]

    return register if function is None else register(function)


def clear_caches() -> None:
    """Empty every cache registered with ``process_cache``."""
    for cached in _CACHED:
        cached.cache_clear()
