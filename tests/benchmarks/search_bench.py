"""Search benchmark: 100,000 generated sections on PostgreSQL, median and p99 per query.

    python -m tests.benchmarks.search_bench              # 100,000 sections, 200 runs per query
    python -m tests.benchmarks.search_bench --sections 20000 --runs 50 --keep
    python -m tests.benchmarks.search_bench --sqlite     # the embedded default (FTS5)

It creates a scratch database (``cotati_search_bench`` on the server DATABASE_URL names, or
postgres://postgres@127.0.0.1:5432 when it names none), migrates it, loads the real content
from fixtures/, adds generated sections with realistic wording, each with its text as an
adopted version (bulk_create, with the index's search_text/search_version and the sort_key
filled in as the services and save() would), times the day's index check
(``reindex_sections`` with nothing to do), then times
``cotati_site.search.search()`` end to end, SQL and highlighting included, for a fixed set
of queries. The database is dropped afterwards unless --keep is given. With --sqlite the
scratch database is a SQLite file in the temporary directory instead.

On a shared machine the median and p99 carry the other processes' load (printed with the
table); the fastest run ("min") is the closest to the query's own cost.

Target: a median under 30 ms per query. The file ends in _bench.py so pytest never collects it.
"""

import argparse
import contextlib
import os
import random
import statistics
import sys
import tempfile
import time
from datetime import date
from urllib.parse import urlsplit, urlunsplit

DEFAULT_SERVER = "postgres://postgres@127.0.0.1:5432/postgres"
GENERATED_EFFECTIVE = date(2026, 1, 1)
QUERIES = [
    "fence height",
    "shed",
    "flood",
    "setback rear",
    "home business",
    "accessory dwelling unit",
    "tree removal permit",
    "parking",
    "17.30",
    "17.30.030",
    "granny unit",  # the search vocabulary leads with a topic
    "fense heigth",  # nothing found: "Did you mean" looks both words up (pg_trgm)
    "201 W Sierra Ave",  # an address: the find-your-zone help, no search
]
TARGET_MEDIAN_MS = 30.0

# Wording for generated sections: each belongs to one subject, written in the code's own
# register, with boilerplate shared by all. Common words ("permit", "director", "zone")
# appear everywhere, subject words in a few percent of sections, as in a real code.
# Each subject lists its terms, separated by semicolons.
SUBJECTS = {
    "Fences and walls": "fence; wall; hedge; screening; height; lattice; retaining wall; sight distance triangle; front setback; interior side property line",
    "Flood damage prevention": "flood; base flood elevation; floodway; special flood hazard area; lowest floor; fill; floodplain administrator; flood insurance rate map",
    "Accessory structures": "accessory structure; shed; detached garage; workshop; pool house; rear setback; site coverage; height limit",
    "Home occupations": "home occupation; home business; client visits; employees; floor area; business license; vehicle trips; residential character",
    "Accessory dwelling units": "accessory dwelling unit; junior accessory dwelling unit; owner occupancy; parking space; rear setback; side setback; primary dwelling",
    "Trees": "protected tree; tree removal permit; dripline; replacement tree; arborist report; heritage tree; tree protection zone",
    "Off-street parking": "parking space; driveway; aisle width; bicycle parking; loading area; parking lot landscaping; electric vehicle charging",
    "Signs": "sign; sign area; monument sign; temporary sign; illumination; sign permit",
    "Noise": "noise level; decibels; construction hours; amplified sound; quiet hours",
    "Grading and erosion": "grading permit; erosion control; sediment; cubic yards; stockpile; slope",
    "Subdivisions": "tentative map; final map; parcel map; lot line adjustment; dedication; improvement plans",
    "Streets and sidewalks": "encroachment permit; sidewalk; curb; gutter; street tree; right-of-way",
    "Business licenses": "business license; gross receipts; renewal; license tax",
    "Animals": "dog; cat; kennel license; chickens; beekeeping; leash",
    "Water and sewer": "sewer lateral; water meter; backflow prevention; connection fee; grease trap",
    "Outdoor lighting": "light fixture; glare; footcandle; shielding; light trespass",
    "Design review": "design review; architectural features; building materials; roof pitch; articulation; frontage type",
    "Use permits": "use permit; conditions of approval; public hearing; findings",
    "Housing": "inclusionary unit; affordable housing; density bonus; in-lieu fee; very low income household",
    "Solid waste": "refuse container; recycling; organics; collection day; hauler",
}
BOILERPLATE = [
    "No person shall {verb} any {thing} within the city except as provided in this section.",
    "The director may approve a {thing} where the {thing2} meets the standards of this chapter.",
    "An application for a {thing} shall be filed with the planning division on a form provided "
    "by the city, together with the fee set by resolution of the city council.",
    "Where the {thing} is located within a {zone} zone, the requirements of Table {table} apply.",
    "The {thing} shall be maintained in good repair and in a safe condition at all times.",
    "Any {thing} existing on the effective date of this section may continue as a legal "
    "nonconforming use, subject to Chapter 17.{chapter}.",
    "The review authority shall make the findings in Section 17.{chapter}.0{n}0 before "
    "approving a {thing} or a {thing2}.",
    "Except as otherwise provided, the {thing} shall comply with the {thing2} standards of "
    "the applicable zoning district.",
    "Violation of this section is an infraction punishable as provided in Chapter 1.12.",
    "The city engineer shall inspect each {thing} for conformance with the approved plans.",
]
TITLE_ENDINGS = [
    "requirements", "standards", "permit required", "exceptions", "applicability", "findings",
    "application procedures", "definitions", "enforcement", "fees", "appeals", "purpose",
]  # fmt: skip
VERBS = ["construct", "erect", "install", "place", "maintain", "alter", "remove", "operate"]
ZONES = ["RR", "RVL", "NL", "NM", "NU", "CE", "CG", "CD", "OS", "PQP"]
LABELS = "ABCDEFGH"


