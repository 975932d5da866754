"""Engine benchmark (issue 3): a full check in-process, and the JSON endpoint over HTTP.

    python -m tests.benchmarks.engine_bench [--runs 20000] [--duration 10] [--no-http]

1. In-process: ``check_lot`` for a lot and plan touching every family of checks (every family
   the registry holds must answer for every zone), for every zone in turn, ``--runs`` times;
   median and p99 of the time per check. Target: under 0.2 ms.
2. Over HTTP: gunicorn serving a production-like site (tests/load/server.py); wrk drives
   ``/check-my-lot/result.json`` and the Check my lot htmx partial right after ``/healthz``
   (a trivial view) in the same run. Targets (issue 11, "Speed"): with a new plan for every
   request (form, engine and JSON or template each time: nothing from the page cache) the
   JSON endpoint at least 70 % and the partial at least 40 % of the trivial view's requests
   per second; the JSON endpoint with the same plan each time (answered from the page cache)
   at least 70 % too.

Exit status 1 when a target is missed. The file ends in _bench.py so pytest never collects it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from datetime import date

from law.engine import ZONES, check_lot, load_standards
from law.engine.plan import Plan
from law.engine.registry import registry
from law.engine.site import Lot, MainBuilding
from law.families.accessory.part import AccessoryStructure
from law.families.adu.part import AduProposal
from law.families.fences.part import Fence
from law.families.flood.part import FloodData
from law.families.home_business.part import HomeBusiness
from law.families.sb9.part import Sb9Proposal

ENGINE_TARGET_MS = 0.2
ENDPOINT_TARGET_RATIO = 0.70
PARTIAL_TARGET_RATIO = 0.40
AS_OF = date(2026, 11, 29)


def full_plan(zone: str) -> tuple[Lot, Plan]:
    """A corner hillside lot in a flood zone with a house, a fence, a shed, a business, an
    ADU and an SB 9 second home."""
    lot = Lot(
        zone=zone,
        area_sqft=7200,
        width_ft=60,
        depth_ft=120,
        corner_lot=True,
        abuts_residential=True,
        dwelling_units=2,
        hillside=True,
    )
    plan = Plan(
        building=MainBuilding(
            front_setback_ft=20,
            interior_side_setback_ft=5,
            street_side_setback_ft=10,
            rear_setback_ft=20,
            height_ft=28,
            covered_area_sqft=2400,
            height_from_lowest_grade_ft=32,
        ),
        fence=Fence(height_in=72, location="front_or_street_side_setback", type="solid"),
        accessory=AccessoryStructure(type="shed", height_ft=11),
        home_business=HomeBusiness(
            home_floor_area_sqft=1800,
            business_floor_area_sqft=300,
            visitor_trips_per_day=8,
            clients_at_once=1,
        ),
        flood=FloodData(
            zone="AE",
            base_flood_elevation_ft=100,
            lowest_floor_elevation_ft=101,
            highest_adjacent_grade_ft=99,
            in_floodway=False,
        ),
        adu=AduProposal(
            adu_type="detached",
            adu_floor_area_sqft=800,
            adu_height_ft=16,
            adu_side_setback_ft=4,
            adu_rear_setback_ft=4,
            existing_dwelling="single_family",
        ),
        sb9=Sb9Proposal(
            kind="two_unit", unit_floor_area_sqft=800, side_setback_ft=4, rear_setback_ft=4
        ),
    )
    return lot, plan


def bench_engine(runs: int) -> dict:
    standards = load_standards()
    cases = [full_plan(zone) for zone in ZONES]
    answered: set[str] = set()
    for lot, plan in cases:  # every family really runs (a zone's notes, only where it has them)
        answered |= {f.rule for f in check_lot(lot, plan, as_of=AS_OF, standards=standards)}
    missing = [f.name for f in registry().families if answered.isdisjoint(f.rules)]
    assert not missing, f"no findings for {missing}"
    for lot, plan in cases * 50:  # warm up
        check_lot(lot, plan, as_of=AS_OF, standards=standards)
    timings = []
    clock = time.perf_counter_ns
    for index in range(runs):
        lot, plan = cases[index % len(cases)]
        started = clock()
        check_lot(lot, plan, as_of=AS_OF, standards=standards)
        timings.append(clock() - started)
    timings.sort()
    return {
        "runs": runs,
        "zones": len(cases),
        "median_us": statistics.median(timings) / 1000,
        "p99_us": timings[int(len(timings) * 0.99) - 1] / 1000,
        "mean_us": statistics.fmean(timings) / 1000,
    }


def bench_endpoint(duration: int) -> list[dict]:
    from tests.load.run import CHECK_QUERY, HTMX
    from tests.load.server import beside_trivial, fetch, gunicorn_server, prepared_site, wrk

    url = f"/check-my-lot/result.json?{CHECK_QUERY}"
    partial = f"/check-my-lot/?{CHECK_QUERY}"
    rows = []
    with (
        prepared_site(database_url=_bench_database_url()) as env,
        gunicorn_server(env) as base,
    ):
        status, _body = fetch(base + url)
        assert status == 200, f"{url} answered {status}"
        for path in ("/healthz", url):  # warm up
            wrk(base + path, duration=2, connections=10)
        for label, path, vary, headers, target in (
            ("JSON, same plan", url, False, None, ENDPOINT_TARGET_RATIO),
            ("JSON, every plan new", url, True, None, ENDPOINT_TARGET_RATIO),
            ("partial, every plan new", partial, True, HTMX, PARTIAL_TARGET_RATIO),
        ):
            options = {"headers": headers} if headers else {}
            endpoint, trivial, ratio = beside_trivial(
                base, path, duration=duration, vary=vary, **options
            )
            rows.append(
                {
                    "label": label,
                    "trivial": trivial,
                    "endpoint": endpoint,
                    "ratio": ratio,
                    "target": target,
                }
            )
    return rows


def _bench_database_url() -> str:
    import os

    return os.environ.get(
        "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cotati_engine_bench"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20_000)
    parser.add_argument("--duration", type=int, default=10, help="seconds per wrk run")
    parser.add_argument("--no-http", action="store_true", help="only the in-process part")
    args = parser.parse_args(argv)

    missed = []
    engine = bench_engine(args.runs)
    engine_ok = engine["median_us"] / 1000 < ENGINE_TARGET_MS
    if not engine_ok:
        missed.append("engine median")
    print(
        f"\nEngine: full check of every family, {engine['zones']} zones, {engine['runs']:,} runs: "
        f"median {engine['median_us']:.1f} µs, p99 {engine['p99_us']:.1f} µs, "
        f"mean {engine['mean_us']:.1f} µs (target < {ENGINE_TARGET_MS * 1000:.0f} µs: "
        f"{'ok' if engine_ok else 'MISSED'})"
    )
    if not args.no_http:
        print(
            f"\nCheck my lot vs /healthz, wrk -t2 -c50, {args.duration} s each in alternating "
            "slices (the ratio: the median of the slices' ratios):"
        )
        for row in bench_endpoint(args.duration):
            trivial, endpoint, target = row["trivial"], row["endpoint"], row["target"]
            ratio = row["ratio"]  # the median of the slices' ratios (beside_trivial)
            ok = ratio >= target and not endpoint.errors
            if not ok:
                missed.append(f"{row['label']} ratio")
            print(
                f"  {row['label']:<24} {endpoint.rps:7.0f} req/s (p50 {endpoint.p50_ms:.1f} ms, "
                f"p99 {endpoint.p99_ms:.1f} ms, errors {endpoint.errors}) vs /healthz "
                f"{trivial.rps:.0f} req/s: {ratio:.0%} (target {target:.0%}: "
                f"{'ok' if ok else 'MISSED'})"
            )
    if missed:
        print(f"\nMissed: {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
