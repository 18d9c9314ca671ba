"""raguard performance, measured against the spaCy floor in the same process and run.

    .venv/bin/python benchmarks/perf.py            # full run, several minutes (50,000-verify memory run)
    .venv/bin/python benchmarks/perf.py --quick    # smaller counts, about a minute
    .venv/bin/python benchmarks/perf.py --profile long   # pyinstrument profile of verify() on a workload

Five measurements (issue 5), printed as tables and written to benchmarks/results/perf.json:

1. latency p50/p95/p99 of verify() beside the floor (the same spaCy model with only the NER pipe,
   run on the response alone), per workload: the seed example, HaluEval QA answers
   (shared/data/halueval_qa/ beside the repository or a parent folder; skipped when missing) and generated
   long answers (~90 words over ~300-word sources, seeded). Floor and verify alternate item by
   item, so machine load hits both alike; the ratio is ``verify p50 / floor p50``.
2. throughput: a loop of verify(), verify_many(n_process=1) and verify_many(n_process=2).
3. scaling with document size: one response against 1k, 10k and 100k characters of documents,
   first call (cold document cache) and repeated call (cache hit).
4. memory: RSS after loading, after 1,000 and after 50,000 verifies of distinct generated texts
   (in a fresh process).
5. cold start: import plus first verify(), in a fresh process.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# shared/data beside the repository, or beside a parent folder (a git worktree sits deeper)
HALUEVAL = next((p / "shared" / "data" / "halueval_qa" / "qa_one_turn.jsonl" for p in ROOT.parents
                 if (p / "shared" / "data" / "halueval_qa").is_dir()),
                ROOT.parent / "shared" / "data" / "halueval_qa" / "qa_one_turn.jsonl")
RESULTS = ROOT / "benchmarks" / "results" / "perf.json"
SEED = 20240930

SEED_ITEM = (
    "What is the Q3 2024 deadline?",
    ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
    "The Q3 2024 deadline is September 30, 2024.",
)

Item = tuple[str, list[str], str]


# -- workloads -------------------------------------------------------------------------------------

def halueval_items(limit: Optional[int] = None) -> Optional[list[Item]]:
    """Right and hallucinated answers of HaluEval QA, each with its knowledge passage; None if absent."""
    if not HALUEVAL.is_file():
        return None
    items: list[Item] = []
    with HALUEVAL.open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            items.append((row["question"], [row["knowledge"]], row["right_answer"]))
            items.append((row["question"], [row["knowledge"]], row["hallucinated_answer"]))
    return items[:limit] if limit else items


_FIRST = ["Alice", "Marcus", "Priya", "Tomás", "Helen", "Kenji", "Amara", "Lukas", "Sofia", "Daniel",
          "Fatima", "Oliver", "Mei", "Jonas", "Grace", "Rafael", "Ingrid", "Samuel", "Leila", "Victor"]
_LAST = ["Johnson", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Castillo", "Novak", "Fischer", "Reyes",
         "Brennan", "Haddad", "Kowalski", "Nakamura", "Abbott", "Sorensen", "Delgado", "Whitfield", "Osei"]
_ORG_A = ["Northwind", "Bluepeak", "Arclight", "Meridian", "Stonebridge", "Helix", "Cobalt", "Silverline",
          "Redwood", "Vantage", "Lumen", "Ironclad", "Harbor", "Summit", "Quantum", "Evergreen"]
_ORG_B = ["Systems", "Capital", "Labs", "Energy", "Logistics", "Health", "Foods", "Robotics", "Partners",
          "Analytics", "Materials", "Networks"]
_CITIES = ["Lisbon", "Toronto", "Osaka", "Nairobi", "Denver", "Rotterdam", "Seoul", "Melbourne", "Lyon",
           "Austin", "Krakow", "Santiago", "Dublin", "Hamburg", "Chennai", "Vancouver"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"]
_PRODUCTS = ["sensor platform", "payment service", "battery module", "logistics app", "vaccine trial",
             "cloud database", "wind turbine", "delivery drone", "translation engine", "solar array"]
_FILLER = [
    "The project drew attention from analysts across the industry.",
    "Several partners joined the initiative during the first phase.",
    "Internal reviews described the rollout as broadly successful.",
    "The team also published a summary of lessons learned.",
    "Critics argued that the schedule left little room for testing.",
    "Customer feedback shaped the second version of the design.",
    "The board discussed the results at its regular meeting.",
    "Regulators asked for additional documentation before approval.",
    "Staff training took place in several regional offices.",
    "The company expects demand to grow over the next few years.",
]


class _Facts:
    """One generated story: the facts a source states and an answer restates (or gets wrong)."""

    def __init__(self, rng: random.Random) -> None:
        self.person = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
        self.other = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
        self.org = f"{rng.choice(_ORG_A)} {rng.choice(_ORG_B)}"
        self.partner = f"{rng.choice(_ORG_A)} {rng.choice(_ORG_B)}"
        self.city = rng.choice(_CITIES)
        self.city2 = rng.choice(_CITIES)
        self.product = rng.choice(_PRODUCTS)
        self.year = rng.randint(1995, 2024)
        self.month = rng.choice(_MONTHS)
        self.day = rng.randint(1, 28)
        self.amount = round(rng.uniform(1.2, 950.0), 1)
        self.staff = rng.randint(40, 9000)
        self.share = rng.randint(5, 85)
        self.sites = rng.randint(3, 60)


def _source(f: _Facts, rng: random.Random) -> str:
    sentences = [
        f"{f.org} was founded in {f.city} in {f.year} by {f.person}.",
        f"On {f.month} {f.day}, {f.year + 3}, the company announced its {f.product}, developed with {f.partner}.",
        f"The launch was led by {f.other}, who had joined from {f.partner} two years earlier.",
        f"By {f.year + 5}, {f.org} employed {f.staff:,} people and operated {f.sites} sites.",
        f"Revenue reached ${f.amount} million that year, and the {f.product} accounted for {f.share}% of sales.",
        f"A second office opened in {f.city2} to serve customers in the region.",
        f"{f.person} described the {f.product} as \"the most important product we have built\".",
    ]
    filler = rng.sample(_FILLER, k=len(_FILLER))
    out: list[str] = []
    for i, s in enumerate(sentences):
        out.append(s)
        out.append(filler[i % len(filler)])
        if i % 2 == 0:
            out.append(filler[(i + 5) % len(filler)])
    text = " ".join(out)
    while len(text.split()) < 290:
        text += " " + rng.choice(_FILLER)
    return text


def _answer(f: _Facts, rng: random.Random, faithful: bool) -> str:
    g = _Facts.__new__(_Facts)
    g.__dict__.update(f.__dict__)
    if not faithful:  # one to three facts changed
        for attr in rng.sample(["person", "year", "amount", "staff", "city", "share", "partner"], k=rng.randint(1, 3)):
            if attr == "person":
                g.person = f"{rng.choice(_FIRST)} {rng.choice(_LAST)}"
            elif attr == "year":
                g.year = f.year + rng.choice([-2, -1, 1, 2])
            elif attr == "amount":
                g.amount = round(f.amount * rng.choice([0.5, 1.5, 2.0]), 1)
            elif attr == "staff":
                g.staff = f.staff + rng.randint(10, 500)
            elif attr == "city":
                g.city = rng.choice([c for c in _CITIES if c != f.city])
            elif attr == "share":
                g.share = min(99, f.share + rng.randint(3, 10))
            else:
                g.partner = f"{rng.choice(_ORG_A)} {rng.choice(_ORG_B)}"
    sentences = [
        f"{g.org} is a company founded by {g.person} in {g.city} in {g.year}.",
        f"Its best-known product is the {g.product}, which it announced on {g.month} {g.day}, {g.year + 3}, "
        f"together with {g.partner}.",
        f"The launch was led by {g.other}.",
        f"A few years later the company had {g.staff:,} employees across {g.sites} sites and revenue of "
        f"${g.amount} million, with the {g.product} making up {g.share}% of sales.",
        f"It later opened a second office in {g.city2}, and its founder called the {g.product} "
        f"\"the most important product we have built\".",
    ]
    return " ".join(sentences)


def long_items(n: int, seed: int = SEED) -> list[Item]:
    """``n`` generated (query, [~300-word source], ~90-word answer) items; every third is unfaithful."""
    rng = random.Random(seed)
    items: list[Item] = []
    for i in range(n):
        facts = _Facts(rng)
        source = _source(facts, rng)
        answer = _answer(facts, rng, faithful=i % 3 != 0)
        items.append((f"Tell me about {facts.org}.", [source], answer))
    return items


def _unique_word(i: int, rng: random.Random) -> str:
    """A pronounceable word no other index gives (base-20 syllables of ``i``)."""
    syllables = ["ka", "lo", "mi", "ran", "te", "vo", "su", "qui", "dor", "fe",
                 "gal", "hu", "ni", "pra", "sel", "tor", "ul", "ve", "wy", "zen"]
    parts = []
    n = i
    while True:
        n, d = divmod(n, 20)
        parts.append(syllables[d])
        if n == 0:
            break
    return (rng.choice(syllables) + "".join(parts)).capitalize()


def distinct_items(start: int, count: int) -> Iterator[Item]:
    """Items whose response and document bring words never seen before (for the memory run)."""
    rng = random.Random(SEED + start)
    for i in range(start, start + count):
        a, b, c = _unique_word(3 * i, rng), _unique_word(3 * i + 1, rng), _unique_word(3 * i + 2, rng)
        doc = f"{a} {b} founded {c}works in {rng.choice(_CITIES)} in {1900 + i % 120} with {i % 997 + 3} staff."
        answer = f"{c}works was founded by {a} {b} in {1900 + (i + 1) % 120} and had {i % 997 + 3} staff."
        yield ("", [doc], answer)


# -- measurement helpers ---------------------------------------------------------------------------

def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary_ms(values: list[float]) -> dict[str, float]:
    return {f"p{int(q * 100)}": round(pct(values, q) * 1e3, 3) for q in (0.5, 0.95, 0.99)}


def load_floor(name: str) -> Any:
    """The floor: the same spaCy model with only the NER pipe (what raguard cannot avoid)."""
    import spacy
    from spacy.util import get_model_meta, get_package_path, is_package

    pipes = get_model_meta(get_package_path(name)).get("pipeline", []) if is_package(name) else []
    return spacy.load(name, exclude=[p for p in pipes if p != "ner"])


def rss_mb() -> float:
    """Resident set size of this process in MB (Linux /proc; else peak RSS)."""
    try:
        with open("/proc/self/statm") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (2**20 if sys.platform == "darwin" else 2**10)


# -- 1. latency ------------------------------------------------------------------------------------

#: Passes over each latency workload's items (one with --quick).
LATENCY_PASSES = {"seed": 3, "halueval": 2, "long": 3}


def latency_workloads(quick: bool = False) -> dict[str, Optional[list[Item]]]:
    """The three latency workloads by name; HaluEval's is None when its data is missing."""
    return {"seed": [SEED_ITEM] * (100 if quick else 300),
            "halueval": halueval_items(limit=300 if quick else None),
            "long": long_items(60 if quick else 200)}