def section_text(rng: random.Random, words: list[str]) -> list[dict]:
    """A body of 3 to 7 labelled paragraphs, like the code's own sections."""
    blocks = []
    for label in LABELS[: rng.randint(3, 7)]:
        sentences = []
        for _ in range(rng.randint(1, 3)):
            template = rng.choice(BOILERPLATE)
            sentences.append(
                template.format(
                    verb=rng.choice(VERBS),
                    thing=rng.choice(words),
                    thing2=rng.choice(words),
                    zone=rng.choice(ZONES),
                    table=f"{rng.randint(2, 4)}-{rng.randint(1, 18)}",
                    chapter=rng.randint(10, 70),
                    n=rng.randint(1, 9),
                )
            )
        blocks.append({"type": "paragraph", "label": f"{label}.", "text": " ".join(sentences)})
    return blocks


def generated_sections(count: int, taken: set[str], seed: int = 2026):
    from cotati_site.codebook.blocks import body_as_text
    from cotati_site.codebook.models import CodeSection
    from cotati_site.core.section_numbers import section_sort_key

    rng = random.Random(seed)
    subjects = [(subject, words.split("; ")) for subject, words in SUBJECTS.items()]
    made = 0
    for code_title in range(1, 100):
        for chapter_no in range(1, 100):
            subject, words = subjects[(code_title * 31 + chapter_no) % len(subjects)]
            chapter = f"{code_title}.{chapter_no:02d}"
            for section_no in range(10, 510, 10):
                number = f"{chapter}.{section_no:03d}"
                if number in taken:
                    continue
                body = section_text(rng, words)
                yield (
                    body,
                    CodeSection(
                        number=number,
                        title=f"{rng.choice(words)} {rng.choice(TITLE_ENDINGS)}".capitalize(),
                        code_title=code_title,
                        code_title_name="Generated",
                        chapter=chapter,
                        chapter_title=subject,
                        source_url="https://ecode360.com/CO4398",
                        search_text=body_as_text(body),
                        sort_key=section_sort_key(number),
                    ),
                )
                made += 1
                if made >= count:
                    return


def scratch_url(name: str) -> tuple[str, str]:
    """(the server's maintenance database URL, the scratch database URL)."""
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        base = DEFAULT_SERVER
    parts = urlsplit(base)
    return (
        urlunsplit(parts._replace(path="/postgres")),
        urlunsplit(parts._replace(path=f"/{name}")),
    )


