"""The plan: what a person proposes, one part per form section (a fence, a shed, an ADU...).

A part not asked about is None. The parts are the families' own (``Family.part``), so the plan
holds them by key rather than as fields listed here: ``plan.fence`` is the ``Fence`` given, or
None. Frozen and hashable, like the parts.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any


class Plan:
    """The proposal. ``building`` may be None: its rules are still reported (as
    ``not_checked``), because every lot has them. The other parts are None when the user did
    not ask about them, and then produce no findings."""

    def __init__(self, **parts: Any):
        given = {key: part for key, part in parts.items() if part is not None}
        # Each part named is an attribute, None when not given: a family's ``applies`` asks
        # for its part on every check, and a name found here costs no ``__getattr__``. A
        # part not named at all is None too (``__getattr__``).
        self.__dict__.update(parts)
        object.__setattr__(self, "_parts", given)

    @property
    def parts(self) -> dict[str, Any]:
        """The parts given, by key."""
        return self._parts

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return None

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def replace(self, **parts: Any) -> Plan:
        """A copy with ``parts`` given (None: not asked about)."""
        return Plan(**{**self.parts, **parts})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plan) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(frozenset(self.parts.items()))

    def __repr__(self) -> str:
        given = ", ".join(f"{key}={part!r}" for key, part in self.parts.items())
        return f"Plan({given})"

    def __reduce__(self):
        return (_plan, (self.parts,))


def _plan(parts: dict) -> Plan:
    return Plan(**parts)
