"""The installed packages are pinned with hashes: requirements.txt (the site's) and
requirements-dev.txt (everything `make` installs, with --require-hashes) list every package
and dependency at one version with the hashes of its files, compiled by `make lock` from
the pins in requirements.in and requirements-dev.in."""

import re

from tests.faults.processes import ROOT

PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;]+)")


def normalized(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(name: str) -> dict[str, str]:
    """The ``name==version`` lines of a requirements file, following its ``-r`` files."""
    found: dict[str, str] = {}
    for line in (ROOT / name).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("-r "):
            found.update(pins(line.removeprefix("-r ").strip()))
        elif match := PIN.match(line):
            found[normalized(match[1])] = match[2]
    return found


def locked(name: str) -> dict[str, tuple[str, int]]:
    """Each requirement of a compiled file: its version and how many hashes it lists."""
    text = (ROOT / name).read_text().replace("\\\n", " ")
    entries = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0] if not line.lstrip().startswith("--hash") else line
        if not line.strip():
            continue
        match = PIN.match(line.strip())
        assert match, f"{name}: not a pinned requirement: {line.strip()!r}"
        entries[normalized(match[1])] = (match[2], line.count("--hash=sha256:"))
    return entries


def test_every_installed_package_is_pinned_with_the_hashes_of_its_files():
    for name in ("requirements.txt", "requirements-dev.txt"):
        entries = locked(name)
        assert entries, name
        assert all(hashes > 0 for _, hashes in entries.values()), name


def test_the_locks_hold_the_pins_they_were_compiled_from():
    for source, lock in (
        ("requirements.in", "requirements.txt"),
        ("requirements-dev.in", "requirements-dev.txt"),
    ):
        entries = locked(lock)
        for package, version in pins(source).items():
            assert entries.get(package, (None,))[0] == version, (lock, package)


def test_the_site_has_the_same_versions_installed_for_tests_as_in_production():
    site, everything = locked("requirements.txt"), locked("requirements-dev.txt")
    assert {package: everything[package][0] for package in site} == {
        package: version for package, (version, _) in site.items()
    }


def test_make_installs_with_hashes_required():
    makefile = (ROOT / "Makefile").read_text()
    assert "--require-hashes -r requirements-dev.txt" in makefile
