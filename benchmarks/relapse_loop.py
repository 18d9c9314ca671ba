"""Benchmark relapse: faithful-answer rate with and without the loop, LLM calls, and loop overhead.

Part 1 runs 40 scripted cases (10 topics with messy, tokenizer-spaced chunks x 4 model
behaviours: clean on call 1, recovers on call 2, recovers on call 3, stubborn) through
``relapse.run`` with the real raguard default check. Every scripted answer is labelled faithful
or not by construction, so the faithful rate is measured against the labels, not against
raguard's opinion: answers raguard wrongly passes or wrongly rejects count against relapse.

Part 2 times the loop itself, excluding the LLM and the check: an instant scripted LLM and a
no-op check, minus the cost of calling those two directly, divided by the number of LLM calls.

Part 3 times the first check of a run over 100 new chunks with and without the check's
``prepare`` run beside the model call (a model that sleeps 0.3 s).

    .venv/bin/python benchmarks/relapse_loop.py          # prints a table, writes results/relapse_loop.json
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import relapse  # noqa: E402
from relapse import GroundingFinding, GroundingResult, Span  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "relapse_loop.json"


@dataclass(frozen=True)
class Topic:
    chunk: str
    query: str
    good: str
    bad: tuple[str, str, str]


TOPICS: tuple[Topic, ...] = (
    Topic("World War II ended in 1945 , with Japan 's surrender in September .",
          "When did World War II end?",
          "World War II ended in 1945, with Japan's surrender in September.",
          ("World War II ended in 1944, with Japan's surrender in September.",
           "World War II ended in 1945, with Germany's surrender in September.",
           "World War II ended in 1946, with Japan's surrender in October.")),
    Topic("The Apollo 11 mission landed on the Moon on July 20 , 1969 . Neil Armstrong was the first "
          "person to walk on the lunar surface .",
          "When did Apollo 11 land on the Moon?",
          "Apollo 11 landed on the Moon on July 20, 1969.",
          ("Apollo 11 landed on the Moon on July 21, 1969.",
           "Apollo 11 landed on the Moon on July 20, 1968.",
           "Apollo 11 landed on the Moon on July 20, 1969, and Buzz Aldrin was the first to walk on it.")),
    Topic("Revenue grew 12 % to $ 4.2 billion in fiscal 2023 , the company said .",
          "How much did revenue grow in fiscal 2023?",
          "Revenue grew 12% to $4.2 billion in fiscal 2023.",
          ("Revenue grew 15% to $4.2 billion in fiscal 2023.",
           "Revenue grew 12% to $4.5 billion in fiscal 2023.",
           "Revenue grew 12% to $4.2 billion in fiscal 2022.")),
    Topic("The Eiffel Tower was completed in March 1889 and is 330 metres tall .",
          "How tall is the Eiffel Tower?",
          "The Eiffel Tower is 330 metres tall and was completed in March 1889.",
          ("The Eiffel Tower is 324 metres tall and was completed in March 1889.",
           "The Eiffel Tower is 330 metres tall and was completed in March 1887.",
           "The Eiffel Tower is 330 metres tall and was completed in May 1889.")),
    Topic("The recommended adult dose of ibuprofen is 200 to 400 mg every 4 to 6 hours , not exceeding "
          "1,200 mg per day without medical advice .",
          "What is the adult dose of ibuprofen?",
          "Adults may take 200 to 400 mg of ibuprofen every 4 to 6 hours, up to 1,200 mg per day without medical advice.",
          ("Adults may take 200 to 800 mg of ibuprofen every 4 to 6 hours, up to 1,200 mg per day without medical advice.",
           "Adults may take 200 to 400 mg of ibuprofen every 4 to 6 hours, up to 3,200 mg per day without medical advice.",
           "Adults may take 200 to 400 mg of ibuprofen every 2 to 3 hours, up to 1,200 mg per day without medical advice.")),
    Topic("Alice Johnson became chief executive of Norwind Energy in January 2021 , succeeding Mark Olsen .",
          "Who leads Norwind Energy?",
          "Alice Johnson has led Norwind Energy as chief executive since January 2021, succeeding Mark Olsen.",
          ("Alice Johnson has led Norwind Energy as chief executive since January 2020, succeeding Mark Olsen.",
           "Alice Johnson has led Norwind Energy as chief executive since January 2021, succeeding David Park.",
           "Alice Johnson has led Norwind Energy as chief executive since March 2021, succeeding Mark Olsen.")),
    Topic("The X200 laptop weighs 1.3 kg , has 16 GB of RAM and costs $ 1,299 .",
          "What does the X200 laptop cost?",
          "The X200 laptop costs $1,299; it weighs 1.3 kg and has 16 GB of RAM.",
          ("The X200 laptop costs $1,199; it weighs 1.3 kg and has 16 GB of RAM.",
           "The X200 laptop costs $1,299; it weighs 1.3 kg and has 32 GB of RAM.",
           "The X200 laptop costs $1,299; it weighs 1.1 kg and has 16 GB of RAM.")),
    Topic("In his 1961 inaugural address , Kennedy said : \" Ask not what your country can do for you . \"",
          "What did Kennedy say in his inaugural address?",
          "In his 1961 inaugural address Kennedy said \"Ask not what your country can do for you.\"",
          ("In his 1961 inaugural address Kennedy said \"Never ask what your nation owes you.\"",
           "In his 1963 inaugural address Kennedy said \"Ask not what your country can do for you.\"",
           "In his 1961 inaugural address Roosevelt said \"Ask not what your country can do for you.\"")),
    Topic("Apply nitrogen at 120 kg per hectare for winter wheat , split into two doses in March and April .",
          "How much nitrogen does winter wheat need?",
          "Winter wheat needs 120 kg of nitrogen per hectare, split into two doses in March and April.",
          ("Winter wheat needs 150 kg of nitrogen per hectare, split into two doses in March and April.",
           "Winter wheat needs 120 kg of nitrogen per hectare, split into two doses in February and April.",
           "Winter wheat needs 120 kg of nitrogen per hectare, split into two doses in March and June.")),
    Topic("Lyon had 522,250 inhabitants in 2020 , making it France 's third-largest city .",
          "How many people live in Lyon?",
          "Lyon had 522,250 inhabitants in 2020, making it France's third-largest city.",
          ("Lyon had 516,092 inhabitants in 2020, making it France's third-largest city.",
           "Lyon had 522,250 inhabitants in 2019, making it France's third-largest city.",
           "Lyon had 522,250 inhabitants in 2020, making it France's second-largest city.")),
)

BEHAVIOURS = ("clean on call 1", "recovers on call 2", "recovers on call 3", "stubborn")


@dataclass(frozen=True)
class Case:
    topic: Topic
    behaviour: str
    chunks: tuple[str, ...]
    script: tuple[tuple[str, bool], ...]  # (answer, faithful) per call


def build_cases() -> list[Case]:
    """Each topic under each behaviour; the context is the topic's chunk plus the next topic's."""
    cases = []
    for i, topic in enumerate(TOPICS):
        chunks = (topic.chunk, TOPICS[(i + 1) % len(TOPICS)].chunk)
        good = ((topic.good, True),)
        bad = tuple((b, False) for b in topic.bad)
        scripts = {
            "clean on call 1": good,
            "recovers on call 2": bad[:1] + good,
            "recovers on call 3": bad[:2] + good,
            "stubborn": bad,
        }
        cases += [Case(topic, b, chunks, scripts[b]) for b in BEHAVIOURS]
    return cases


def scripted(script: Sequence[tuple[str, bool]]) -> Callable[[str], str]:
    answers = iter(a for a, _ in script)
    return lambda prompt: next(answers)


def quality(cases: list[Case], max_iterations: int = 3) -> dict:
    """Run every case through relapse with the default raguard check; score against the labels."""
    rows = []
    for case in cases:
        result = relapse.run(case.topic.query, list(case.chunks), call_llm=scripted(case.script),
                             max_iterations=max_iterations)
        labels = dict(case.script)
        rows.append({
            "behaviour": case.behaviour,
            "first_faithful": case.script[0][1],
            "final_faithful": labels[result.answer],
            "grounded": result.grounded,
            "calls": result.iterations,
            "verdicts": [(labels[r.answer], r.grounded) for r in result.transcript],
            "check_ms": [r.check_seconds * 1000 for r in result.transcript],
        })
    n = len(rows)
    verdicts = [v for r in rows for v in r["verdicts"]]
    bad_seen = [grounded for faithful, grounded in verdicts if not faithful]
    good_seen = [grounded for faithful, grounded in verdicts if faithful]
    by_behaviour = {
        b: {
            "cases": sum(r["behaviour"] == b for r in rows),
            "avg_calls": statistics.mean(r["calls"] for r in rows if r["behaviour"] == b),
            "final_faithful": sum(r["final_faithful"] for r in rows if r["behaviour"] == b),
        }
        for b in BEHAVIOURS
    }
    return {
        "cases": n,
        "max_iterations": max_iterations,
        "faithful_rate_without_relapse": sum(r["first_faithful"] for r in rows) / n,
        "faithful_rate_with_relapse": sum(r["final_faithful"] for r in rows) / n,
        "returned_grounded": sum(r["grounded"] for r in rows),
        "grounded_but_unfaithful": sum(r["grounded"] and not r["final_faithful"] for r in rows),
        "flagged_not_grounded": sum(not r["grounded"] for r in rows),
        "avg_llm_calls": statistics.mean(r["calls"] for r in rows),
        "check_recall_on_unfaithful_answers": bad_seen.count(False) / len(bad_seen),
        "unfaithful_answers_checked": len(bad_seen),
        "check_false_rejections_of_faithful_answers": good_seen.count(False),
        "faithful_answers_checked": len(good_seen),
        "check_ms_median": statistics.median(ms for r in rows for ms in r["check_ms"]),
        "by_behaviour": by_behaviour,
    }


# -- overhead -----------------------------------------------------------------------------------------

_REJECT = GroundingResult(ok=False, findings=(
    GroundingFinding("UNSUPPORTED_DATE", '"1944" not found in retrieved documents. The documents give 1945.',
                     spans=(Span(22, 26, "1944"),), expected="1945"),
    GroundingFinding("MISSING_ENTITY", '"Germany" not found in retrieved documents.', spans=(Span(33, 40, "Germany"),)),
))
_ACCEPT = GroundingResult(ok=True)
_ANSWER = "World War II ended in 1944, with Germany's surrender in May."


def _instant_llm(prompt: str) -> str:
    return _ANSWER


def _timed(fn: Callable[[], object], repeat: int, number: int) -> float:
    """Best-of-``repeat`` seconds per call of ``fn`` over ``number`` calls (least disturbed run)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - start) / number)
    return best


