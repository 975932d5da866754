"""The Atom feed of proposed changes to the code (Django's syndication framework), so residents
and contractors can follow what is changing (each topic's feed is in guidance/feeds.py).

An entry's date is the last time its record changed (core/feed_dates.py: its revision history,
which every save, admin edit and ``load_content`` writes), so a feed reader sees an edit as
an update.
"""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext

from cotati_site.codebook import queries as content
from cotati_site.core.cache import cache_for_anonymous


class ProposedChangesFeed(Feed):
    feed_type = Atom1Feed

    # In the language of its address (/es/proposed-changes/feed/ is Spanish).
    def title(self):
        return gettext("Proposed changes to the Cotati code")

    def subtitle(self):
        return gettext(
            "Amendments to the Cotati Municipal Code and zoning map that have been proposed, "
            "with what each would change. A proposal is not law until it is adopted and takes "
            "effect."
        )

    def link(self):
        return reverse("proposed_changes")

    def feed_url(self):
        return reverse("proposed_changes_feed")

    def items(self):
        return content.proposed_changes_for_feed()

    def item_title(self, item):
        return item.title

    def item_link(self, item):
        return item.url

    def item_guid(self, item):
        return item.guid

    item_guid_is_permalink = False

    def item_description(self, item):
        return render_to_string("cotati_site/feeds/_proposed_change.html", {"item": item})

    def item_updateddate(self, item):
        return item.updated

    def item_pubdate(self, item):
        return item.updated


# Feeds read no query parameters; like pages, they are made stale by content edits.
proposed_changes_feed = cache_for_anonymous(ProposedChangesFeed())
