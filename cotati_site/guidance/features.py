"""What a topic page may show from the rules tables (``Topic.feature``): the zoning district
table, or the key numbers of a family of rules, as the families declare them.

The choices come from the registry (each family's ``feature``, worded in its words.toml), so
a new family with a topic page needs no migration; the field validates against them.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError

from law.engine.registry import registry
from law.engine.words import words

# A page's feature that is no family's: the table of every district's standards.
SITE_FEATURES = (("", "None"), ("zoning_districts", "Zoning district table"))


def feature_choices() -> list[tuple[str, str]]:
    """(value, label) of every feature a topic may have, the families' in family order."""
    labels = words().features
    families = [
        (f.feature, labels.get(f.feature, f.feature))
        for f in registry().families
        if f.feature is not None
    ]
    return [*SITE_FEATURES, *dict(families).items()]


def validate_feature(value: str) -> None:
    if value not in dict(feature_choices()):
        raise ValidationError(
            "%(value)s is not a feature of the rules tables.", params={"value": value}
        )