def latency(verifier: Any, uncached: Any, floor: Any, items: list[Item], passes: int) -> dict[str, Any]:
    """Floor, verify and verify with new documents alternate per item (order rotated every item).

    ``verify`` finds the documents indexed and the query read (cached from the untimed warm-up
    pass, as on a retry); ``uncached`` is a verifier without a document cache, so it indexes them
    and reads the query on every call, as for a fresh question and retrieval. Both share the one loaded pipeline.
    """
    for q, d, a in items:
        floor(a)
        verifier.verify(q, d, a)
        uncached.verify(q, d, a)
    runs = {"floor": lambda q, d, a: floor(a), "verify": verifier.verify, "verify_new_docs": uncached.verify}
    names = list(runs)
    wall: dict[str, list[float]] = {k: [] for k in names}
    cpu: dict[str, list[float]] = {k: [] for k in names}
    clock, tclock = time.perf_counter, time.thread_time
    for p in range(passes):
        for i, (q, d, a) in enumerate(items):
            k = (i + p) % len(names)
            for which in names[k:] + names[:k]:
                fn = runs[which]
                t0, c0 = clock(), tclock()
                fn(q, d, a)
                wall[which].append(clock() - t0)
                cpu[which].append(tclock() - c0)
    floor_p50, floor_cpu_p50 = pct(wall["floor"], 0.5), pct(cpu["floor"], 0.5)
    out = {
        "items": len(items), "samples": len(wall["verify"]),
        "floor_ms": summary_ms(wall["floor"]), "verify_ms": summary_ms(wall["verify"]),
        "verify_new_docs_ms": summary_ms(wall["verify_new_docs"]),
        "ratio_p50": round(pct(wall["verify"], 0.5) / floor_p50, 3),
        "new_docs_ratio_p50": round(pct(wall["verify_new_docs"], 0.5) / floor_p50, 3),
        "cpu_ratio_p50": round(pct(cpu["verify"], 0.5) / floor_cpu_p50, 3),
        "new_docs_cpu_ratio_p50": round(pct(cpu["verify_new_docs"], 0.5) / floor_cpu_p50, 3),
        "response_words": round(statistics.mean(len(a.split()) for _, _, a in items), 1),
        "document_words": round(statistics.mean(sum(len(x.split()) for x in d) for _, d, _ in items), 1),
    }
    return out


