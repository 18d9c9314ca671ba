"""One Verifier shared by threads and asyncio tasks gives exactly the results of a serial run.

The spaCy pass and the checkers run under the model's lock (``LoadedModel.zone``); the document
cache has its own lock; everything else a Verifier holds is read-only after construction. These
tests hammer that from 8 threads, from asyncio tasks and from first use (model loading).
"""

from __future__ import annotations

import asyncio
import random
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from raguard import Verifier, VerifyResult

DOCUMENTS = [
    "Alice Johnson approved the final budget on March 10, 2024. Spending rose 12% to $4.5 million.",
    "The committee met in Paris on 3 June 2023 and chose Bob Smith as chair; 1,250 members voted.",
    "Q2 revenue was USD 42.5 million, up from 38.1 million in Q1. The CEO called it \"a record quarter\".",
    "Apollo 11 landed on July 20, 1969. Neil Armstrong and Buzz Aldrin walked on the Moon for 2.5 hours.",
    "the report was released in the 1990s by the world health organization (who) in geneva .",
]
FRAGMENTS = [
    "Alice Johnson approved the budget on March 10, 2024.", "Bob Smith approved it on March 11, 2024.",
    "Spending rose 12% to $4.5 million.", "Spending rose 15% to $4.7 million.", "The recent report says so.",
    "The committee met in Paris.", "The committee met in Berlin on 4 June 2023.", "1,250 members voted.",
    "Q2 revenue was $42.5M.", "Q3 revenue was $44 million.", 'The CEO called it "a record quarter".',
    'The CEO called it "our best year ever".', "Apollo 11 landed on July 20, 1969.", "Apollo 12 landed in 1968.",
    "Neil Armstrong walked for about 2.5 hours.", "The WHO released it in the 1990s.", "As mentioned, it grew.",
    "Zorblax Quentari founded it.", "It was about nine thousand people.", "Monday, September 30, 2024 was the day.",
]
BAD_INPUTS: list[tuple[Any, Any, Any]] = [
    ("q", DOCUMENTS, None), ("q", DOCUMENTS, ""), ("q", None, "Some answer."), ("q", "not a list", "An answer."),
    ("q", [], "An answer."), (None, [b"bytes"], "An answer."), ("q", DOCUMENTS, b"bytes"),
]


def _made_up_name(rng: random.Random) -> str:
    """A name seen nowhere else, so spaCy holds its strings only inside one memory zone."""
    syllables = ["ka", "zor", "blix", "te", "qua", "mor", "vin", "dre", "lu", "pax", "ost", "ri"]
    return " ".join("".join(rng.choices(syllables, k=3)).capitalize() for _ in range(2))


def mixed_inputs(n: int, seed: int = 7) -> list[tuple[Any, Any, Any]]:
    """``n`` inputs: mostly realistic answers over shared documents, some invalid ones; many
    answers also name someone made up, with a made-up number."""
    rng = random.Random(seed)
    items: list[tuple[Any, Any, Any]] = []
    for i in range(n):
        if i % 50 == 49:
            items.append(BAD_INPUTS[(i // 50) % len(BAD_INPUTS)])
            continue
        docs = rng.sample(DOCUMENTS, rng.randint(1, 3))
        answer = " ".join(rng.sample(FRAGMENTS, rng.randint(1, 4)))
        if rng.random() < 0.4:
            answer += f" {_made_up_name(rng)} counted {rng.randint(10, 99_999):,} votes."
        query = rng.choice(["", "Who approved the budget?", "What was Q2 revenue?", "When did Apollo 11 land?"])
        items.append((query, docs, answer))
    return items


def _serial(items: list[tuple[Any, Any, Any]]) -> list[VerifyResult]:
    verifier = Verifier()
    return [verifier.verify(*item) for item in items]


def test_eight_threads_on_2000_inputs_equal_a_serial_run() -> None:
    items = mixed_inputs(2000)
    expected = _serial(items)
    assert sum(r.action == "review" for r in expected) > 200  # the checkers do fire
    assert sum(r.action == "proceed" for r in expected) > 50
    shared = Verifier()  # fresh: its document cache fills while the threads race
    start = threading.Barrier(8)

    def work(chunk: list[tuple[int, tuple[Any, Any, Any]]]) -> list[tuple[int, VerifyResult]]:
        start.wait()
        return [(i, shared.verify(*item)) for i, item in chunk]

    # interleaved chunks, so the threads verify the same documents at the same time
    chunks = [list(enumerate(items))[k::8] for k in range(8)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        done = [pair for part in pool.map(work, chunks) for pair in part]
    got = [result for _, result in sorted(done, key=lambda pair: pair[0])]
    assert len(got) == len(expected)
    mismatches = [i for i, (a, b) in enumerate(zip(got, expected)) if a != b]
    assert not mismatches, f"{len(mismatches)} results differ from the serial run, first at item {mismatches[0]}"


def test_asyncio_tasks_sharing_one_verifier_through_to_thread_equal_a_serial_run() -> None:
    items = mixed_inputs(300, seed=11)
    expected = _serial(items)
    shared = Verifier()

    async def main() -> list[VerifyResult]:
        semaphore = asyncio.Semaphore(16)

        async def one(item: tuple[Any, Any, Any]) -> VerifyResult:
            async with semaphore:
                return await asyncio.to_thread(shared.verify, *item)

        return await asyncio.gather(*(one(item) for item in items))

    assert asyncio.run(main()) == expected


def test_first_use_from_many_threads_at_once() -> None:
    """Model loading and the empty cache under a burst of first calls on fresh Verifiers."""
    items = mixed_inputs(16, seed=3)
    expected = _serial(items)
    verifiers = [Verifier(), Verifier()]
    start = threading.Barrier(16)

    def work(i: int) -> VerifyResult:
        start.wait()
        return verifiers[i % 2].verify(*items[i])

    with ThreadPoolExecutor(max_workers=16) as pool:
        got = list(pool.map(work, range(16)))
    assert got == expected
    assert verifiers[0].model() is verifiers[1].model()  # one pipeline (and lock) per process
