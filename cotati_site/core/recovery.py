"""Deleted content comes back from its history: nothing staff delete is lost.

django-simple-history writes a version of a record at every save, and one more when it is
deleted (``history_type`` "-") holding the record as it last was. So:

- ``deleted(model)`` lists what is deleted and not back (the latest deletion of each record);
- ``find(model, history_id)`` names one deletion, with the records its delete cascaded to
  (a topic's summaries and FAQs), or refuses in words an editor can act on;
- ``recover(deletion, user=...)`` puts them all back in one transaction, each with its last
  content and what it cited, records the recovery in each one's history with the editor's
  name, and makes cached pages stale.

A cascade is told apart from separate deletes by time: Django deletes a record's dependents
in the same transaction, just before the record, so their deletions are dated within
``CASCADE_WINDOW`` before it, by the same user. A summary an editor deleted on its own minutes
earlier is not brought back with its topic (it is listed on its own).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from simple_history.utils import get_m2m_reverse_field_name

from cotati_site.core.cache import content_written

CASCADE_WINDOW = timedelta(seconds=5)
RECOVERED = "Recovered after deletion"  # the change reason of the version a recovery writes
LISTED = 200  # the most recent deletions listed per model


def history_of(model) -> models.Manager | None:
    """The model's django-simple-history manager, if it keeps a history."""
    name = getattr(model._meta, "simple_history_manager_attribute", None)
    return getattr(model, name) if name else None


@dataclass(frozen=True)
class Deletion:
    """One deleted record (its historical "-" version) and what its delete cascaded to."""

    record: models.Model
    cascaded: tuple[Deletion, ...] = ()

    @property
    def model(self) -> type[models.Model]:
        return self.record.instance_type

    @property
    def instance(self) -> models.Model:
        """The record as it was when deleted (not saved)."""
        return self.record.instance

    def each(self) -> Iterator[Deletion]:
        """This deletion, then those it cascaded to (a parent before its children)."""
        yield self
        for child in self.cascaded:
            yield from child.each()


def deleted(model) -> list[Deletion]:
    """The records of ``model`` deleted and not back, the latest deletion first."""
    history = history_of(model)
    pk = model._meta.pk.attname
    records = (
        history.filter(history_type="-")
        .exclude(**{f"{pk}__in": model._base_manager.values(pk)})
        .select_related("history_user")
        .order_by("-history_date", "-history_id")
    )
    latest: dict = {}
    for record in records.iterator():
        latest.setdefault(getattr(record, pk), record)
        if len(latest) == LISTED:
            break
    return [Deletion(record, _cascaded(record)) for record in latest.values()]


def latest_deletion(model, pk) -> Deletion | None:
    """The deletion that removed record ``pk``, if it is deleted now."""
    history = history_of(model)
    if model._base_manager.filter(pk=pk).exists():
        return None
    record = history.filter(**{model._meta.pk.attname: pk}).first()
    if record is None or record.history_type != "-":
        return None
    return Deletion(record, _cascaded(record))


def find(model, history_id) -> Deletion:
    """The deletion ``history_id`` of a ``model`` record, if it can be undone now.

    Raises ``ValidationError`` with a message for the editor otherwise: no such deletion, the
    record is back already, or a later deletion of it is the one to recover.
    """
    name = model._meta.verbose_name
    history = history_of(model)
    record = None
    if isinstance(history_id, int):  # (Django answers an id out of range with no record)
        record = history.filter(history_id=history_id).select_related("history_user").first()
    if record is None or record.history_type != "-":
        raise ValidationError(
            f"There is no such deleted {name}: the address is wrong, or it is not a deletion.",
            code="no_deletion",
        )
    deletion = latest_deletion(model, getattr(record, model._meta.pk.attname))
    if deletion is None:
        raise ValidationError(
            f"The {name} “{record.instance}” is not deleted any more: someone recovered it or "
            "made it again. Nothing was changed.",
            code="not_deleted",
        )
    if deletion.record.history_id != record.history_id:
        raise ValidationError(
            f"The {name} “{record.instance}” was deleted again later: recover its latest "
            "deletion from the list.",
            code="older_deletion",
        )
    return deletion


