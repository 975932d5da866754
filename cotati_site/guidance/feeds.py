"""The Atom feed of each topic's content updates (summaries and FAQs), so residents and
contractors can follow what is changing. Dated like the proposed-changes feed
(``codebook.feeds``): an entry's date is the last time its record changed. In the language
of its address, each entry as the topic page shows it (``core.translated``): an entry still
in English on the Spanish feed says so in its title."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext

from cotati_site.core.cache import cache_for_anonymous
from cotati_site.core.feed_dates import as_datetime, last_changed
from cotati_site.core.templatetags.rich_text import rich_text
from cotati_site.core.translated import shown
from cotati_site.guidance.models import FAQ, Summary, Topic


class TopicUpdatesFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request, slug: str):
        return get_object_or_404(Topic, slug=slug)

    # In the language of its address (/es/topics/<slug>/feed/ is Spanish), which the feed
    # also declares (Feed.language: the active language).
    def title(self, topic):
        return gettext("%(topic)s: updates (Cotati building rules)") % {"topic": shown(topic).title}

    def subtitle(self, topic):
        return gettext("New and changed rules and questions on the topic “%(topic)s”.") % {
            "topic": shown(topic).title
        }

    def link(self, topic):
        return topic.get_absolute_url()

    def feed_url(self, topic):
        return reverse("topic_feed", args=[topic.slug])

    def items(self, topic):
        summaries = (
            Summary.objects.published()
            .filter(topic=topic)
            .select_related("topic")
            .annotate(changed_at=last_changed(Summary))
        )
        faqs = (
            FAQ.objects.published()
            .filter(topic=topic)
            .select_related("topic")
            .annotate(changed_at=last_changed(FAQ))
        )
        # A question with no recorded change has no date to show as an update: left out.
        entries = [e for e in [*summaries, *faqs] if self.item_updateddate(e) is not None]
        entries.sort(key=lambda e: (self.item_updateddate(e), e.pk), reverse=True)
        return entries[:50]

    def item_title(self, item):
        text = shown(item)
        if isinstance(item, Summary):
            title = text.headline
        else:
            title = gettext("Question: %(question)s") % {"question": text.question}
        if text.in_english_on_another_page:
            return gettext("%(title)s (in English)") % {"title": title}
        return title

    def item_link(self, item):
        return item.get_absolute_url()

    def item_guid(self, item):
        kind = "summary" if isinstance(item, Summary) else "faq"
        return f"cotati-building-rules:{kind}:{item.pk}"

    item_guid_is_permalink = False

    def item_description(self, item):
        text = shown(item)
        return str(rich_text(text.body if isinstance(item, Summary) else text.answer))

    def item_updateddate(self, item):
        if item.changed_at is not None:
            return item.changed_at
        return as_datetime(getattr(item, "checked_on", None))

    def item_pubdate(self, item):
        return self.item_updateddate(item)


topic_updates_feed = cache_for_anonymous(TopicUpdatesFeed())
