"""The results' Jinja2 filters print what Django's own filters print (rules/templatetags/
results_env.py replaces two of them with faster equivalents)."""

from datetime import date

from django.template import defaultfilters
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.templatetags.results_env import _date, _one_place

# The drawing's frame: hundreds of SVG units. (Django prints a number below about 1e-16 in
# exponent form; no frame is that small.)
FRAME = st.floats(min_value=0.01, max_value=20_000, allow_nan=False, allow_infinity=False)


@settings(max_examples=3000, deadline=None)
@given(FRAME | FRAME.map(lambda x: round(x, 1)) | FRAME.map(lambda x: round(x, 2)) | st.just(0.0))
@example(320.0)
@example(417.5)
@example(0.05)
@example(2.25)
@example(0.0)
def test_one_place_prints_what_floatformat_1_prints(value):
    assert _one_place(value) == defaultfilters.floatformat(value, 1)


@settings(max_examples=800, deadline=None)
@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 12, 31)))
def test_the_two_date_formats_print_what_djangos_date_filter_prints(day):
    for format_string in ("Y-m-d", "F j, Y"):
        assert _date(day, format_string) == defaultfilters.date(day, format_string)
