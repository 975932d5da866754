"""What the page cache needs of its host: a shared Redis with a memory limit and an eviction
policy, and one site host to key and render cached pages for.

The attack on the running site added 232 MB to Redis in three minutes with unique URLs. The
keys are bounded now (cotati_site/core/cache.py), but the README also asks operators for
``maxmemory`` and a policy that evicts, and nothing checked it: ``warn_if_unbounded`` asks
the shared Redis at start-up (core/apps.py), where the server lets a client ask (``CONFIG
GET``; managed services often refuse it), and logs one warning if a visitor could still fill
it. It never fails start-up: a Redis that cannot be asked is noted at INFO and left alone.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.core.checks import Error, register
from django.http.request import split_domain_port, validate_host

logger = logging.getLogger(__name__)

# Policies under which a full Redis refuses writes instead of making room.
_NO_EVICTION = {"noeviction"}


def bounds_problem(config: dict) -> str | None:
    """What is wrong with a Redis whose ``CONFIG GET maxmemory*`` answered ``config``, if
    anything: no memory limit, or a policy that evicts nothing when it is reached."""
    problems = []
    if str(config.get("maxmemory", "0")) == "0":
        problems.append("has no memory limit (maxmemory 0)")
    policy = str(config.get("maxmemory-policy", "noeviction"))
    if policy in _NO_EVICTION:
        problems.append(f"evicts nothing when full (maxmemory-policy {policy})")
    return " and ".join(problems) or None


def warn_if_unbounded(alias: str = "default") -> None:
    """Log a warning if the shared cache is a Redis that may grow without bound (see the
    module docstring); nothing for any other cache backend."""
    backend = caches[alias]
    if not isinstance(backend, RedisCache):
        return
    try:
        config = backend._cache.get_client(write=True).config_get("maxmemory*")
    except Exception as error:  # refused (ACL, CONFIG renamed), or Redis not up yet
        logger.info("Could not ask the shared Redis for its memory limit: %s", error)
        return
    problem = bounds_problem(config)
    if problem:
        logger.warning(
            "The shared Redis %s: unique URLs could fill it. Set maxmemory and "
            "maxmemory-policy allkeys-lru (README, 'Caching').",
            problem,
        )


@register()
def site_host_is_allowed(app_configs=None, **kwargs):
    """SITE_HOST, which cached pages are rendered for, must be a host Django accepts, or
    every cached page would answer 400."""
    domain, _port = split_domain_port(settings.SITE_HOST)
    if domain and validate_host(domain, settings.ALLOWED_HOSTS or ["localhost"]):
        return []
    return [
        Error(
            f"SITE_HOST {settings.SITE_HOST!r} is not in ALLOWED_HOSTS.",
            hint="Set DJANGO_SITE_HOST to the site's host (one of DJANGO_ALLOWED_HOSTS).",
            id="core.E001",
        )
    ]
