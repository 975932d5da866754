"""schemathesis, a client no one here wrote, holds the live JSON endpoint to its OpenAPI document.

It reads ``/check-my-lot/openapi.json`` from a live server (answering through the page cache,
as in production) and sends what the document allows and what it does not: every boundary
and missing value of every parameter (its coverage phase), then generated plans (fuzzing,
valid and invalid). Any 5xx, an undocumented status or content type, or an answer that breaks
its documented schema fails the test, with schemathesis's report and a curl to reproduce it.
The seed is fixed so CI is repeatable; a longer run by hand explores further:
``st run http://127.0.0.1:8000/check-my-lot/openapi.json --checks … --max-examples 4000``.
"""

import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_schema_conformance",
)
# Generated plans after the coverage phase (which tries every case the document defines, about
# 1,600 requests): with it, about 15 s on a developer's machine.
FUZZED_EXAMPLES = 200
SEED = 19


@pytest.fixture
def site(live_server, transactional_db, page_cache):
    """The live server with the shipped content (transactional tests start from an empty one)."""
    call_command("load_content", verbosity=0)
    return live_server


def test_schemathesis_finds_no_failure_against_the_live_endpoint(site, tmp_path):
    st = Path(sys.executable).with_name("st")
    command = [
        str(st),
        "run",
        f"{site.url}/check-my-lot/openapi.json",
        f"--checks={','.join(CHECKS)}",
        f"--max-examples={FUZZED_EXAMPLES}",
        f"--seed={SEED}",
        "--phases=examples,coverage,fuzzing",
        "--workers=1",
        "--generation-database=none",
        "--request-timeout=10",
        "--no-color",
        # Django's test server holds a kept-alive connection ~40 ms per response (delayed ACK);
        # a new connection per request is several times faster.
        "--header=Connection: close",
    ]
    # In a scratch directory: nothing schemathesis writes lands in the work tree.
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, f"{run.stdout[-12000:]}\n{run.stderr[-3000:]}"
    assert "No issues found" in run.stdout
