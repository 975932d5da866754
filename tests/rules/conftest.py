"""Every rule test runs the engine strictly: each family reads its inputs through guards that
refuse one its ``Family.inputs`` does not declare, and nothing is kept between checks
(rules/engine/memo.py), so the case tables both pin the law and prove the keys of the kept
findings complete."""

import pytest

from rules.engine.memo import strict


@pytest.fixture(autouse=True)
def _strict_engine():
    with strict():
        yield
