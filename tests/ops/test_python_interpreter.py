"""The interpreter must not have the quadratic cookie parser of CVE-2024-7592.

scripts/check_python.py decides by timing the parser on a crafted value. Its decision is
pinned here with two parsers whose growth is known: a copy of the vulnerable
``http.cookies._unquote`` (CPython 3.11.7, before gh-123067) and a linear one; then the
real parser of the interpreter running the suite must pass, and the Makefile must refuse
a vulnerable interpreter where one is installed (pyenv's 3.11.7 on the development box).
"""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_python.py"
VULNERABLE_PYTHONS = [
    p
    for p in (
        "/root/.pyenv/versions/3.11.7/bin/python3",
        "/root/.pyenv/versions/3.12.1/bin/python3",
    )
    if Path(p).exists()
]

# Under `make test PYTHON=...` the variables would reach these nested makes through MAKEFLAGS.
MAKE_ENV = {
    k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "PYTHON")
}

spec = importlib.util.spec_from_file_location("check_python", SCRIPT)
check_python = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_python)

_OctalPatt = re.compile(r"\\[0-3][0-7][0-7]")
_QuotePatt = re.compile(r"[\\].")


def vulnerable_unquote(value):
    """http.cookies._unquote as shipped before the fix: each escape searches the rest."""
    if value is None or len(value) < 2 or value[0] != '"' or value[-1] != '"':
        return value
    value = value[1:-1]
    i, n, res = 0, len(value), []
    while 0 <= i < n:
        o_match = _OctalPatt.search(value, i)
        q_match = _QuotePatt.search(value, i)
        if not o_match and not q_match:
            res.append(value[i:])
            break
        j = o_match.start(0) if o_match else -1
        k = q_match.start(0) if q_match else -1
        if q_match and (not o_match or k < j):
            res.append(value[i:k])
            res.append(value[k + 1])
            i = k + 2
        else:
            res.append(value[i:j])
            res.append(chr(int(value[j + 1 : j + 4], 8)))
            i = j + 4
    return "".join(res)


def linear_unquote(value):
    return value[1:-1].replace('\\"', '"')


def test_the_probe_flags_the_vulnerable_parser():
    assert check_python.parser_is_vulnerable(vulnerable_unquote)


def test_the_probe_passes_a_linear_parser():
    assert not check_python.parser_is_vulnerable(linear_unquote)


@pytest.mark.parametrize(
    ("short", "long", "vulnerable"),
    [
        pytest.param(0.010, 0.079, False, id="growth just under 8x passes"),
        pytest.param(0.010, 0.080, True, id="growth of 8x is quadratic"),
        pytest.param(0.010, 0.160, True, id="growth of 16x is quadratic"),
        pytest.param(0.0004, 0.0016, False, id="growth of 4x (linear) passes"),
        pytest.param(0.0001, 0.0049, False, id="fast enough to be noise passes whatever the ratio"),
        pytest.param(0.03, 0.099, False, id="linear just under the absolute limit passes"),
        pytest.param(0.03, 0.1, True, id="at the absolute limit is refused however it grows"),
        pytest.param(0.069, 0.482, True, id="a stalled short probe cannot hide a slow parser"),
    ],
)
def test_the_decision_at_its_limits(short, long, vulnerable):
    assert check_python.is_quadratic(short, long) is vulnerable


def test_the_interpreter_running_the_suite_has_the_fix():
    result = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert "linear" in result.stdout


@pytest.mark.skipif(not VULNERABLE_PYTHONS, reason="no known vulnerable interpreter installed")
@pytest.mark.parametrize("python", VULNERABLE_PYTHONS)
def test_a_vulnerable_interpreter_is_refused_by_the_probe_and_by_make(python):
    result = subprocess.run([python, str(SCRIPT)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert "CVE-2024-7592" in result.stderr
    result = subprocess.run(
        ["make", "-s", "python-check", f"PYTHON={python}"],
        cwd=ROOT,
        env=MAKE_ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert f"Refusing PYTHON={python}" in result.stderr


@pytest.mark.skipif(not VULNERABLE_PYTHONS, reason="no known vulnerable interpreter installed")
def test_make_picks_the_first_candidate_that_passes():
    candidates = f"{VULNERABLE_PYTHONS[0]} {sys.executable}"
    result = subprocess.run(
        [
            "make",
            "-s",
            f"PYTHON_CANDIDATES={candidates}",
            "--eval=show:\n\t@echo $(PYTHON)",
            "show",
        ],
        cwd=ROOT,
        env=MAKE_ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.stdout.strip() == sys.executable


@pytest.mark.skipif(not VULNERABLE_PYTHONS, reason="no known vulnerable interpreter installed")
def test_make_refuses_a_virtualenv_built_by_a_vulnerable_interpreter(tmp_path):
    shutil.copy(ROOT / "Makefile", tmp_path)
    shutil.copytree(ROOT / "scripts", tmp_path / "scripts")
    subprocess.run(
        [VULNERABLE_PYTHONS[0], "-m", "venv", "--without-pip", str(tmp_path / ".venv")],
        check=True,
        timeout=60,
    )
    result = subprocess.run(
        ["make", "-s", "python-check", f"PYTHON={sys.executable}"],
        cwd=tmp_path,
        env=MAKE_ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert ".venv was built by a vulnerable interpreter" in result.stderr
