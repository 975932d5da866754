"""The Cotati rules engine: plain Python, no Django.

Standards are dated, cited records in ``rules/data/*.toml``; ``check_lot``
answers with findings in codes and numbers, which templates put into words.
"""

from rules.engine.check import check_lot
from rules.engine.districts import DistrictRow, district_rows
from rules.engine.findings import Finding, MinorVariance, Status
from rules.engine.inputs import (
    AccessoryStructure,
    AduProposal,
    Fence,
    FloodData,
    HomeBusiness,
    Lot,
    MainBuilding,
    Plan,
)
from rules.engine.standards import (
    ProposalInfo,
    Proposals,
    Standard,
    Standards,
    StandardsError,
    load_standards,
)
from rules.engine.zones import ZONES, Zone

__all__ = [
    "ZONES",
    "AccessoryStructure",
    "AduProposal",
    "DistrictRow",
    "Fence",
    "Finding",
    "FloodData",
    "HomeBusiness",
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
    "district_rows",
    "load_standards",
]
