"""Cost of hostile answers (issue #22) against spaCy's own NER pass over prose of the same length.

    .venv/bin/python benchmarks/hostile.py

For 100k-character answers made of one character (alone, and in runs of ten between spaces), prints
the CPU time of ``verify()`` end to end and its ratio to spaCy's NER over 100k characters of
prose; and the cost of ``parse_text`` (the pre-tokenization defence) on an ordinary answer, as a
share of its ``verify()``. Writes benchmarks/results/hostile.json. CPU times (process), best of 3.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from raguard import Verifier  # noqa: E402
from raguard.nlp import load_model, parse_text  # noqa: E402

N = 100_000
CHARS = ["!", "?", ",", "(", '"', "'", "_", "*", "#", "…", "—", "“", "€", "\U0001F600", "a", "."]
SHAPES = {"run": "{c}", "tens": "{c}" * 10 + " "}
PROSE = ("On March 3, 2021, Maren Oduya opened the Lindqvist Archive in Tallinn with 14 staff and a budget of "
         "$2.6 million. Three years later the archive held 41,000 letters, most of them from the Baltic trade "
         "houses of the 1890s, and its director, Piet Van Rensburg, told the Helsinki Review that visits had "
         "doubled since the new reading room opened in June. ")
ANSWER = ("Maren Oduya opened the Lindqvist Archive in Tallinn on March 3, 2021, with 14 staff and a budget of "
          "$2.6 million; it held 41,000 letters three years later.")
DOCS = [PROSE]


def cpu(fn: Callable[[], Any], repeat: int = 3, number: int = 1) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for _ in range(number):
            fn()
        best = min(best, (time.process_time() - started) / number)
    return best


def fill(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


def main() -> int:
    verifier = Verifier(max_chars=2 * N, cache_size=0)
    nlp = load_model().nlp
    verifier.verify("q", DOCS, ANSWER)
    prose = fill(PROSE, N)
    spacy_prose = cpu(lambda: nlp(prose), repeat=2)
    print(f"spaCy NER on {N:,} characters of prose: {spacy_prose:.2f} s")
    rows = []
    for c in CHARS:
        for shape, unit in SHAPES.items():
            text = fill(unit.format(c=c), N)
            seconds = cpu(lambda: verifier.verify("Who opened it?", DOCS, text))
            rows.append({"char": c, "shape": shape, "verify_s": round(seconds, 4),
                         "x_spacy_prose": round(seconds / spacy_prose, 3)})
            print(f"{c!r:>12} {shape:>5}: {seconds:7.3f} s  {seconds / spacy_prose:5.2f}x")
    per_verify = cpu(lambda: verifier.verify("Who opened it?", DOCS, ANSWER), number=50)
    per_parse_text = cpu(lambda: parse_text(ANSWER), number=5000)
    print(f"ordinary answer ({len(ANSWER)} characters): verify {per_verify * 1e6:.0f} us, "
          f"parse_text {per_parse_text * 1e6:.2f} us ({100 * per_parse_text / per_verify:.2f}%)")
    out = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "n_chars": N,
        "spacy_ner_prose_s": round(spacy_prose, 3),
        "hostile": rows,
        "worst_x_spacy_prose": max(r["x_spacy_prose"] for r in rows),
        "ordinary_answer": {"chars": len(ANSWER), "verify_us": round(per_verify * 1e6, 1),
                            "parse_text_us": round(per_parse_text * 1e6, 2)},
    }
    path = ROOT / "benchmarks" / "results" / "hostile.json"
    path.write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
