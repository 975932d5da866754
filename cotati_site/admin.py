"""Staff editing: editors keep summaries, topics and FAQs current; only superusers touch code text."""

from django.contrib import admin
from django.db import models
from django.utils.html import format_html

from cotati_site.models import FAQ, CodeSection, Summary, Topic

admin.site.site_header = "Cotati building rules: staff"
admin.site.site_title = "Cotati building rules staff"
admin.site.index_title = "Content"


class SummaryInline(admin.TabularInline):
    model = Summary
    fields = ("order", "headline", "source_kind", "is_published", "is_key_point", "checked_on")
    extra = 0
    ordering = ("order", "pk")
    show_change_link = True


class FAQInline(admin.TabularInline):
    model = FAQ
    fields = ("order", "question", "is_published")
    extra = 0
    ordering = ("order", "pk")
    show_change_link = True


@admin.register(Topic)
class TopicAdmin(admin.ModelAdmin):
    list_display = (
        "title",
        "slug",
        "order",
        "feature",
        "for_homeowners",
        "for_contractors",
        "for_designers",
    )
    list_editable = ("order",)
    search_fields = ("title", "intro", "slug")
    list_filter = ("for_homeowners", "for_contractors", "for_designers", "feature")
    prepopulated_fields = {"slug": ("title",)}
    inlines = [SummaryInline, FAQInline]


@admin.register(Summary)
class SummaryAdmin(admin.ModelAdmin):
    list_display = ("headline", "topic", "source_kind", "is_published", "checked_on", "public_link")
    list_filter = (
        "topic",
        "source_kind",
        "is_published",
        "basis",
        ("checked_on", admin.DateFieldListFilter),
    )
    search_fields = ("headline", "body", "citation_text", "applies_when", "sections__number")
    list_select_related = ("topic",)
    autocomplete_fields = ("sections",)
    date_hierarchy = "checked_on"
    fieldsets = (
        (None, {"fields": ("topic", "headline", "body", "applies_when")}),
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
                )
            },
        ),
        ("Publishing", {"fields": ("is_published", "is_key_point", "order")}),
    )

    @admin.display(description="Public page")
    def public_link(self, obj: Summary) -> str:
        if not obj.is_published:
            return "Draft (not public)"
        return format_html('<a href="{}">View on site</a>', obj.get_absolute_url())


@admin.register(FAQ)
class FAQAdmin(admin.ModelAdmin):
    list_display = ("question", "topic", "is_published", "order")
    list_filter = ("topic", "is_published")
    search_fields = ("question", "answer")
    list_select_related = ("topic",)


@admin.register(CodeSection)
class CodeSectionAdmin(admin.ModelAdmin):
    """Code text is the law's own words: editors may read it, only superusers may change it."""

    list_display = ("number", "title", "chapter", "has_text", "retrieved_on")
    list_filter = ("code_title", "chapter")
    search_fields = ("number", "title")
    readonly_fields = ("sort_key",)
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    @admin.display(boolean=True, description="Text on site")
    def has_text(self, obj: CodeSection) -> bool:
        return obj.has_text

    def has_add_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_change_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser
