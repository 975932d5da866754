"""gunicorn settings for production (`make serve-prod`, `make loadtest`, and the deploy notes in
README.md): `gunicorn --config gunicorn.conf.py cotati_site.wsgi`.

Command-line options override these (the load test passes its own --workers, --threads and
--bind). The environment may set GUNICORN_BIND, WEB_CONCURRENCY (workers),
GUNICORN_THREADS and GUNICORN_CONTROL_SOCKET.
"""

import os

# Loopback only: the front server (nginx, README "Deploying") on the same host is the only
# client, so slow clients meet its timeouts and buffering, not this pool of threads, and
# X-Forwarded-For (DJANGO_PROXY_COUNT) is only ever set by it. GUNICORN_BIND for another
# address (a front server on another host: bind to a private address it alone can reach).
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
# gthread, with a deadline on reading each request (slow clients: cotati_site/gunicorn_worker.py).
worker_class = "cotati_site.gunicorn_worker.BoundedThreadWorker"
threads = int(os.environ.get("GUNICORN_THREADS", "4"))
backlog = 2048

# Request limits: the longest URL the site makes (a Check my lot query with every field) is
# under 1,000 bytes; the site's own cookies under 200. A longer request line, a header line
# over 8 KB (one 64 KB Cookie header, say), or more than 50 headers is a 400 from gunicorn
# before Django sees it. Several Cookie headers that pass one by one are joined and then
# refused by cotati_site.core.middleware.CookieHeaderLimitMiddleware (over 8 KB in all).
limit_request_line = 4094
limit_request_fields = 50
limit_request_field_size = 8190

# A worker whose main loop stops answering for `timeout` seconds is killed and replaced.
# Note: a gthread worker keeps beating while one of its threads is busy, so this does not
# bound a single slow request; the request limits above, the worker's read deadlines (a
# request's headers within 5 s, its body within 10 s: cotati_site/gunicorn_worker.py), the
# database's guards (settings.py: connect_timeout, statement_timeout, the client-side query
# deadline, the bulkhead) and the cache's short socket timeouts do.
timeout = 30
graceful_timeout = 20
keepalive = 5

# gunicorn's control socket (for `gunicornc`) defaults to one path per user
# ($XDG_RUNTIME_DIR/gunicorn.ctl or ~/.gunicorn/gunicorn.ctl), so a second gunicorn started by
# the same user removes the first one's socket while it runs. Off unless GUNICORN_CONTROL_SOCKET
# names a path for this instance alone.
if os.environ.get("GUNICORN_CONTROL_SOCKET"):
    control_socket = os.environ["GUNICORN_CONTROL_SOCKET"]
else:
    control_socket_disable = True

accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")


def post_fork(server, worker):
    # Before the worker loads the site: the database bulkhead (settings.py) sizes itself from
    # the worker's thread count, which --threads on the command line may have changed.
    os.environ["GUNICORN_THREADS"] = str(worker.cfg.threads)


def post_worker_init(worker):
    # The site is loaded: load what every answer needs and freeze the heap, so the garbage
    # collector no longer walks it on each full collection (cotati_site/warmup.py).
    from cotati_site.warmup import prepare_process

    prepare_process()
