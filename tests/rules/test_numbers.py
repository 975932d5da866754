"""Numbers read from a URL or a form: ASCII digits only, one parser for the whole site."""

import pytest

from rules.numbers import parse_number


@pytest.mark.parametrize(
    ("raw", "whole", "expected"),
    [
        ("12", False, 12.0),
        ("4.5", False, 4.5),
        (" 7 ", False, 7.0),
        ("-0", False, 0.0),
        ("+3", False, 3.0),
        (".5", False, 0.5),
        ("5.", False, 5.0),
        ("1e3", False, 1000.0),
        ("12", True, 12),
        ("2.0", True, 2),
        ("007", True, 7),
        ("-1", True, -1),
    ],
    ids=lambda v: repr(v),
)
def test_ascii_numbers_are_read(raw, whole, expected):
    number = parse_number(raw, whole=whole)
    assert number == expected
    assert type(number) is type(expected)


@pytest.mark.parametrize(
    "raw",
    [
        "١٢",  # Arabic-Indic digits: int() and float() read them
        "１２",  # full-width digits: the same
        "1_0",  # an underscore between digits: the same
        "²",  # superscript: str.isdigit() says yes, int() says no
        "①",
        "₂",
        "12\x00",
        "\x00",
        "",
        "   ",
        "nan",
        "inf",
        "-inf",
        "1e400",  # overflows to infinity
        "9" * 5000,  # more digits than int() will read
        "0x10",
        "5,000",
        "1 000",
        "4.5.6",
        "--1",
        None,
    ],
    ids=lambda v: repr(v)[:12],
)
def test_anything_else_is_not_a_number(raw):
    assert parse_number(raw) is None
    assert parse_number(raw, whole=True) is None


@pytest.mark.parametrize("raw", ["4.5", "1e3", "2.5"])
def test_a_fraction_is_not_a_whole_number(raw):
    assert parse_number(raw, whole=True) is None
