"""Staff editing of the search vocabulary."""

from django.contrib import admin

from cotati_site.core.cache import ContentCacheAdminMixin
from cotati_site.search.models import SearchPhrase


@admin.register(SearchPhrase)
class SearchPhraseAdmin(ContentCacheAdminMixin, admin.ModelAdmin):
    """The search vocabulary: everyday words and the topic they lead to (Editors keep it)."""

    list_display = ("phrase", "language", "topic", "not_covered", "shows_contacts")
    list_filter = ("language", "shows_contacts", "topic")
    search_fields = ("phrase", "not_covered")
    fields = ("phrase", "language", "topic", "not_covered", "shows_contacts")
