"""No generated file is tracked: nothing git holds matches a pattern of .gitignore.

Screenshots and printed sheets from the browser tests (artifacts/), compiled files, the
SQLite database and coverage data are made by running things; tracking them made every test
run dirty the work tree and re-taking screenshots fill the history. `git ls-files -ci
--exclude-standard` lists the tracked files that .gitignore would ignore: there must be none.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.e2e.conftest import ARTIFACTS

ROOT = Path(__file__).resolve().parents[2]


def _git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=60
    )


@pytest.fixture(scope="module")
def in_a_clone():
    if shutil.which("git") is None or _git("rev-parse", "--is-inside-work-tree").returncode:
        if os.environ.get("CI"):
            pytest.fail("CI runs in a git clone, but git or the clone is missing here.")
        pytest.skip("not a git work tree (an exported copy of the project)")


def test_no_tracked_file_is_one_gitignore_ignores(in_a_clone):
    listed = _git("ls-files", "--cached", "--ignored", "--exclude-standard")
    assert listed.returncode == 0, listed.stderr
    tracked_but_ignored = listed.stdout.splitlines()
    assert tracked_but_ignored == [], (
        f"{len(tracked_but_ignored)} generated files are tracked, e.g. {tracked_but_ignored[:5]}:"
        " `git rm --cached` them"
    )


def test_the_browser_tests_write_into_an_ignored_folder(in_a_clone):
    probe = ARTIFACTS.relative_to(ROOT) / "probe.png"
    assert _git("check-ignore", "--quiet", "--no-index", str(probe)).returncode == 0