def recover(deletion: Deletion, *, user) -> list[models.Model]:
    """Put back a deleted record and the records its delete cascaded to; returns them.

    Each comes back with its content as last saved (a revisioned record with its next
    revision, so a form opened before the delete is out of date) and the records it cited,
    as far as they still exist. Its history gets a version by ``user``, reason ``RECOVERED``.
    All or nothing: ``ValidationError`` (with a message for the editor) if any cannot come
    back, e.g. its slug has been given to a new topic since.
    """
    try:
        with transaction.atomic():
            restored = [_put_back(item, user) for item in deletion.each()]
    except IntegrityError as error:  # recovered (or made again) at the same moment
        raise ValidationError(
            f"The {deletion.model._meta.verbose_name} “{deletion.instance}” could not be "
            "recovered: someone recovered it or saved a record like it at the same moment. "
            "Nothing was changed; look at the list again.",
            code="conflict",
        ) from error
    content_written()
    return restored


def _cascaded(record) -> tuple[Deletion, ...]:
    """The deletions of dependents (with a history) that ``record``'s delete cascaded to."""
    model = record.instance_type
    found = []
    for relation in model._meta.related_objects:
        child_model = relation.related_model
        child_history = history_of(child_model)
        if relation.many_to_many or relation.on_delete is not models.CASCADE:
            continue
        if child_history is None:
            continue
        key = relation.field
        child_pk = child_model._meta.pk.attname
        candidates = (
            child_history.filter(
                history_type="-",
                history_user_id=record.history_user_id,
                history_date__gte=record.history_date - CASCADE_WINDOW,
                history_date__lte=record.history_date,
                **{key.attname: getattr(record, key.target_field.attname)},
            )
            .exclude(**{f"{child_pk}__in": child_model._base_manager.values(child_pk)})
            .order_by("history_id")
        )
        for child in candidates:
            latest = child_history.filter(**{child_pk: getattr(child, child_pk)}).first()
            if latest.history_id == child.history_id:  # not made again and deleted since
                found.append(Deletion(child, _cascaded(child)))
    return tuple(found)


def _put_back(item: Deletion, user) -> models.Model:
    obj = item.instance
    _check_can_come_back(obj)
    obj._history_user = user
    obj._change_reason = RECOVERED
    obj.save(force_insert=True)
    _restore_cited(obj, item.record)
    return obj


def _check_can_come_back(obj) -> None:
    """What would stop ``obj`` coming back as it was, in words."""
    opts = obj._meta
    problems = []
    for field in opts.concrete_fields:
        if not field.many_to_one or getattr(obj, field.attname) is None:
            continue
        target = field.remote_field.model
        lookup = {field.target_field.attname: getattr(obj, field.attname)}
        if not target._base_manager.filter(**lookup).exists():
            problems.append(
                f"its {field.verbose_name} is deleted too; recover that "
                f"{target._meta.verbose_name} first (it brings this one back with it when "
                "both went in one delete)"
            )
    try:
        obj.validate_unique()
        obj.validate_constraints()
    except ValidationError as error:
        problems.extend(error.messages)
    if problems:
        raise ValidationError(
            f"The {opts.verbose_name} “{obj}” cannot come back as it was: "
            + "; ".join(problems)
            + ". Nothing was changed.",
            code="cannot_come_back",
        )


def _restore_cited(obj, record) -> None:
    """The many-to-many links ``record``'s history keeps (a summary's sections), as they
    were in the last version before the delete: the delete removes the links before its
    version is written, so the "-" version holds none."""
    before = record.prev_record
    for field in getattr(record, "_history_m2m_fields", ()):
        if before is None:
            continue
        target = get_m2m_reverse_field_name(field)
        ids = [getattr(row, f"{target}_id") for row in getattr(before, field.name).all()]
        still_there = field.remote_field.model._base_manager.filter(pk__in=ids)
        getattr(obj, field.name).set(still_there)
