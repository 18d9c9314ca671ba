"""Write the fuzz seed corpus (fuzz/corpus/) from the test data and the demo examples.

One file per input, named by the SHA-1 of its bytes (as libFuzzer names them), in the format
fuzz_verify.decode() reads. Kept small (about 150 files) so the repository stays light:
``python fuzz/seed_corpus.py`` rewrites it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "fuzz" / "corpus"
RECORD, UNIT = "\x1e", "\x1f"

#: Inputs no test file holds: the shapes that broke things before (see README, Robustness).
EXTRA = [
    ("", ["x"], '"' + "a b " * 200),
    ("q", ["Paris is nice."], "We met in \udc80 Paris."),
    ("", ["a-" + "\n" * 300 + "!b"], "W." * 300),
    ("", ["Smith met John. " + "A-" * 300], "John Smith met him."),
    ("", ["w" + " of" * 300 + " y"], "The WOOX said so."),
    ("", ["It happened on May 5."], "May 5 " * 200),
    ("Q1?", ["Q1 Q1 Q1"], "Q1 " * 300),
    ("", ["A of the " * 50], "A of the " * 100),
    ("", ["Paris."], "Monday" + " " * 400 + "x 2024"),
    ("", ["Paris."], "Apollo 11 and iPhone 16 " * 40),
    # issue #22: runs spaCy's tokenizer split one affix at a time (quadratic), a number-word chain
    # that overflowed, and a citation per sentence
    ("", ["Paris."], "!" * 3000),
    ("", ["Paris."], "Wait!!!!!!!!!! " * 200),
    ("", ["Paris."], "_" * 2000),
    ("?" * 500, ["Paris." + "…" * 500], "“" * 1000 + " Paris"),
    ("", ["Paris."], "'s" * 800),
    ("", ["Paris."], "US$" * 500),
    ("", ["Paris."], "a:" * 800),
    ("How many?", ["one " + "hundred " * 155], "There were one " + "hundred " * 155 + "boats."),
    ("", ["Ann ate 12 figs.", "Ann ate 3 figs."], "Ann ate 12 figs [1]. " * 100),
]


def _encode(query: str, docs: list[str], response: str) -> bytes:
    return (query + RECORD + UNIT.join(docs) + RECORD + response).encode("utf-8", errors="surrogateescape")


def seeds() -> list[bytes]:
    out: list[bytes] = []
    rows = [json.loads(line) for line in (ROOT / "tests" / "data" / "paraphrase_suite.jsonl").read_text("utf-8").splitlines()]
    for row in rows[::3]:  # every third pair: all rules, faithful and fabricated
        out.append(_encode(row["query"], row["docs"], row["answer"]))
    from raguard.cli.demo import EXAMPLES

    for ex in EXAMPLES:
        out.append(_encode(ex["query"], ex["retrieved_docs"], ex["llm_response"]))
    out.extend(_encode(*extra) for extra in EXTRA)
    return out


def main() -> None:
    CORPUS.mkdir(parents=True, exist_ok=True)
    for old in CORPUS.iterdir():
        old.unlink()
    for data in seeds():
        (CORPUS / hashlib.sha1(data).hexdigest()).write_bytes(data)
    files = list(CORPUS.iterdir())
    print(f"{len(files)} files, {sum(f.stat().st_size for f in files):,} bytes in {CORPUS}")


if __name__ == "__main__":
    main()
