"""Writes to revisioned content (topics, summaries, FAQs): one save path, checked atomically.

Each save of a ``Revisioned`` record claims the next revision with one conditional UPDATE
(``UPDATE … SET revision = N + 1 WHERE pk = … AND revision = N``) inside the transaction
that writes the record. The database decides who wins: on PostgreSQL a second writer waits
on the row lock and then finds the revision moved; on SQLite writers are serialized by the
database lock (settings: ``transaction_mode`` IMMEDIATE and a busy timeout), and a writer
that still finds it locked is refused like a stale one. So of two editors who saved from
the same revision exactly one is saved, the other is told, and no two history rows of a
record carry the same revision.
"""

from __future__ import annotations

from contextvars import ContextVar

from django.db import OperationalError, models, transaction
from django.db.models import F

# Records (label, pk) whose save lost a race in this request: the admin shows the form again
# and these forms refuse, whatever the database says by then (StaleEdit).
refused_as_stale: ContextVar[frozenset] = ContextVar("refused_as_stale", default=frozenset())


class StaleEdit(Exception):
    """The record changed (or is being changed) since the revision the editor was shown."""

    def __init__(self, model, pk, shown_revision):
        self.model, self.pk, self.shown_revision = model, pk, shown_revision
        super().__init__(
            f"{model._meta.label} {pk}: saved since revision {shown_revision}, not overwritten"
        )

    @property
    def key(self) -> tuple[str, str]:
        return (self.model._meta.label_lower, str(self.pk))


def claim_revision(model, pk, expected: int | None) -> int | None:
    """Take the next revision of row ``pk``; call inside the transaction that saves it.

    With ``expected`` (the revision a form showed) the claim succeeds only if the row is
    still at it, else ``StaleEdit``. Without it (a deliberate overwrite: fixtures, a
    command) the counter is bumped atomically all the same. ``None`` means there is no
    such row yet (the save inserts it).
    """
    rows = model._base_manager.filter(pk=pk)
    if expected is not None:
        if rows.filter(revision=expected).update(revision=expected + 1) == 1:
            return expected + 1
        raise StaleEdit(model, pk, expected)
    if rows.update(revision=F("revision") + 1) == 1:
        return rows.values_list("revision", flat=True).get()
    return None


def is_lock_error(error: OperationalError) -> bool:
    """SQLite's "database is locked" / "database table is locked"."""
    return "locked" in str(error).lower()


def save_with_revision(obj, shown_revision: int | None, *, user=None):
    """Save ``obj`` only if it is still at ``shown_revision`` (for a new record, ``None``).

    Raises ``StaleEdit`` if someone else saved it since, or is saving it at this moment and
    the database would not wait; nothing of this save is then written.
    """
    if user is not None:
        obj._history_user = user  # django-simple-history records who made the change
    try:
        with transaction.atomic():
            obj.save(expected_revision=shown_revision if obj.pk is not None else None)
    except OperationalError as error:
        if not is_lock_error(error):
            raise
        raise StaleEdit(type(obj), obj.pk, shown_revision) from error
    return obj


class Revisioned(models.Model):
    """Content two editors may edit at once: each save takes the next ``revision``.

    The revision is claimed with one conditional UPDATE in the transaction that saves the
    record (``cotati_site.core.revisions.claim_revision``), so concurrent saves never share a
    revision number. An instance read from the database remembers the revision it was read
    at (``loaded_revision``); the admin saves with the revision its form showed
    (``services.save_with_revision``), and a save from an out-of-date form is refused.
    """

    revision = models.PositiveIntegerField(
        default=0,
        editable=False,
        help_text="Counts saves; the admin refuses a save made from an out-of-date form.",
    )

    class Meta:
        abstract = True

    def save(self, *args, expected_revision=None, **kwargs):
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "revision"}
        with transaction.atomic(using=kwargs.get("using")):
            claimed = None
            if self.pk is not None and not kwargs.get("force_insert"):
                claimed = claim_revision(type(self), self.pk, expected_revision)
            self.revision = claimed if claimed is not None else (self.revision or 0) + 1
            super().save(*args, **kwargs)
        self.loaded_revision = self.revision

    @classmethod
    def from_db(cls, db, field_names, values):
        instance = super().from_db(db, field_names, values)
        instance.loaded_revision = instance.__dict__.get("revision")
        return instance