# -- 2. throughput ---------------------------------------------------------------------------------

#: Items per turn of the throughput modes: two batches, so two worker processes both get work.
THROUGHPUT_CHUNK = 128


def throughput(verifier: Any, items: list[Item], runs: int) -> dict[str, Any]:
    """Items per second (median of ``runs``) for a verify() loop and verify_many with 1 and 2 processes.

    The modes take turns chunk by chunk (:data:`THROUGHPUT_CHUNK` items, order rotated), as the
    latency modes do item by item, so a slow spell of a shared machine hits all three alike; a
    whole pass per mode (5 s for long answers) let one burst decide a ratio.
    ``verifier`` should have no document cache: each worker process has its own, so with one the
    single-process modes would find documents indexed that a worker indexes again; and a batch
    (a log to audit) mostly brings documents not seen before.
    """
    from raguard.batch import shutdown_workers

    def loop(chunk: list[Item]) -> None:
        for q, d, a in chunk:
            verifier.verify(q, d, a)

    def many(n: int) -> Callable[[list[Item]], None]:
        return lambda chunk: [None for _ in verifier.verify_many(chunk, n_process=n)]

    many(2)(items[:THROUGHPUT_CHUNK])  # start the worker processes and warm them (once per verifier, kept)
    modes = {"loop": loop, "verify_many_1": many(1), "verify_many_2": many(2)}
    names = list(modes)
    chunks = [items[i:i + THROUGHPUT_CHUNK] for i in range(0, len(items), THROUGHPUT_CHUNK)]
    rates: dict[str, list[float]] = {k: [] for k in modes}
    for r in range(runs):
        took = dict.fromkeys(names, 0.0)
        for c, chunk in enumerate(chunks):
            k = (r + c) % len(names)
            for name in names[k:] + names[:k]:
                t0 = time.perf_counter()
                modes[name](chunk)
                took[name] += time.perf_counter() - t0
        for name in names:
            rates[name].append(len(items) / took[name])
    shutdown_workers(verifier)
    out: dict[str, Any] = {"items": len(items), "runs": runs}
    for name, rs in rates.items():
        out[f"{name}_per_s"] = round(statistics.median(rs), 1)
    out["many_1_vs_loop"] = round(out["verify_many_1_per_s"] / out["loop_per_s"], 3)
    out["many_2_vs_loop"] = round(out["verify_many_2_per_s"] / out["loop_per_s"], 3)
    return out


