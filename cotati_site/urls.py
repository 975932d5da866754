"""URLs of the public site, the staff admin and the checker: each app's own paths, mounted at
the root (every public path is as it was before the app split).

The pages are in two languages at the same paths: English unprefixed, Spanish under /es/
(``i18n_patterns``; cotati_site/core/languages.py). What holds no words stays at one address:
the checker's JSON, the sitemap (which lists both languages), robots.txt, /healthz, the admin.
"""

from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from cotati_site.core.cache import cache_for_anonymous
from cotati_site.core.urls import old_admin_urlpatterns
from cotati_site.sitemaps import SITEMAPS
from rules import urls as checker_urls
from rules.numbers import whole_number_param

urlpatterns = [
    # First: a client polling the checker's JSON is resolved without trying (and recording,
    # for the 404 page) every page pattern of both languages before it.
    path("check-my-lot/", include(checker_urls.data_urlpatterns)),
    *i18n_patterns(
        # First: the checker answers on every change of an answer, and Django tries the
        # patterns in order, recording each one that fails (for the 404 page) before a match.
        path("check-my-lot/", include(checker_urls.urlpatterns)),
        path("", include("cotati_site.guidance.urls")),
        path("", include("cotati_site.codebook.urls")),
        path("", include("cotati_site.search.urls")),
        prefix_default_language=False,
    ),
    path(
        "sitemap.xml",
        # The sitemap reads ?p= (its page) only; made stale by content edits like pages.
        cache_for_anonymous(sitemap, reads={"p": whole_number_param}),
        {"sitemaps": SITEMAPS},
        name="django.contrib.sitemaps.views.sitemap",
    ),
    path("", include("cotati_site.core.urls")),
    # Before the admin, so its addresses from before the app split (/admin/cotati_site/…)
    # redirect to the models' new apps.
    path(settings.ADMIN_URL, include(old_admin_urlpatterns)),
    path(settings.ADMIN_URL, admin.site.urls),
]

# A database out of reach outside any view is the 503, not a 500 (cotati_site/core/views.py).
handler500 = "cotati_site.core.views.server_error"
