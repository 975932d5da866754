"""Values every page's layout needs."""

from django.conf import settings
from django.utils.functional import SimpleLazyObject

from cotati_site.content import proposal_notes, site_checked_on


def site(request):
    return {
        "site_checked_on": site_checked_on,  # callable: evaluated only when a template shows it
        "admin_url": "/" + settings.ADMIN_URL,
        # Named proposals' titles and status, for wording that mentions one (read only when a
        # page does: a minor-variance hint, the district table, Check my lot's preview).
        "proposal_notes": SimpleLazyObject(proposal_notes),
    }