# -- 3. document size ------------------------------------------------------------------------------

def doc_scaling(verifier: Any, repeats: int) -> dict[str, Any]:
    """One response against 1k/10k/100k characters of documents (the supporting one last).

    First call: the document cache cleared, so the call indexes every document. Repeated calls
    (cache hits) run round-robin over the three sizes, so machine load hits them alike.
    """
    (query, (support,), answer), = long_items(1, seed=SEED + 7)
    support = support[:1000].rsplit(" ", 1)[0]
    fillers = [d[0][:1000].rsplit(" ", 1)[0] for _, d, _ in long_items(140, seed=SEED + 8)]
    sizes = {"1k": 1_000, "10k": 10_000, "100k": 100_000}
    sets: dict[str, list[str]] = {}
    for key, target in sizes.items():
        docs: list[str] = []
        total = len(support)
        for chunk in fillers:
            if total + len(chunk) > target:
                break
            docs.append(chunk)
            total += len(chunk)
        sets[key] = docs + [support]
    out: dict[str, Any] = {"response_words": len(answer.split())}
    first: dict[str, Any] = {}
    for key, docs in sets.items():
        verifier.documents_cache.clear()
        t0 = time.perf_counter()
        first[key] = verifier.verify(query, docs, answer)
        out[key] = {"chars": sum(len(d) for d in docs), "documents": len(docs),
                    "first_ms": round((time.perf_counter() - t0) * 1e3, 2)}
    for docs in sets.values():  # all three in the cache now
        verifier.verify(query, docs, answer)
    wall: dict[str, list[float]] = {k: [] for k in sets}
    cpu: dict[str, list[float]] = {k: [] for k in sets}
    keys = list(sets)
    for r in range(repeats):
        for key in keys[r % 3:] + keys[:r % 3]:
            t0, c0 = time.perf_counter(), time.thread_time()
            again = verifier.verify(query, sets[key], answer)
            wall[key].append(time.perf_counter() - t0)
            cpu[key].append(time.thread_time() - c0)
            assert again == first[key]
    for key in keys:
        out[key]["repeat_p50_ms"] = round(pct(wall[key], 0.5) * 1e3, 3)
        out[key]["repeat_cpu_p50_ms"] = round(pct(cpu[key], 0.5) * 1e3, 3)
    out["repeat_100k_vs_1k"] = round(out["100k"]["repeat_p50_ms"] / out["1k"]["repeat_p50_ms"], 3)
    out["repeat_cpu_100k_vs_1k"] = round(out["100k"]["repeat_cpu_p50_ms"] / out["1k"]["repeat_cpu_p50_ms"], 3)
    return out


