"""Every process-level cache of the law package, registered in one place so that one call
clears them all (a test that swaps the law data, a reload of the families).

A cache here holds what a process derives once from files that do not change while it runs:
the registry of families, the parsed law, the words. ``process_cache`` is ``functools.cache``
that also registers the function; ``clear_caches()`` empties every registered one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable)

_CACHED: list = []


def process_cache(function: F) -> F:
    """``functools.cache``, registered so that ``clear_caches`` empties it."""
    cached = functools.cache(function)
    _CACHED.append(cached)
    return cached  # type: ignore[return-value]


def clear_caches() -> None:
    """Empty every cache registered with ``process_cache``."""
    for cached in _CACHED:
        cached.cache_clear()
