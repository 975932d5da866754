"""Each family's findings kept by the inputs it declares, so a plan that differs from an
earlier one in a single answer (a person typing a figure, the page checking as they type)
runs only the families that read that answer.

A family's findings depend on the records in force (the ``View``), the lot's zone, what the
``Context`` derives from the lot and building for every family (the building kinds the lot
allows, the zones whose standards apply, the number of stories), and the inputs its
``Family.inputs`` declares: the key holds exactly those. A family that read an input it does
not declare would be answered from the wrong entry, so ``strict()`` makes every check read
through guards that refuse an undeclared input; the rule tests run the whole engine that way
(tests/rules/conftest.py), so a family that reads more than it declares fails them.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rules.engine._common import Context
from rules.engine.inputs import Plan

KEPT_PER_FAMILY = 2048
_ABSENT = object()  # a part of the plan not given (its attributes are not read)

_lock = threading.Lock()
_mode: list[str] = ["kept"]  # "kept"; "fresh": nothing kept or read; "strict": fresh and guarded


@contextmanager
def _in_mode(mode: str) -> Iterator[None]:
    before = _mode[0]
    _mode[0] = mode
    try:
        yield
    finally:
        _mode[0] = before


def strict():
    """Within it, every family reads its inputs through guards (see the module docstring)
    and nothing is kept, so every check really runs."""
    return _in_mode("strict")


def fresh():
    """Within it, every check runs every family, as if nothing had been kept (benchmarks of
    the engine itself)."""
    return _in_mode("fresh")


class Keeper:
    """One family's kept findings: ``run(ctx, out)`` appends them, from the store when the
    same inputs were checked before."""

    __slots__ = ("name", "check", "lot_attrs", "part_attrs", "kept")

    def __init__(self, name: str, check: Callable, inputs: dict[str, list[str]]):
        self.name = name
        self.check = check
        self.lot_attrs = tuple(inputs.pop("lot", ()))
        self.part_attrs = tuple((part, tuple(attrs)) for part, attrs in inputs.items())
        self.kept: dict[tuple, tuple] = {}

    def key(self, ctx: Context) -> tuple:
        lot, plan = ctx.lot, ctx.plan
        values: list[Any] = [
            ctx.view,
            ctx.zone,
            ctx.units,
            ctx.residential,
            ctx.kinds,
            ctx.kind_conflict,
            ctx.std_zones,
            ctx.std_missing,
            ctx.storeys,
            plan.building is None,
        ]
        values.extend(getattr(lot, attr) for attr in self.lot_attrs)
        for part, attrs in self.part_attrs:
            given = ctx.building if part == "building" else getattr(plan, part)
            if given is None:
                values.append(_ABSENT)
            else:
                values.extend(getattr(given, attr) for attr in attrs)
        return tuple(values)

    def run(self, ctx: Context, out: list) -> None:
        mode = _mode[0]
        if mode != "kept":
            self.check(_guarded(ctx, self) if mode == "strict" else ctx, out)
            return
        key = self.key(ctx)
        found = self.kept.get(key)
        if found is None:
            start = len(out)
            self.check(ctx, out)
            found = tuple(out[start:])
            with _lock:
                if len(self.kept) >= KEPT_PER_FAMILY:
                    self.kept.clear()
                self.kept[key] = found
            return
        out.extend(found)


class UndeclaredInput(AssertionError):
    """A family read an input its ``Family.inputs`` does not declare."""


class _Guard:
    """An input part that answers only the attributes a family declares."""

    __slots__ = ("_target", "_allowed", "_family", "_part")

    def __init__(self, target, allowed, family: str, part: str):
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_allowed", frozenset(allowed))
        object.__setattr__(self, "_family", family)
        object.__setattr__(self, "_part", part)

    def __getattr__(self, name: str):
        if name not in self._allowed:
            raise UndeclaredInput(
                f"the {self._family} family reads {self._part}.{name}, which its "
                "Family.inputs does not declare (rules/engine/memo.py)"
            )
        return getattr(self._target, name)


def _guarded(ctx: Context, keeper: Keeper) -> Context:
    declared = dict(keeper.part_attrs)
    guarded = object.__new__(Context)
    for name in Context.__slots__:
        setattr(guarded, name, getattr(ctx, name))
    # The zone is every family's (the key holds it); the rest of the lot only as declared.
    guarded.lot = _Guard(ctx.lot, (*keeper.lot_attrs, "zone"), keeper.name, "lot")
    guarded.building = _Guard(ctx.building, declared.get("building", ()), keeper.name, "building")
    parts = {}
    for part in Plan.__dataclass_fields__:
        given = getattr(ctx.plan, part)
        parts[part] = (
            None if given is None else _Guard(given, declared.get(part, ()), keeper.name, part)
        )
    guarded.plan = _PlanGuard(parts)
    return guarded


class _PlanGuard:
    """The plan as a family sees it under ``strict``: each part guarded (None stays None)."""

    __slots__ = ("_parts",)

    def __init__(self, parts: dict):
        object.__setattr__(self, "_parts", parts)

    def __getattr__(self, name: str):
        try:
            return self._parts[name]
        except KeyError:
            raise AttributeError(name) from None
