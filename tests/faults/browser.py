"""A browser's part for the fault suite: cookies kept by hand and forms posted back as
they stand, so a test can log in to the admin and save through a real server."""

from __future__ import annotations

import html.parser
import time
import urllib.error
import urllib.parse
import urllib.request

from tests.faults.processes import HOST_HEADER, Answer, _NoRedirect


class _FormFields(html.parser.HTMLParser):
    """The fields a browser would send with the first POST form of a page, as they stand."""

    def __init__(self):
        super().__init__()
        self.fields: dict[str, str] = {}
        self._in_form = self._done = False
        self._textarea: str | None = None
        self._select: str | None = None
        self._first_option: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = {name: value or "" for name, value in attrs}
        if self._done:
            return
        if tag == "form" and attrs.get("method", "").lower() == "post":
            self._in_form = True
        if not self._in_form:
            return
        name = attrs.get("name")
        if tag == "input" and name:
            kind = attrs.get("type", "text").lower()
            if kind in ("submit", "button", "file", "image"):
                return
            if kind in ("checkbox", "radio") and "checked" not in attrs:
                return
            self.fields[name] = attrs.get("value", "on" if kind == "checkbox" else "")
        elif tag == "textarea" and name:
            self._textarea = name
            self.fields[name] = ""
        elif tag == "select" and name:
            self._select, self._first_option = name, None
        elif tag == "option" and self._select:
            value = attrs.get("value", "")
            if self._first_option is None:
                self._first_option = value
                self.fields.setdefault(self._select, value)
            if "selected" in attrs:
                self.fields[self._select] = value

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None
        elif tag == "form" and self._in_form:
            self._in_form, self._done = False, True

    def handle_data(self, data):
        if self._textarea:
            self.fields[self._textarea] += data


class Browser:
    """A client that keeps cookies by hand (the site's are ``Secure`` in production, which
    urllib's cookie jar would not send over the suite's plain HTTP) and submits forms."""

    def __init__(self, base: str):
        self.base = base
        self.cookies: dict[str, str] = {}

    def request(self, path: str, data: dict | None = None, timeout: float = 10) -> Answer:
        headers = {"Host": HOST_HEADER}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        opener = urllib.request.build_opener(_NoRedirect)
        started = time.monotonic()
        try:
            response = opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            for cookie in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = cookie.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return Answer(
                response.status,
                response.read(),
                dict(response.headers),
                time.monotonic() - started,
            )

    def submit(self, path: str, changes: dict[str, str]) -> Answer:
        """Fetch the page at ``path`` and post its form back with ``changes``."""
        page = self.request(path)
        assert page.status == 200, (path, page.status)
        parser = _FormFields()
        parser.feed(page.body.decode())
        return self.request(path, {**parser.fields, **changes})
