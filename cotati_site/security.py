"""Security plumbing that Django 5.2 does not ship: a Content-Security-Policy header and the
client address django-axes throttles logins by.

The policy itself lives in settings (CONTENT_SECURITY_POLICY); this module only sends it.
"""

from django.conf import settings


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