# -- 4. memory and 5. cold start (fresh processes) -------------------------------------------------

def memory_child(first: int, total: int) -> dict[str, Any]:
    """Run in a fresh process: RSS after loading, after ``first`` and after ``total`` verifies."""
    from raguard import Verifier

    verifier = Verifier()
    model = verifier.model()
    verifier.verify(*SEED_ITEM)
    # (re-read model.nlp each time: a reference to an old pipeline would keep it alive)
    out: dict[str, Any] = {"after_load_mb": round(rss_mb(), 1), "strings_after_load": len(model.nlp.vocab.strings)}
    done = 0
    t0 = time.perf_counter()
    for target, key in ((first, "first"), (total, "total")):
        for item in distinct_items(done, target - done):
            verifier.verify(*item)
        done = target
        out[f"after_{key}_mb"] = round(rss_mb(), 1)
        out[f"strings_after_{key}"] = len(model.nlp.vocab.strings)
        out[f"reloads_after_{key}"] = model.reloads
    out.update(first=first, total=total, seconds=round(time.perf_counter() - t0, 1),
               growth_pct=round(100 * (out["after_total_mb"] / out["after_first_mb"] - 1), 2),
               warm_words=len(model.warm.permanent))
    try:  # the largest bounded cache outside this package's control, reported for context
        from raguard.normalize.stems import stem

        out["stem_cache_entries"] = stem.cache_info().currsize
    except (ImportError, AttributeError):
        pass
    return out


