"""Values every page's layout needs."""

from django.conf import settings

from cotati_site.content import site_checked_on


def site(request):
    return {
        "site_checked_on": site_checked_on,  # callable: evaluated only when a template shows it
        "admin_url": "/" + settings.ADMIN_URL,
    }
