"""Staff editing of guidance: editors keep topics, summaries and FAQs current, in English and
in Spanish.

Every write path asks for the permission it needs (see ``codebook.admin``); saves go through
``core.revisions.save_with_revision``, so two editors cannot overwrite each other (the
Spanish is part of the record: the same revision guards it). The Spanish of each record and
whether it needs review since its English changed: ``core.translated_admin``.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Case, DateField, Value, When
from django.http import HttpResponseNotAllowed, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from simple_history.admin import SimpleHistoryAdmin

from cotati_site.core import rich_text_check, translated
from cotati_site.core.cache import ContentCacheAdminMixin, content_changed
from cotati_site.core.history_admin import HistoryPermissionsMixin, WholeChangeHistoryMixin
from cotati_site.core.revisions import Revisioned, StaleEdit, save_with_revision
from cotati_site.core.translated_admin import (
    STATE_WORDS,
    TranslatedAdminMixin,
    TranslationStateFilter,
)
from cotati_site.guidance import review, services
from cotati_site.guidance.admin_forms import FAQForm, SummaryForm, TopicForm
from cotati_site.guidance.models import FAQ, Summary, Topic


class RevisionedAdminMixin(HistoryPermissionsMixin):
    """Topics, summaries and FAQs: every admin save is ``services.save_with_revision`` with
    the revision the form showed (for the list's editable column, the one read for it)."""

    def save_model(self, request, obj, form, change):
        shown = form.cleaned_data.get("shown_revision", getattr(obj, "loaded_revision", None))
        save_with_revision(obj, shown if change else None, user=request.user)
        content_changed()

    def save_formset(self, request, form, formset, change):
        if not issubclass(formset.model, Revisioned):
            return super().save_formset(request, form, formset, change)
        formset.save(commit=False)
        for obj in formset.deleted_objects:
            obj.delete()
        changed = [obj for obj, _fields in formset.changed_objects]
        for inline in formset.forms:
            obj = inline.instance
            if any(obj is new for new in formset.new_objects):
                save_with_revision(obj, None, user=request.user)
            elif any(obj is edited for edited in changed):
                shown = inline.cleaned_data.get("shown_revision", obj.loaded_revision)
                save_with_revision(obj, shown, user=request.user)
        formset.save_m2m()
        content_changed()

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        view = super().changeform_view
        return self.run_revisioned_write(view, request, object_id, form_url, extra_context)

    def changelist_view(self, request, extra_context=None):
        try:
            return super().changelist_view(request, extra_context)
        except StaleEdit:
            self.message_user(
                request,
                "Someone else changed one of these rows while you were editing the list, so "
                "NOTHING was saved. The list below is current; make your changes again.",
                messages.ERROR,
            )
            return HttpResponseRedirect(request.get_full_path())


class PreviewMixin:
    """A "Preview" button on the change page: the record as the public page will render it,
    from what the editor has typed (nothing is saved), in a new tab."""

    def get_urls(self):
        opts = self.model._meta
        preview = path(
            "preview/",
            self.admin_site.admin_view(self.preview_view),
            name=f"{opts.app_label}_{opts.model_name}_preview",
        )
        return [preview, *super().get_urls()]

    def preview_view(self, request):
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if not (self.has_add_permission(request) or self.has_change_permission(request)):
            raise PermissionDenied
        form = self.get_form(request)(request.POST)
        form.is_valid()  # validates only: nothing is saved
        field = form.rich_text_field
        values = {name: request.POST.get(name, "") for name in form.fields}
        values.update(getattr(form, "cleaned_data", {}))
        typed = request.POST.get(field, "")
        values[field] = rich_text_check.cleaned_source(typed)
        return TemplateResponse(
            request,
            "admin/guidance/preview.html",
            {
                **self.admin_site.each_context(request),
                "title": f"Preview of a {self.model._meta.verbose_name}",
                "opts": self.model._meta,
                "removed": rich_text_check.removals(typed),
                "preview": form.preview(values),
            },
        )


def spanish_fieldset(*fields: str) -> tuple:
    """The edit page's Spanish: the fields, the box for a reviewer, and what changed in the
    English since the Spanish was written."""
    return (
        "Spanish",
        {
            "fields": (*fields, "spanish_checked", "spanish_review"),
            "description": (
                "The Spanish page shows this text once every field with English has its "
                "Spanish; until then, and while the Spanish needs review after a change to the "
                "English, it shows the English, saying so in Spanish. Terms: docs/glossary-es.md."
            ),
        },
    )


class SummaryInline(admin.TabularInline):
    model = Summary
    form = SummaryForm
    fields = (
        "order",
        "headline",
        "source_kind",
        "is_published",
        "is_key_point",
        "checked_on",
        "shown_revision",
    )
    extra = 0
    ordering = ("order", "pk")
    show_change_link = True


class FAQInline(admin.TabularInline):
    model = FAQ
    form = FAQForm
    fields = ("order", "question", "is_published", "shown_revision")
    extra = 0
    ordering = ("order", "pk")
    show_change_link = True


@admin.register(Topic)
class TopicAdmin(
    WholeChangeHistoryMixin,
    TranslatedAdminMixin,
    RevisionedAdminMixin,
    ContentCacheAdminMixin,
    SimpleHistoryAdmin,
):
    form = TopicForm
    list_display = (
        "title",
        "slug",
        "order",
        "feature",
        "for_homeowners",
        "for_contractors",
        "for_designers",
        "spanish_state",
    )
    list_editable = ("order",)
    search_fields = ("title", "intro", "title_es", "intro_es", "slug")
    list_filter = (
        "for_homeowners",
        "for_contractors",
        "for_designers",
        "feature",
        TranslationStateFilter,
    )
    prepopulated_fields = {"slug": ("title",)}
    readonly_fields = ("spanish_review",)
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "slug",
                    "title",
                    "intro",
                    "order",
                    "for_homeowners",
                    "for_contractors",
                    "for_designers",
                    "feature",
                    "shown_revision",
                )
            },
        ),
        spanish_fieldset("title_es", "intro_es"),
    )
    inlines = [SummaryInline, FAQInline]


