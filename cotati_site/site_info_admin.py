"""Staff editing of site information: editors keep the City's contact details and links current."""

from django.contrib import admin
from django.db import models
from simple_history.admin import SimpleHistoryAdmin

from cotati_site.cache import ContentCacheAdminMixin
from cotati_site.history_admin import HistoryPermissionsMixin
from cotati_site.site_info import SiteInfo


@admin.register(SiteInfo)
class SiteInfoAdmin(HistoryPermissionsMixin, ContentCacheAdminMixin, SimpleHistoryAdmin):
    list_display = ("label", "group", "value", "is_published", "checked_on", "order")
    list_filter = ("group", "is_published")
    list_editable = ("order",)
    search_fields = ("label", "value", "url", "source_url", "key")
    readonly_fields = ("key",)
    fieldsets = (
        (None, {"fields": ("key", "group", "order", "label", "value", "url", "is_published")}),
        ("Where it comes from", {"fields": ("source_url", "checked_on", "staff_note")}),
    )
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}

    def get_readonly_fields(self, request, obj=None):
        # The key is how templates find an entry: fixed once the entry exists.
        return self.readonly_fields if obj is not None else ()
