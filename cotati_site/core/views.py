"""Pages of the site itself: robots.txt, the health check and the server-error page."""

import sys

from django.apps import apps
from django.db import InterfaceError, OperationalError
from django.http import Http404, HttpResponse, HttpResponsePermanentRedirect
from django.urls import reverse
from django.views import defaults
from django.views.decorators.http import require_safe

from cotati_site.core.middleware import database_unavailable


@require_safe
def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /check-my-lot/result.json",
        f"Sitemap: {request.build_absolute_uri('/sitemap.xml')}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")


@require_safe
def healthz(request):
    """For load balancers and uptime checks: the app is serving. Touches no database."""
    return HttpResponse("ok", content_type="text/plain")


def server_error(request):
    """handler500. The database met out of reach outside any view (a middleware reading a
    logged-in visitor's session or user, where no ``process_exception`` sees it) is the
    friendly 503 a view's error gets (DatabaseUnavailableMiddleware), not a 500. Django
    calls this while handling the error, so ``sys.exc_info()`` holds it."""
    error = sys.exc_info()[1]
    if isinstance(error, OperationalError | InterfaceError):
        return database_unavailable(request, error)
    return defaults.server_error(request)


@require_safe
def old_admin_path(request, rest: str):
    """A staff bookmark from before the app split: ``/admin/cotati_site/summary/3/change/``
    moves permanently to ``/admin/guidance/summary/3/change/``, query string kept.

    The model's new app is found by the table it kept (``Meta.db_table`` is still
    ``cotati_site_<model>``), so this needs no list of the domain apps. The old app index
    goes to the admin's index; an unknown model is not found."""
    model_name, _, tail = rest.partition("/")
    if not model_name:
        target = reverse("admin:index")
    else:
        model = next(
            (m for m in apps.get_models() if m._meta.db_table == f"cotati_site_{model_name}"),
            None,
        )
        if model is None:
            raise Http404("No such page.")
        target = f"{reverse('admin:index')}{model._meta.app_label}/{model_name}/{tail}"
    query = request.META.get("QUERY_STRING", "")
    return HttpResponsePermanentRedirect(f"{target}?{query}" if query else target)
