"""Values every page's layout needs."""

from django.conf import settings
from django.utils.functional import SimpleLazyObject

from cotati_site.codebook.queries import proposal_notes
from cotati_site.guidance.queries import site_checked_on


def site(request):
    return {
        "site_checked_on": site_checked_on,  # callable: evaluated only when a template shows it
        "admin_url": "/" + settings.ADMIN_URL,
        # Named proposals' titles and status, for wording that mentions one (read only when a
        # page does: a minor-variance hint, the district table, Check my lot's preview).
        "proposal_notes": SimpleLazyObject(proposal_notes),
    }
