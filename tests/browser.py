"""Debian's Chromium as every browser run here starts it (the e2e journeys, make bench-felt):
its path, and the flags that keep it from reaching for hosts these machines cannot reach
(../shared/notes/browser-and-load-testing.md)."""

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
