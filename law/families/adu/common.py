"""What the ADU family's checks share: its topic, the statuses and notes they name, and the
look-up of the records in force."""

from __future__ import annotations

from law.engine.common import Context
from law.engine.findings import Finding, Status

TOPIC = "adu"
PASS, FAIL, NOT_CHECKED, INFO = Status.PASS, Status.FAIL, Status.NOT_CHECKED, Status.INFO
NEW = frozenset({"detached", "attached"})  # new construction; the rest is existing space
GUARANTEE = "state_guarantee"
COTATI = "depends_on_cotati"


def get(ctx: Context, rule: str, case: str = "default"):
    return ctx.view.get(rule, ctx.zone, case)


def not_held(rule: str) -> Finding:
    """No record in force on this date (e.g. before Chapter 13 was operative)."""
    return Finding(rule=rule, status=NOT_CHECKED, topic=TOPIC, note="state_figure_not_held")
