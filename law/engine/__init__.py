"""The Cotati rules engine: plain Python, no Django.

Standards are dated, cited records (``law/data/*.toml`` and each family's folder);
``check_lot`` answers with findings in codes and numbers, which templates put into words.
The families' own parts (``Fence``, ``AduProposal``...) are in their folders.
"""

from law.engine.check import check_lot
from law.engine.findings import Finding, MinorVariance, Status
from law.engine.loader import load_standards
from law.engine.plan import Plan
from law.engine.site import Lot, MainBuilding
from law.engine.standards import (
    ProposalInfo,
    Proposals,
    Standard,
    Standards,
    StandardsError,
)
from law.engine.zones import ZONES, Zone

__all__ = [
    "ZONES",
    "Finding",
    "Lot",
    "MainBuilding",
    "MinorVariance",
    "Plan",
    "ProposalInfo",
    "Proposals",
    "Standard",
    "Standards",
    "StandardsError",
    "Status",
    "Zone",
    "check_lot",
    "load_standards",
]