def cold_child(warm: bool = False) -> dict[str, Any]:
    """Run in a fresh process: import, first and second verify of the seed item, then the first
    and second long answer with an unsupported sentence (~300-word documents read tables the
    seed's do not: the first-use costs a server's first real request pays). ``warm``: import, then :meth:`~raguard.Verifier.warm_up`
    timed, then the two long answers."""
    # each with a sentence no document supports (a fabrication: what a guard is for), which has
    # the documents' language told and so reads every table a first request may need
    first_long, second_long = ((q, d, a + " The council also approved a tunnel under the eastern harbour.")
                               for q, d, a in long_items(2, seed=SEED + 99))
    t0 = time.perf_counter()
    import raguard

    t1 = time.perf_counter()
    if warm:
        verifier = raguard.Verifier()
        verifier.warm_up()
        t2 = time.perf_counter()
        out = {"import_s": round(t1 - t0, 3), "warm_up_s": round(t2 - t1, 3)}
        verify = verifier.verify
    else:
        raguard.verify(*SEED_ITEM)
        t2 = time.perf_counter()
        raguard.verify(*SEED_ITEM)
        t3 = time.perf_counter()
        out = {"import_s": round(t1 - t0, 3), "first_verify_s": round(t2 - t1, 3),
               "import_plus_first_s": round(t2 - t0, 3), "second_verify_ms": round((t3 - t2) * 1e3, 2)}
        verify = raguard.verify
    t4 = time.perf_counter()
    verify(*first_long)
    t5 = time.perf_counter()
    verify(*second_long)
    t6 = time.perf_counter()
    out.update(first_long_verify_ms=round((t5 - t4) * 1e3, 1), second_long_verify_ms=round((t6 - t5) * 1e3, 1))
    return out