class NeedsReviewFilter(admin.SimpleListFilter):
    """Summaries whose cited sections have a newer adopted version than the one checked."""

    title = "code changed since checked"
    parameter_name = "review"

    def lookups(self, request, model_admin):
        return (("needed", "Needs review"), ("current", "Up to date"))

    def queryset(self, request, queryset):
        if self.value() not in ("needed", "current"):
            return queryset
        stale = review.summaries_needing_review(timezone.localdate())
        if self.value() == "needed":
            return queryset.filter(pk__in=stale)
        return queryset.exclude(pk__in=stale)


@admin.register(Summary)
class SummaryAdmin(
    WholeChangeHistoryMixin,
    PreviewMixin,
    TranslatedAdminMixin,
    RevisionedAdminMixin,
    ContentCacheAdminMixin,
    SimpleHistoryAdmin,
):
    form = SummaryForm
    object_history_form_template = "admin/guidance/object_history_form.html"
    list_display = (
        "headline",
        "topic",
        "source_kind",
        "is_published",
        "checked_on",
        "review_state",
        "public_link",
    )
    list_filter = (
        NeedsReviewFilter,
        TranslationStateFilter,
        "topic",
        "source_kind",
        "is_published",
        "basis",
        ("checked_on", admin.DateFieldListFilter),
    )
    search_fields = (
        "headline",
        "body",
        "citation_text",
        "applies_when",
        "headline_es",
        "body_es",
        "sections__number",
    )
    list_select_related = ("topic",)
    autocomplete_fields = ("sections",)
    date_hierarchy = "checked_on"
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "topic",
                    "headline",
                    "body",
                    "save_cleaned_text",
                    "applies_when",
                    "shown_revision",
                )
            },
        ),
        (
            "Source",
            {
                "fields": (
                    "source_kind",
                    "sections",
                    "citation_text",
                    "basis",
                    "basis_note",
                    "checked_on",
                    "what_changed",
                )
            },
        ),
        ("Publishing", {"fields": ("is_published", "is_key_point", "order")}),
        spanish_fieldset("headline_es", "body_es", "applies_when_es"),
    )

    actions = ["mark_checked_today"]
    readonly_fields = ("what_changed", "spanish_review")

    class Media:
        css = {"all": ["css/admin.css"]}  # the list and edit page at 1280 px

    change_form_template = "admin/guidance/summary/change_form.html"

    @admin.display(description="Code changed since checked")
    def what_changed(self, obj: Summary) -> str:
        """What changed under the summary since it was checked, with the redline of each."""
        if obj.pk is None:
            return "—"
        changes = review.changes_since_checked(obj, timezone.localdate())
        if not changes:
            return "Nothing: every cited section is as it was when this was checked."
        items = format_html_join(
            "",
            '<li data-changed-section="{}">§ {} has a new adopted text, {}, in force from {}'
            '{}. <a href="{}">See what changed</a></li>',
            (
                (
                    change["number"],
                    change["number"],
                    change["now"].source,
                    f"{change['now'].effective_on:%B %-d, %Y}",
                    "" if change["before"] else " (no earlier text was on the site)",
                    change["redline_url"],
                )
                for change in changes
            ),
        )
        return format_html('<ul class="what-changed">{}</ul>', items)

    @admin.display(description="Public page")
    def public_link(self, obj: Summary) -> str:
        if not obj.is_published:
            return "Draft (not public)"
        return format_html('<a href="{}">View on site</a>', obj.get_absolute_url())

    def get_queryset(self, request):
        # Which summaries need review is worked out once per request (a few queries for the
        # whole site) and attached to each row, not asked row by row.
        stale = review.summaries_needing_review(timezone.localdate())
        whens = [When(pk=pk, then=Value(changed)) for pk, changed in stale.items()]
        changed_on = Case(*whens, default=Value(None), output_field=DateField()) if whens else None
        return (
            super()
            .get_queryset(request)
            .annotate(code_changed_on=changed_on or Value(None, output_field=DateField()))
        )

    @admin.display(description="Review", ordering="code_changed_on")
    def review_state(self, obj: Summary) -> str:
        """What to review: the code under the summary, and its Spanish (one narrow column:
        the list fits 1280 px; the Spanish filter lists each state)."""
        changed = getattr(obj, "code_changed_on", None)
        lines = [f"Needs review (changed {changed:%b %-d, %Y})"] if changed else []
        spanish = self.spanish_state(obj)
        if spanish != STATE_WORDS[translated.CURRENT]:
            lines.append(f"Spanish: {spanish[0].lower()}{spanish[1:]}")
        return format_html_join(mark_safe("<br>"), "{}", ((line,) for line in lines)) or "—"

    @admin.action(description="Checked against the current code today", permissions=["change"])
    def mark_checked_today(self, request, queryset):
        today = timezone.localdate()
        try:
            with transaction.atomic():
                for summary in queryset:
                    services.mark_checked(summary, today, user=request.user)
        except StaleEdit:
            self.message_user(
                request,
                "Someone else changed one of these summaries while you were choosing them, so "
                "NONE was marked as checked. Look at them again and repeat the action.",
                messages.ERROR,
            )
            return
        self.message_user(
            request,
            f"{queryset.count()} summaries marked as checked against the code in force on {today:%B %-d, %Y}.",
            messages.SUCCESS,
        )

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        summary = form.instance
        if "_checked_today" in request.POST:
            # The edit page's "Save, checked against the current code today" button: the
            # same as the list's action, for this summary.
            services.mark_checked(summary, timezone.localdate(), user=request.user)
            return
        # A new summary, or one whose checked date an editor changed, was checked against
        # the code in force that day.
        if not change or "checked_on" in form.changed_data:
            services.record_check(summary, summary.checked_on, user=request.user)


@admin.register(FAQ)
class FAQAdmin(
    WholeChangeHistoryMixin,
    PreviewMixin,
    TranslatedAdminMixin,
    RevisionedAdminMixin,
    ContentCacheAdminMixin,
    SimpleHistoryAdmin,
):
    form = FAQForm
    object_history_form_template = "admin/guidance/object_history_form.html"
    list_display = ("question", "topic", "basis", "is_published", "order", "spanish_state")
    list_filter = ("topic", "is_published", "basis", TranslationStateFilter)
    search_fields = ("question", "answer", "question_es", "answer_es")
    readonly_fields = ("spanish_review",)
    fieldsets = (
        (
            None,
            {"fields": ("topic", "question", "answer", "save_cleaned_text", "shown_revision")},
        ),
        ("Source", {"fields": ("sections", "basis", "basis_note")}),
        ("Publishing", {"fields": ("order", "is_published")}),
        spanish_fieldset("question_es", "answer_es"),
    )
    list_select_related = ("topic",)
    autocomplete_fields = ("sections",)
