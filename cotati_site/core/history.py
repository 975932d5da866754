"""django-simple-history for revisioned content that cites other records (a summary's sections).

With ``m2m_fields``, django-simple-history keeps the related records with each version, and
makes a version of its own for every change of them. But an admin save writes the record
first and its many-to-many fields just after, in the same transaction, so that would be two
versions for one save, sharing one revision (``core.revisions`` promises one revision per
version). Here the related records are folded into the version the save just made instead:
one save, one version, holding everything it saved. A deleted record can then be recovered
with what it cited (``core.recovery``).
"""

from __future__ import annotations

from django.conf import settings
from simple_history.models import HistoricalRecords

_CHANGED = ("post_add", "post_remove", "post_clear")


class VersionHistory(HistoricalRecords):
    """``HistoricalRecords`` whose many-to-many changes update the latest version."""

    def post_save(self, instance, created, using=None, **kwargs):
        # A raw save is loaddata restoring a backup: it makes no version (simple-history's
        # own rule), and the many-to-many it sets next must not rewrite the restored
        # version's cited sections either (m2m_changed below), or a restore renumbers them.
        if kwargs.get("raw", False):
            instance._restored_raw = True
        super().post_save(instance, created, using=using, **kwargs)

    def m2m_changed(self, instance, action, attr, pk_set, reverse, **kwargs):
        if action not in _CHANGED or not getattr(settings, "SIMPLE_HISTORY_ENABLED", True):
            return
        if getattr(instance, "_restored_raw", False):
            return
        if reverse:
            # Changed from the other side (section.summaries.add(...)): the records named.
            # Nothing in the site does this; a reverse clear names none and is not kept.
            model = self.cls
            owners = model._base_manager.filter(pk__in=pk_set or ())
        else:
            owners = [instance]
        for owner in owners:
            if hasattr(owner, "skip_history_when_saving"):
                continue
            latest = getattr(owner, self.manager_name).first()
            if latest is None:  # no version yet (saved with history off): make one
                self.create_historical_record(owner, "~")
                continue
            for field in latest._history_m2m_fields:
                self.m2m_models[field].objects.filter(history=latest).delete()
            self.create_historical_record_m2ms(latest, owner)
