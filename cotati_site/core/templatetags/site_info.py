"""`{% site_info as info %}`: the published site information entries, grouped.

Read once per request (the result is kept on the request), so a page that shows both the
Planning Division's contact box and the "find your zone" help costs one query. If the
database cannot be reached the tag gives ``None`` and the includes render nothing: a page
that reaches for this help while the database is down still renders.
"""

import logging

from django import template
from django.db import DatabaseError

from cotati_site.core.site_info import entries_by_group

register = template.Library()
logger = logging.getLogger(__name__)

_ATTRIBUTE = "_cotati_site_info"


@register.simple_tag(takes_context=True)
def site_info(context):
    request = context.get("request")
    if request is not None and hasattr(request, _ATTRIBUTE):
        return getattr(request, _ATTRIBUTE)
    try:
        info = entries_by_group()
    except DatabaseError:
        logger.warning("Site information not shown: the database is unavailable.")
        info = None
    if request is not None:
        setattr(request, _ATTRIBUTE, info)
    return info
