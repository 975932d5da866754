"""Security plumbing that Django 5.2 does not ship: a Content-Security-Policy header (on pages
and on static files), static serving that keeps the manifest private, and the client address
django-axes throttles logins by.

The policy itself lives in settings (CONTENT_SECURITY_POLICY); this module only sends it.
"""

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from whitenoise.middleware import WhiteNoiseMiddleware


class ContentSecurityPolicyMiddleware:
    """Adds the site's Content-Security-Policy to every response that does not set its own.

    Admin paths get CONTENT_SECURITY_POLICY_ADMIN when it is set (it is not today: Django
    5.2's admin works under the public policy, as tests/e2e/test_content_security_policy.py
    shows in a real browser).
    """

    header = "Content-Security-Policy"

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY
        self.admin_policy = getattr(settings, "CONTENT_SECURITY_POLICY_ADMIN", None) or self.policy
        self.admin_prefix = "/" + settings.ADMIN_URL

    def __call__(self, request):
        response = self.get_response(request)
        if settings.DEBUG and response.status_code >= 400:
            # Django's debug error pages (technical 404 and 500, CSRF failure) are built on
            # inline styles and scripts; they exist only with DEBUG on, never in production.
            return response
        if self.header not in response:
            admin = request.path_info.startswith(self.admin_prefix)
            response[self.header] = self.admin_policy if admin else self.policy
        return response


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    """WhiteNoise with two changes.

    Static files get the Content-Security-Policy and X-Frame-Options: WhiteNoise answers
    before the page middlewares run (it sits right after SecurityMiddleware, which adds HSTS,
    no-sniff and the referrer policy), so they are added to each file's headers when
    WhiteNoise indexes it (an SVG opened directly is a document a policy applies to).

    The manifest (``staticfiles.json``, mapping every source name to its fingerprinted one)
    is not served: it lists every file, including ones no page links to. Its address falls
    through to the URL resolver, which answers 404.
    """

    def __init__(self, get_response=None, settings=settings):
        super().__init__(get_response, settings=settings)
        manifest = getattr(staticfiles_storage, "manifest_name", "staticfiles.json")
        self.hidden_prefix = self.static_prefix + manifest
        for url in [url for url in self.files if url.startswith(self.hidden_prefix)]:
            del self.files[url]

    def __call__(self, request):
        if request.path_info.startswith(self.hidden_prefix):  # also its .gz/.br copies
            return self.get_response(request)
        return super().__call__(request)

    def add_cache_headers(self, headers, path, url):
        # Called by WhiteNoise for every file it indexes, with the headers it will send.
        super().add_cache_headers(headers, path, url)
        headers["Content-Security-Policy"] = settings.CONTENT_SECURITY_POLICY
        headers["X-Frame-Options"] = settings.X_FRAME_OPTIONS


def client_ip(request) -> str | None:
    """The visitor's address: REMOTE_ADDR, or with PROXY_COUNT trusted proxies in front, the
    address the outermost of them saw (each proxy appends to X-Forwarded-For, so the entries
    further left can be forged by the client and are ignored)."""
    count = getattr(settings, "PROXY_COUNT", 0)
    if count > 0:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        addresses = [part.strip() for part in forwarded.split(",") if part.strip()]
        if len(addresses) >= count:
            return addresses[-count]
    return request.META.get("REMOTE_ADDR")