def sqlite_path(name: str) -> str:
    return os.path.join(tempfile.gettempdir(), f"{name}.sqlite3")


def recreate_database(maintenance_url: str, name: str, drop_only: bool = False) -> None:
    if maintenance_url.startswith("sqlite"):  # a new file is made by connecting to it
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(sqlite_path(name) + suffix)
        return
    import psycopg

    with psycopg.connect(maintenance_url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop_only:
            conn.execute(f'CREATE DATABASE "{name}"')


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sections", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=200, help="timed runs per query")
    parser.add_argument("--database", default="cotati_search_bench")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument("--reuse", action="store_true", help="reuse a kept database as it is")
    parser.add_argument("--sqlite", action="store_true", help="a SQLite file, not PostgreSQL")
    args = parser.parse_args(argv)

    if args.sqlite:
        maintenance_url = url = f"sqlite:///{sqlite_path(args.database)}"
    else:
        maintenance_url, url = scratch_url(args.database)
    if not args.reuse:
        recreate_database(maintenance_url, args.database)
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cotati_site.settings_test")
    # Loading 100,000 sections and VACUUM may outlast a page's statement timeout.
    os.environ.setdefault("DJANGO_DB_STATEMENT_TIMEOUT_MS", "0")

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from cotati_site.codebook.models import CodeSection, SectionVersion
    from cotati_site.codebook.services import reindex_sections
    from cotati_site.search.search import search

    def store(batch):
        CodeSection.objects.bulk_create([section for _body, section in batch])
        versions = SectionVersion.objects.bulk_create(
            SectionVersion(
                section=section,
                status="adopted",
                source="Generated",
                body=body,
                effective_on=GENERATED_EFFECTIVE,
            )
            for body, section in batch
        )
        for (_body, section), version in zip(batch, versions, strict=True):
            section.search_version = version
        CodeSection.objects.bulk_update([s for _b, s in batch], ["search_version"], 5000)

    try:
        if not args.reuse:
            started = time.perf_counter()
            call_command("migrate", verbosity=0)
            call_command("load_content", verbosity=0)
            taken = set(CodeSection.objects.values_list("number", flat=True))
            batch = []
            for item in generated_sections(args.sections, taken):
                batch.append(item)
                if len(batch) == 5000:
                    store(batch)
                    batch = []
            store(batch)
            with connection.cursor() as cursor:
                cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
            print(
                f"Loaded {CodeSection.objects.count():,} sections "
                f"in {time.perf_counter() - started:.0f} s ({connection.vendor}, {args.database})."
            )

        started = time.perf_counter()
        stale = reindex_sections()
        check_ms = (time.perf_counter() - started) * 1000
        print(f"The day's index check: {check_ms:.0f} ms ({stale} sections re-indexed).")

        rows = []
        for query in QUERIES:
            for _ in range(5):  # warm the caches and the connection
                search(query)
            samples = []
            for _ in range(args.runs):
                started = time.perf_counter()
                outcome = search(query)
                samples.append((time.perf_counter() - started) * 1000)
            rows.append(
                (
                    query,
                    len(outcome.hits),
                    statistics.median(samples),
                    percentile(samples, 0.99),
                    min(samples),
                )
            )
    finally:
        connection.close()
        if not args.keep:
            recreate_database(maintenance_url, args.database, drop_only=True)

    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"\nMachine: {os.cpu_count()} CPUs, load average {load} (1, 5, 15 min) at the end.")
    width = max(len(query) for query, *_ in rows)
    print(f"{'query':<{width}}  {'hits':>4}  {'median ms':>9}  {'p99 ms':>7}  {'min ms':>6}")
    for query, hits, median, p99, fastest in rows:
        flag = "" if median < TARGET_MEDIAN_MS else f"  over the {TARGET_MEDIAN_MS:.0f} ms target"
        print(f"{query:<{width}}  {hits:>4}  {median:>9.1f}  {p99:>7.1f}  {fastest:>6.1f}{flag}")
    medians = [row[2] for row in rows]
    print(f"\nWorst median {max(medians):.1f} ms; {args.runs} runs per query.")
    return 0 if max(medians) < TARGET_MEDIAN_MS else 1


if __name__ == "__main__":
    sys.exit(main())
