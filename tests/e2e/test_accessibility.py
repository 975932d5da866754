"""axe-core audits every page type in a real browser: no serious or critical violation.

axe-core comes from the npm registry (package.json, installed by `make install`). It is
injected as a script tag, which the site's own Content-Security-Policy would block, so the
audit runs in a browser context that bypasses CSP (test_content_security_policy.py checks the
policy itself, with CSP enforced).
"""

import re
from datetime import date

import pytest
from playwright.sync_api import expect

from cotati_site.codebook.models import CodeSection

pytestmark = pytest.mark.browser

BLOCKING = {"serious", "critical"}

RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ["violations"]});
  return results.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
  }));
}"""


def blocking_violations(page, axe_path) -> list[dict]:
    page.add_script_tag(path=axe_path)
    return [v for v in page.evaluate(RUN_AXE) if v["impact"] in BLOCKING]


def section_number(*, with_text: bool) -> str:
    sections = CodeSection.objects.with_text_on(date.today())
    return next(s.number for s in sections if (s.in_force_id is not None) == with_text)


PAGES = {
    "home": lambda: "/",
    "topic": lambda: "/topics/fences-and-walls/",
    "section with text": lambda: f"/code/{section_number(with_text=True)}/",
    "section without text": lambda: f"/code/{section_number(with_text=False)}/",
    "code library": lambda: "/code/",
    "district list": lambda: "/zoning-districts/",
    "district detail": lambda: "/zoning-districts/NL/",
    "search": lambda: "/search/?q=fence",
    "check my lot, empty": lambda: "/check-my-lot/",
    "check my lot with results": lambda: (
        "/check-my-lot/?zone=NL&lot_area_sqft=5000&lot_width_ft=50&lot_depth_ft=100"
        "&front_setback_ft=19&rear_setback_ft=20&building_height_ft=30"
        "&fence_height_in=80&fence_location=front_or_street_side_setback&fence_type=solid"
    ),
    "check my lot with errors": lambda: "/check-my-lot/?zone=NL&lot_area_sqft=-5&as_of=someday",
    "not found": lambda: "/no-such-page/",
}


@pytest.mark.parametrize("name", PAGES)
def test_page_has_no_serious_or_critical_accessibility_violation(site, audit_page, axe_path, name):
    audit_page.goto(f"{site.url}{PAGES[name]()}")
    audit_page.wait_for_load_state("load")
    assert blocking_violations(audit_page, axe_path) == []


def test_checker_after_an_htmx_update_has_no_serious_or_critical_violation(
    site, audit_page, axe_path
):
    audit_page.goto(f"{site.url}/check-my-lot/?zone=NL&lot_width_ft=60&lot_depth_ft=100")
    audit_page.locator("#section-building summary").click()
    audit_page.locator("#id_front_setback_ft").fill("19")
    audit_page.wait_for_selector('[data-rule="setback.front"][data-status="fail"]')
    audit_page.locator("#id_lot_area_sqft").fill("-5")
    audit_page.locator("#id_lot_area_sqft").press("Tab")  # its message shows once it is left
    audit_page.wait_for_selector(".error-summary")
    assert blocking_violations(audit_page, axe_path) == []


def test_htmx_updates_announce_themselves_in_the_same_live_region(site, page):
    """A screen reader announces a live region's new text only if the region itself stays in
    the page; replacing the element would silence it."""
    page.goto(f"{site.url}/check-my-lot/?zone=NL&lot_width_ft=60&lot_depth_ft=100")
    status = page.locator("#result-status")
    assert status.get_attribute("role") == "status"
    assert status.get_attribute("aria-live") == "polite"
    before = status.inner_text()
    page.evaluate("window.__status = document.getElementById('result-status')")

    page.locator("#section-building summary").click()
    page.locator("#id_front_setback_ft").fill("19")
    page.wait_for_selector('[data-rule="setback.front"][data-status="fail"]')
    expect(status).to_contain_text("1 fail")  # polls without eval, which CSP forbids
    assert status.inner_text() != before
    assert page.evaluate("window.__status === document.getElementById('result-status')")

    page.locator("#id_lot_area_sqft").fill("-5")
    expect(status).to_contain_text("fixing")  # polls without eval, which CSP forbids
    assert re.search(r"1 answer needs fixing", status.inner_text())
    assert page.evaluate("window.__status === document.getElementById('result-status')")
    # The error summary is an alert, announced as it appears; the field's own error is tied
    # to it by aria-describedby.
    assert page.locator(".error-summary").get_attribute("role") == "alert"
    described_by = page.locator("#id_lot_area_sqft").get_attribute("aria-describedby")
    assert "error-lot_area_sqft" in described_by.split()
    # The field's own message shows once the field is left (issue 22: never before).
    page.locator("#id_lot_area_sqft").press("Tab")
    expect(page.locator("#error-lot_area_sqft")).not_to_be_empty()


@pytest.mark.parametrize(
    "path",
    ["/proposed-changes/", "/code/17.62.060/", "compare"],
    ids=["proposed changes", "section", "comparison"],
)
def test_the_pages_of_a_withdrawn_proposal_have_no_serious_or_critical_violation(
    fresh_site, audit_page, axe_path, path
):
    site = fresh_site
    from cotati_site.codebook.models import Proposal, SectionVersion
    from cotati_site.codebook.services import withdraw_proposal
    from cotati_site.core.as_of import default_as_of

    spring = Proposal.objects.get(pk="spring-2026-cleanup")
    withdraw_proposal(spring, withdrawn_on=default_as_of())
    if path == "compare":
        kept = SectionVersion.objects.get(section="17.62.060", status="withdrawn")
        path = f"/code/17.62.060/compare/?to={kept.pk}"
    audit_page.goto(f"{site.url}{path}")
    audit_page.wait_for_load_state("load")
    assert audit_page.locator(
        "[data-withdrawn-proposal], [data-status=withdrawn], [data-withdrawn-version]"
    ).count()
    assert blocking_violations(audit_page, axe_path) == []