def overhead(chunks: list[str], *, reject: bool, compress: bool = False, number: int = 400, repeat: int = 7) -> dict:
    """Loop overhead per LLM call: run() with an instant LLM and no-op check, minus those calls."""
    verdict = _REJECT if reject else _ACCEPT
    calls = 3 if reject else 1
    check = lambda q, c, a: verdict  # noqa: E731
    run_s = _timed(lambda: relapse.run("When did World War II end?", chunks, call_llm=_instant_llm,
                                       grounding_check=check, compress=compress, max_iterations=3),
                   repeat, number)
    prompt = "x" * 2000

    def bare() -> None:
        for _ in range(calls):
            check("q", chunks, _instant_llm(prompt))

    bare_s = _timed(bare, repeat, number)
    return {
        "context_chars": sum(map(len, chunks)),
        "chunks": len(chunks),
        "llm_calls_per_run": calls,
        "compress": compress,
        "run_us": run_s * 1e6,
        "bare_llm_and_check_us": bare_s * 1e6,
        "overhead_per_call_us": (run_s - bare_s) / calls * 1e6,
    }


def prepared_check(runs: int = 8, chunks: int = 100, llm_seconds: float = 0.3) -> dict:
    """The first check's time with and without the check's ``prepare`` run beside the model call:
    a warm process, ``chunks`` new chunks of 1,000 characters each run, a model that sleeps
    ``llm_seconds``; runs of the two interleaved, medians reported."""
    from raguard import Verifier
    from relapse import raguard_check

    checks = {"prepared": raguard_check(Verifier()), "not prepared": raguard_check(Verifier())}
    checks["not prepared"].prepare = None  # (the loop then has nothing to run beside the call)
    for check in checks.values():
        check.verifier.warm_up()
    answer = "The Halvorsen depot opened on 3 March 2021 and handles 41,000 parcels a week."

    def llm(prompt: str) -> str:
        time.sleep(llm_seconds)
        return answer

    times: dict[str, list[float]] = {name: [] for name in checks}
    for k in range(runs):
        for name, check in checks.items():
            docs = [(f"The Halvorsen depot {name} {k} opened on 3 March 2021 and handles 41,000 parcels "
                     f"a week. " * 12)[:1000] + f" Unit {i}." for i in range(chunks)]
            r = relapse.run("When did the depot open?", docs, call_llm=llm, grounding_check=check)
            times[name].append(r.transcript[0].check_seconds * 1000)
    return {"runs": runs, "chunks": chunks, "chunk_chars": 1000, "llm_seconds": llm_seconds,
            **{f"check_ms_median_{name.replace(' ', '_')}": statistics.median(t) for name, t in times.items()}}


