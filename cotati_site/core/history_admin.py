"""The history page's revert form (django-simple-history) writes only for those who may change,
and never for a record deleted since (that comes back with "Recover deleted").

Kept apart from admin.py so every admin module with a history (site information too) uses it;
``tests/security/test_admin_write_paths.py`` fails for a history admin without it.
"""

from django.contrib import messages
from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.http import HttpResponseRedirect
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from simple_history.template_utils import HistoricalRecordContextHelper, conditional_str

from cotati_site.core import recovery
from cotati_site.core.recover_admin import RecoverDeletedMixin
from cotati_site.core.revisions import StaleEdit, refused_as_stale
from cotati_site.core.word_diff import DELETED, INSERTED, word_diff


class HistoryPermissionsMixin(RecoverDeletedMixin):
    """The history page's form writes only for those who may change the record.

    django-simple-history's ``history_form_view`` saves a POST from anyone who may view the
    record, with whatever field values it carries. Here a POST needs change permission and
    revert not disabled; without them the page is shown read-only, with no Revert button,
    and a POST is refused (403).

    The versions of a record deleted since are read-only too: it comes back with "Recover
    deleted" (``RecoverDeletedMixin``), together with what its delete took with it, and can
    then be reverted like any other. A POST to such a version's form, or to a version that
    does not exist, is refused with a message saying what to do, never an error page.
    """

    def may_revert(self, request, current) -> bool:
        if current is None or self.revert_disabled(request, current):
            return False
        return self.has_change_permission(request, current)

    def revert_disabled(self, request, obj=None):
        return getattr(request, "history_read_only", False) or super().revert_disabled(request, obj)

    def history_view(self, request, object_id, extra_context=None):
        pk = self._pk_or_none(object_id)
        if pk is None:
            return self._no_such_version(request)
        if not self.model._base_manager.filter(pk=pk).exists():
            self._say_it_was_deleted(request, pk)
        return super().history_view(request, object_id, extra_context)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        pk = self._pk_or_none(object_id)
        history = recovery.history_of(self.model)
        if pk is None or not version_id.isdigit():
            return self._no_such_version(request)
        version = history.filter(**{self.model._meta.pk.attname: pk, "history_id": version_id})
        if not version.exists():
            return self._no_such_version(request)
        current = self.get_object(request, unquote(object_id))
        if current is None:
            return self._deleted_version_view(request, pk, object_id, version_id, extra_context)
        allowed = self.may_revert(request, current)
        if request.method not in ("GET", "HEAD") and not allowed:
            raise PermissionDenied
        request.history_read_only = not allowed
        view = super().history_form_view
        if request.method in ("GET", "HEAD"):
            return view(request, object_id, version_id, extra_context)
        return self.run_revisioned_write(view, request, object_id, version_id, extra_context)

    def _pk_or_none(self, object_id):
        try:
            return self.model._meta.pk.to_python(unquote(object_id))
        except ValidationError:
            return None

    def _no_such_version(self, request):
        self.message_user(
            request,
            f"There is no such {self.model._meta.verbose_name} or version of it: the address "
            "is wrong. Nothing was changed.",
            messages.ERROR,
        )
        return HttpResponseRedirect(self._admin_url("changelist"))

    def _deleted_version_view(self, request, pk, object_id, version_id, extra_context):
        """A version of a record deleted since: shown read-only; a POST is refused and led
        to recovering the record."""
        deletion = recovery.latest_deletion(self.model, pk)
        if deletion is None:  # not there, and no deletion of it in its history
            return self._no_such_version(request)
        if request.method not in ("GET", "HEAD"):
            if not self.may_recover(request, deletion):
                raise PermissionDenied
            self.message_user(
                request,
                f"The {self.model._meta.verbose_name} “{deletion.instance}” has been deleted, "
                "so nothing was reverted. Recover it here first; then its history can revert "
                "it to any version.",
                messages.ERROR,
            )
            return HttpResponseRedirect(self._admin_url("recover", deletion.record.history_id))
        request.history_read_only = True
        self._say_it_was_deleted(request, pk, deletion)
        return super().history_form_view(request, object_id, version_id, extra_context)

    def _say_it_was_deleted(self, request, pk, deletion=None) -> None:
        deletion = deletion or recovery.latest_deletion(self.model, pk)
        if deletion is None:
            return
        request.history_read_only = True
        name = self.model._meta.verbose_name
        if self.may_recover(request, deletion):
            self.message_user(
                request,
                format_html(
                    'This {} has been deleted. <a href="{}">Recover it</a> to edit or revert '
                    "it again.",
                    name,
                    self._admin_url("recover", deletion.record.history_id),
                ),
                messages.WARNING,
            )
        else:
            self.message_user(request, f"This {name} has been deleted.", messages.WARNING)

    def _model_field_names(self) -> set[str]:
        return {f.name for f in self.model._meta.get_fields()}

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if not getattr(request, "history_read_only", False):
            return fieldsets
        # Read-only: the record's own fields, none of the form's helpers (pasted text, ...).
        names = self._model_field_names()
        return [
            (title, {**options, "fields": [f for f in options["fields"] if f in names]})
            for title, options in fieldsets
        ]

    def get_readonly_fields(self, request, obj=None):
        if getattr(request, "history_read_only", False):
            fields = flatten_fieldsets(self.fieldsets) if self.fieldsets else []
            fields = fields or [f.name for f in self.model._meta.fields]
            kept = self._prepopulated_names(request)
            return [f for f in fields if f in self._model_field_names() and f not in kept]
        return super().get_readonly_fields(request, obj)

    def _prepopulated_names(self, request) -> set[str]:
        names = set()
        for field, sources in self.get_prepopulated_fields(request).items():
            names |= {field, *sources}
        return names

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if not getattr(request, "history_read_only", False):
            return form
        # django-simple-history hands the admin's prepopulated fields (a topic's slug, from
        # its title) to the page as form fields, so read-only they stay in the form, disabled.
        disabled = self._prepopulated_names(request)

        class ReadOnlyForm(form):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                for name in disabled & set(self.fields):
                    self.fields[name].disabled = True

        return ReadOnlyForm

    def run_revisioned_write(self, view, request, *args):
        """Run a view that saves, in one transaction; if its save lost a race
        (``StaleEdit``), nothing of it is kept and the form comes back with the conflict
        message and everything the editor typed."""
        try:
            with transaction.atomic():
                return view(request, *args)
        except StaleEdit as conflict:
            token = refused_as_stale.set(refused_as_stale.get() | {conflict.key})
            try:
                with transaction.atomic():
                    return view(request, *args)
            finally:
                refused_as_stale.reset(token)


class WholeChangeContextHelper(HistoricalRecordContextHelper):
    """The history page's "changes" table with each whole value, not django-simple-history's
    shortened "This [98 chars]ones.": the old text with the words taken out struck, the
    new text with the words put in marked."""

    def stringify_delta_change_values(self, change, old, new):
        old_text, new_text = conditional_str(old), conditional_str(new)
        old_html, new_html = [], []
        for segment in word_diff(old_text, new_text):
            text = conditional_escape(segment.text)
            if segment.kind == DELETED:
                old_html.append(f"<del>{text}</del>")
            elif segment.kind == INSERTED:
                new_html.append(f"<ins>{text}</ins>")
            else:
                old_html.append(text)
                new_html.append(text)
        return (
            mark_safe(" ".join(old_html)),  # noqa: S308 - every piece is escaped above
            mark_safe(" ".join(new_html)),  # noqa: S308
        )


class WholeChangeHistoryMixin:
    """For a SimpleHistoryAdmin: the history diff shows the whole change (see above)."""

    def get_historical_record_context_helper(self, request, historical_record):
        return WholeChangeContextHelper(self.model, historical_record)
