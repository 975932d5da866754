"""The history page's revert form (django-simple-history) writes only for those who may change.

Kept apart from admin.py so every admin module with a history (site information too) uses it;
``tests/security/test_admin_write_paths.py`` fails for a history admin without it.
"""

from django.contrib.admin.utils import flatten_fieldsets, unquote
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from simple_history.template_utils import HistoricalRecordContextHelper, conditional_str

from cotati_site.core.revisions import StaleEdit, refused_as_stale
from cotati_site.core.word_diff import DELETED, INSERTED, word_diff


class HistoryPermissionsMixin:
    """The history page's form writes only for those who may change the record.

    django-simple-history's ``history_form_view`` saves a POST from anyone who may view the
    record, with whatever field values it carries. Here a POST needs change permission (add
    permission for a record that was deleted) and revert not disabled; without them the page
    is shown read-only, with no Revert button, and a POST is refused (403).
    """

    def may_revert(self, request, current) -> bool:
        if self.revert_disabled(request, current):
            return False
        if current is None:
            return self.has_add_permission(request)
        return self.has_change_permission(request, current)

    def history_form_view(self, request, object_id, version_id, extra_context=None):
        current = self.get_object(request, unquote(object_id))
        allowed = self.may_revert(request, current)
        if request.method not in ("GET", "HEAD") and not allowed:
            raise PermissionDenied
        request.history_read_only = not allowed
        view = super().history_form_view
        if request.method in ("GET", "HEAD"):
            return view(request, object_id, version_id, extra_context)
        return self.run_revisioned_write(view, request, object_id, version_id, extra_context)

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
            return [f for f in fields if f in self._model_field_names()]
        return super().get_readonly_fields(request, obj)

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