def in_child(*args: str) -> dict[str, Any]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError(f"child {args} failed:\n{proc.stderr[-2000:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["process_wall_s"] = round(time.perf_counter() - t0, 2)
    return out


# -- report ----------------------------------------------------------------------------------------

def _print_tables(r: dict[str, Any]) -> None:
    mach = r["machine"]
    print(f"\nraguard perf  ({mach['cpus']} CPUs, load average {mach['loadavg_start']} -> {mach['loadavg_end']}, "
          f"Python {mach['python']}, spaCy {mach['spacy']}, model {mach['model']}{', quick' if r['quick'] else ''})")
    print("\n1. latency, ms (floor = same spaCy model, NER pipe only, on the response alone)")
    print("   verify: documents indexed and query read already (cached, as on a retry); new docs: both in the call")
    print(f"{'workload':<10} {'items':>5} {'floor p50':>9} {'p95':>6} {'p99':>6} {'verify p50':>10} "
          f"{'p95':>6} {'p99':>6} {'ratio':>5} {'(cpu)':>5} {'new docs p50':>12} {'ratio':>5} {'(cpu)':>5}")
    for name, w in r["latency"].items():
        if w is None:
            print(f"{name:<10} skipped: {HALUEVAL.parent} not found")
            continue
        f, v, n = w["floor_ms"], w["verify_ms"], w["verify_new_docs_ms"]
        print(f"{name:<10} {w['items']:>5} {f['p50']:>9.2f} {f['p95']:>6.2f} {f['p99']:>6.2f} "
              f"{v['p50']:>10.2f} {v['p95']:>6.2f} {v['p99']:>6.2f} {w['ratio_p50']:>5.2f} {w['cpu_ratio_p50']:>5.2f} "
              f"{n['p50']:>12.2f} {w['new_docs_ratio_p50']:>5.2f} {w['new_docs_cpu_ratio_p50']:>5.2f}")
    print("\n2. throughput, items/s (documents indexed in every call: no cache)")
    for name, t in r["throughput"].items():
        print(f"{name:<10} loop {t['loop_per_s']:>7.1f}  verify_many(1) {t['verify_many_1_per_s']:>7.1f} "
              f"(x{t['many_1_vs_loop']:.2f})  verify_many(2) {t['verify_many_2_per_s']:>7.1f} (x{t['many_2_vs_loop']:.2f})")
    s = r["doc_scaling"]
    print(f"\n3. document size ({s['response_words']}-word response)")
    for k in ("1k", "10k", "100k"):
        d = s[k]
        print(f"{k:>5}: {d['chars']:>7,} chars in {d['documents']:>3} docs  first {d['first_ms']:>8.2f} ms  "
              f"repeat p50 {d['repeat_p50_ms']:>7.2f} ms (cpu {d['repeat_cpu_p50_ms']:.2f})")
    print(f"repeat 100k / 1k: {s['repeat_100k_vs_1k']:.2f} (cpu {s['repeat_cpu_100k_vs_1k']:.2f})")
    m = r["memory"]
    print(f"\n4. memory (fresh process): after load {m['after_load_mb']:.1f} MB, after {m['first']:,} verifies "
          f"{m['after_first_mb']:.1f} MB, after {m['total']:,} {m['after_total_mb']:.1f} MB "
          f"(growth {m['growth_pct']:+.2f}%); strings {m['strings_after_load']:,} -> {m['strings_after_first']:,} "
          f"-> {m['strings_after_total']:,}; pipeline reloads {m['reloads_after_total']}; {m['seconds']} s")
    c = r["cold_start"]
    print(f"\n5. cold start (fresh process): import {c['import_s']:.2f} s + first verify {c['first_verify_s']:.2f} s "
          f"= {c['import_plus_first_s']:.2f} s (process wall {c['process_wall_s']:.2f} s); second verify "
          f"{c['second_verify_ms']:.2f} ms; then a first long answer {c['first_long_verify_ms']:.1f} ms, "
          f"the second {c['second_long_verify_ms']:.1f} ms")
    w = r.get("warm_start")
    if w:
        print(f"   with Verifier.warm_up() first (another fresh process): import {w['import_s']:.2f} s + warm_up "
              f"{w['warm_up_s']:.2f} s; then a first long answer {w['first_long_verify_ms']:.1f} ms, "
              f"the second {w['second_long_verify_ms']:.1f} ms")
    print("\ntargets: latency ratio <= 1.2 per workload; verify_many(1) >= 1.15x loop, verify_many(2) >= 1.7x; "
          "repeat 100k / 1k <= 1.2; memory growth <= 10%")


def _profile(workload: str, rounds: int) -> None:
    from pyinstrument import Profiler

    from raguard import Verifier

    verifier = Verifier()
    items = latency_workloads()[workload]
    if not items:
        raise SystemExit(f"no items for workload {workload!r}")
    for item in items[:50]:
        verifier.verify(*item)
    profiler = Profiler(interval=0.0002)
    profiler.start()
    for _ in range(rounds):
        for item in items:
            verifier.verify(*item)
    profiler.stop()
    print(profiler.output_text(unicode=False, color=False))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="smaller counts (memory: 1,000 and 5,000 verifies)")
    ap.add_argument("--out", type=Path, default=RESULTS)
    ap.add_argument("--profile", choices=["seed", "halueval", "long"], help="profile verify() instead")
    ap.add_argument("--memory-child", nargs=2, type=int, help=argparse.SUPPRESS)
    ap.add_argument("--cold-child", choices=["cold", "warm"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.memory_child:
        print(json.dumps(memory_child(*args.memory_child)))
        return
    if args.cold_child:
        print(json.dumps(cold_child(args.cold_child == "warm")))
        return
    if args.profile:
        _profile(args.profile, 3)
        return

    import spacy

    from raguard import Verifier

    quick = args.quick
    started = time.time()
    load_start = [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None
    cold = in_child("--cold-child", "cold")
    warm = in_child("--cold-child", "warm")
    verifier = Verifier()
    uncached = Verifier(cache_size=0)
    model = verifier.model()
    assert uncached.model() is model
    floor = load_floor(model.name)

    workloads = latency_workloads(quick)
    halu, long = workloads["halueval"], workloads["long"]
    assert long is not None
    if halu is None:
        print(f"HaluEval workload skipped: {HALUEVAL.parent} not found", file=sys.stderr)
    lat: dict[str, Any] = {}
    for name, items in workloads.items():
        passes = 1 if quick else LATENCY_PASSES[name]
        lat[name] = None if items is None else latency(verifier, uncached, floor, items, passes)
    tput: dict[str, Any] = {}
    if halu is not None:
        tput["halueval"] = throughput(uncached, halu, 1 if quick else 3)
    tput["long"] = throughput(uncached, long if quick else long_items(384), 1 if quick else 3)
    scaling = doc_scaling(verifier, 20 if quick else 60)
    memory = in_child("--memory-child", "1000", "5000" if quick else "50000")

    result = {
        "quick": quick,
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "seconds": round(time.time() - started, 1),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version(),
                    "spacy": spacy.__version__, "model": model.name,
                    "loadavg_start": load_start,
                    "loadavg_end": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None},
        "latency": lat, "throughput": tput, "doc_scaling": scaling, "memory": memory, "cold_start": cold,
        "warm_start": warm,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    _print_tables(result)
    print(f"\nwrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out} "
          f"in {result['seconds']} s")


if __name__ == "__main__":
    main()
