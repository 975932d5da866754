"""What the ADU family's checks share: its topic, the statuses and notes they name, and the
look-up of the records in force."""

from __future__ import annotations

from law.engine.common import Context
from law.engine.findings import Finding, Status

TOPIC = "adu"
PASS, FAIL, NOT_CHECKED, INFO = Status.PASS, Status.FAIL, Status.NOT_CHECKED, Status.INFO
# Attached to the permit (fees, parking, deadlines): listed, never holding the answer.
CONDITION = Status.CONDITION
NEW = frozenset({"detached", "attached"})  # new construction; the rest is existing space
GUARANTEE = "state_guarantee"
COTATI = "depends_on_cotati"


def get(ctx: Context, rule: str, case: str = "default"):
    return ctx.view.get(rule, ctx.zone, case)


def not_held(rule: str, topic: str = TOPIC) -> Finding:
    """No record in force on this date (e.g. before Chapter 13 was in force)."""
    return Finding(rule=rule, status=NOT_CHECKED, topic=topic, note="state_figure_not_held")
