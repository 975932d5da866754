"""Site information staff keep current: who to ask at the City, and where to look up a lot.

Each entry is one named detail (the Planning Division's phone number, the City's zoning map
viewer, ...) with the public page it was read on and the day staff checked it. A detail we
could not find is kept with an empty value, so the site says "not found" instead of
guessing. Templates show these entries (``templates/includes/``); no phone number, address
or link of the City is typed into a template. Labels and values are kept in English and
Spanish (``translation.py``, ``core.translated``).
"""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_noop

from cotati_site.core.translated import Translated


class SiteInfoQuerySet(models.QuerySet):
    def published(self):
        return self.filter(is_published=True)


class SiteInfo(Translated):
    """One named contact detail or link, with where it was found and when it was checked."""

    class Group(models.TextChoices):
        PLANNING_CONTACT = "planning_contact", "Planning Division contact"
        FIND_YOUR_ZONE = "find_your_zone", "Finding your zone and parcel"

    key = models.SlugField(
        max_length=60,
        unique=True,
        help_text="A fixed name the site uses for this entry, e.g. 'planning-phone'. Do not change it.",
    )
    group = models.CharField(
        max_length=30,
        choices=Group.choices,
        help_text="Which box on the public pages shows this entry.",
    )
    order = models.PositiveSmallIntegerField(
        default=100, help_text="Entries are listed by this number, smallest first."
    )
    label = models.CharField(
        max_length=120, help_text="What the entry is, as readers see it, e.g. 'Phone'."
    )
    value = models.CharField(
        max_length=300,
        blank=True,
        help_text=(
            "The detail itself, exactly as the source page gives it (e.g. '707-665-3636'). "
            "Leave empty when it could not be found: the site then says so instead of guessing."
        ),
    )
    url = models.URLField(
        max_length=500,
        blank=True,
        help_text="Where the entry links to (a map viewer, an application portal), if anywhere.",
    )
    source_url = models.URLField(
        max_length=500,
        blank=True,
        help_text="The public page the detail was read on (the City's or the County's own page).",
    )
    checked_on = models.DateField(
        null=True, blank=True, help_text="The date staff last checked the detail on that page."
    )
    staff_note = models.TextField(
        blank=True,
        help_text="For staff only, never shown on the public site: what the page said, what is missing.",
    )
    is_published = models.BooleanField(
        default=True, help_text="Only published entries appear on public pages."
    )

    # A label and a value are each shown in Spanish when they have it (a phone number needs no
    # translation; a shipped label has the catalog's): core.translated.
    translated_whole = False

    objects = SiteInfoQuerySet.as_manager()
    # Its history (``history``) is registered in translation.py, once its Spanish fields exist.

    class Meta:
        db_table = "cotati_site_siteinfo"  # its table from before the app split
        ordering = ["group", "order", "pk"]
        verbose_name = "site information entry"
        verbose_name_plural = "site information"

    def __str__(self) -> str:
        return f"{self.get_group_display()}: {self.label}"

    def clean(self):
        if self.checked_on and not self.source_url:
            raise ValidationError(
                {"source_url": "Say which public page this detail was checked on."}
            )

    @property
    def found(self) -> bool:
        return bool(self.value or self.url)


def entries_by_group() -> dict[str, list[SiteInfo]]:
    """The published entries, grouped for the templates (one query)."""
    groups: dict[str, list[SiteInfo]] = {group: [] for group in SiteInfo.Group.values}
    for entry in SiteInfo.objects.published():
        groups.setdefault(entry.group, []).append(entry)
    return groups


# The labels of the entries the site ships with (fixtures/site_info.json), for the translation
# catalogs: a page shows an entry's label in its language where the catalog holds it
# (templates/includes/_site_info_entries.html translates it as it renders), and as staff
# typed it otherwise. The values stay as their sources publish them.
SHIPPED_LABELS = (
    gettext_noop("Street address"),
    gettext_noop("Phone"),
    gettext_noop("Email (Community Development permits)"),
    gettext_noop("Office hours"),
    gettext_noop("Help in Spanish"),
    gettext_noop("Where to apply for a building permit"),
    gettext_noop("Where to apply for a planning permit (use permit, design review, variance)"),
    gettext_noop("Zoning map (City of Cotati)"),
    gettext_noop("Parcel number and assessor's map (Sonoma County)"),
    gettext_noop("Flood map (FEMA)"),
)
