"""What people feel on Check my lot (issue 28): how long after they act the verdict is on screen,
on a phone slowed four times and on slow 4G (150 ms latency), measured in a real browser.

Two felt times on each journey (a fence, a shed, an ADU), each the median of ``--rounds`` runs:

- *leaving a field*: from the Tab key that leaves the last answer to the verdict in the answer
  bar (the form's ``change`` trigger; target 250 ms);
- *the last keystroke*: from the last key typed in the last answer, the field kept, to the
  verdict (the form's ``input`` trigger and its typing delay; target 450 ms).

The page is opened with every answer but the last (its verdict "We can't tell yet"); the
verdict is the first frame drawn after an answer bar carrying the project's settled outcome is
swapped in (a MutationObserver, then a frame callback), stamped in the page (performance.now)
against the keydown stamped the same way, so the test driver's own round trips are not counted. gunicorn serves the site with production
settings against a scratch PostgreSQL database (tests/load/server.py), as for make loadtest.

    python -m tests.benchmarks.felt_bench [--rounds 5] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import urllib.parse

from tests.browser import CHROMIUM, CHROMIUM_ARGS
from tests.load.server import gunicorn_server, log, prepared_site, private_redis

# Lighthouse's "slow 4G" (its mobile default): 150 ms round trip, 1.6 Mbps down, 750 kbps up.
SLOW_4G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1.6 * 1024 * 1024 / 8,
    "uploadThroughput": 750 * 1024 / 8,
}
CPU_SLOWDOWN = 4
# Each journey: the project, every answer but the last (as the address carries them), and the
# last answer: its field and what is typed.
JOURNEYS = {
    "fence": (
        "fence",
        {
            "zone": "NL",
            "project": "fence",
            "fence_location": "interior_side_or_rear_setback",
            "fence_type": "solid",
        },
        ("fence_height_ft", "6"),
    ),
    "shed": (
        "accessory_structure",
        {
            "zone": "NL",
            "project": "accessory_structure",
            "accessory_type": "shed",
            "accessory_footprint_sqft": "100",
            "accessory_stories": "1",
        },
        ("accessory_height_ft", "10"),
    ),
    "ADU": (
        "adu",
        {
            "zone": "NL",
            "project": "adu",
            "adu_type": "detached",
            "existing_dwelling": "single_family",
            "adu_height_ft": "16",
            "adu_side_setback_ft": "4",
            "adu_rear_setback_ft": "4",
        },
        ("adu_floor_area_sqft", "800"),
    ),
}
# Stamps the last keydown and the first change of the project's verdict in the answer bar.
STAMPS = """(project) => {
  window.__keyAt = null; window.__verdictAt = null;
  const before = document.querySelector('#answer-bar');
  document.addEventListener('keydown', () => { window.__keyAt = performance.now(); }, true);
  // The verdict of the last key: an answer bar swapped in after it (htmx's out-of-band swap
  // replaces the element), carrying a settled outcome for the project.
  const settled = () => {
    const bar = document.querySelector('#answer-bar');
    const item = bar && bar.querySelector(`li[data-project="${project}"]`);
    return bar !== before && item && item.dataset.outcome && item.dataset.outcome !== 'cannot_tell';
  };
  // On screen: the next frame after the swap (a frame callback, then the task after it, runs
  // once that frame is drawn), not the DOM change itself.
  let seen = false;
  new MutationObserver(() => {
    if (!seen && window.__keyAt !== null && settled()) {
      seen = true;
      requestAnimationFrame(() => setTimeout(() => { window.__verdictAt = performance.now(); }));
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true});
}"""


def felt(browser, base: str, journey: str, leave: bool) -> float:
    """One run: milliseconds from the last key to the verdict on screen."""
    project, answers, (field, typed) = JOURNEYS[journey]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    try:
        page.goto(f"{base}/check-my-lot/?{urllib.parse.urlencode(answers)}")
        page.wait_for_selector(f'#answer-bar li[data-project="{project}"]')
        page.wait_for_load_state("networkidle")
        box = page.locator(f"#id_{field}")
        box.click()
        page.keyboard.type(typed[:-1])
        page.wait_for_timeout(1200)  # the earlier keys' update has come and gone
        page.evaluate(STAMPS, project)
        page.keyboard.type(typed[-1])
        if leave:
            page.keyboard.press("Tab")
        # Polled from here: the site's Content-Security-Policy forbids the string evaluation
        # wait_for_function uses, and the page's own stamps time the verdict, not this loop.
        for _ in range(300):
            at = page.evaluate("() => window.__verdictAt")
            if at is not None:
                return at - page.evaluate("() => window.__keyAt")
            page.wait_for_timeout(50)
        raise RuntimeError(f"{journey}: no verdict within 15 s")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        log(f"{CHROMIUM} is missing: apt-get install -y chromium")
        return 1
    from playwright.sync_api import sync_playwright

    rows = {}
    with (
        private_redis() as redis,
        prepared_site(cache_url=redis.url if redis else None) as env,
        gunicorn_server(env) as base,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for journey in JOURNEYS:
            for leave, label in ((True, "leaving the field"), (False, "last keystroke")):
                runs = [felt(browser, base, journey, leave) for _ in range(args.rounds)]
                rows[f"{journey}, {label}"] = runs
                log(
                    f"{journey:6} {label:18} median {statistics.median(runs):6.0f} ms"
                    f"  (runs: {', '.join(f'{r:.0f}' for r in runs)})"
                )
        browser.close()
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