def main() -> None:
    cases = build_cases()
    started = time.perf_counter()
    relapse.run("warm-up", ["Warm-up 1945 ."], call_llm=lambda p: "1945")  # load spaCy outside the timings
    load_s = time.perf_counter() - started
    q = quality(cases)

    small = [t.chunk for t in TOPICS[:3]]
    large = [(t.chunk + " ") * 5 for t in TOPICS] * 2  # 20 chunks, about 8,000 characters
    large = [c[:400] for c in large]
    scenarios = {
        "3 chunks, passes on call 1": overhead(small, reject=False),
        "3 chunks, rejected 3 times": overhead(small, reject=True),
        "20 chunks (8k chars), rejected 3 times": overhead(large, reject=True),
        "20 chunks (8k chars), compress, rejected 3 times": overhead(large, reject=True, compress=True),
    }

    print(f"relapse loop benchmark: {q['cases']} scripted cases, max_iterations={q['max_iterations']}, "
          f"default raguard check (spaCy load {load_s:.2f} s, excluded)\n")
    print(f"{'':44}{'without relapse':>16}{'with relapse':>14}")
    print(f"{'faithful-answer rate':44}{q['faithful_rate_without_relapse']:>16.1%}{q['faithful_rate_with_relapse']:>14.1%}")
    print(f"{'average LLM calls':44}{1.0:>16.2f}{q['avg_llm_calls']:>14.2f}")
    print(f"\nreturned grounded={q['returned_grounded']}, of which unfaithful={q['grounded_but_unfaithful']}; "
          f"returned grounded=False (flagged)={q['flagged_not_grounded']}")
    print(f"check recall on {q['unfaithful_answers_checked']} unfaithful answers "
          f"{q['check_recall_on_unfaithful_answers']:.1%}; "
          f"false rejections {q['check_false_rejections_of_faithful_answers']}/{q['faithful_answers_checked']}; "
          f"check median {q['check_ms_median']:.2f} ms/call")
    print(f"\n{'behaviour':24}{'cases':>6}{'avg calls':>11}{'final faithful':>16}")
    for b, row in q["by_behaviour"].items():
        print(f"{b:24}{row['cases']:>6}{row['avg_calls']:>11.2f}{row['final_faithful']:>16}")
    print(f"\n{'loop overhead (LLM and check excluded)':52}{'context':>9}{'calls':>6}{'per call':>12}")
    for name, s in scenarios.items():
        print(f"{name:52}{s['context_chars']:>9,}{s['llm_calls_per_run']:>6}{s['overhead_per_call_us']:>9.1f} us")
    worst = max(s["overhead_per_call_us"] for s in scenarios.values())
    print(f"\nworst overhead {worst:.1f} us per call = {worst / 1000:.3f} ms "
          f"({worst / 1000 / q['check_ms_median']:.1%} of one raguard check)")
    prep = prepared_check()
    print(f"\nfirst check, {prep['chunks']} new chunks of {prep['chunk_chars']:,} characters (median of "
          f"{prep['runs']} runs): {prep['check_ms_median_not_prepared']:.1f} ms, "
          f"{prep['check_ms_median_prepared']:.1f} ms with the check prepared beside the model call")

    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({
        "benchmark": "relapse_loop",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "spacy_load_seconds": load_s,
        "quality": q,
        "overhead": scenarios,
        "worst_overhead_per_call_us": worst,
        "prepared_check": prep,
    }, indent=2) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
