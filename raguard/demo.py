"""The demo that `make demo` runs: the two seed examples, printed readably."""

from __future__ import annotations

from raguard.models import VerifyResult
from raguard.verifier import verify

EXAMPLES = [
    {
        "query": "What is the Q3 2024 deadline?",
        "retrieved_docs": ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
        "llm_response": "The Q3 2024 deadline is September 30, 2024.",
    },
    {
        "query": "Who approved the budget?",
        "retrieved_docs": [
            "The budget was reviewed in Q1.",
            "Alice Johnson approved the final budget on March 10.",
        ],
        "llm_response": "Alice Johnson approved the budget.",
    },
    {
        "query": "How much did the company raise, and who led the round?",
        "retrieved_docs": [
            "The startup raised $ 160 million in its Series C , led by Sequoia Capital on October 3 , 2013 .",
        ],
        "llm_response": 'The company raised $160 million on October 3, 2013, in a round led by Andreessen '
                        'Horowitz, which called it "the largest deal of the decade".',
    },
]


def render(result: VerifyResult, response: str) -> str:
    lines = [f"  action: {result.action.upper()}"]
    if not result.warnings:
        lines.append("  no warnings")
    for w in result.warnings:
        where = f"[{w.start}:{w.end}]" if w.start is not None else ""
        lines.append(f"  - {w.severity:<6} {w.type:<20} {where:<10} {w.text!r}")
        lines.append(f"      {w.suggestion}")
    supported = [c for c in result.claims if c.supported]
    for c in supported:
        origin = f"doc {c.evidence.doc_index} [{c.evidence.start}:{c.evidence.end}]" if c.evidence else c.source
        lines.append(f"  ok     {c.kind:<20} {c.text!r} <- {origin}")
    return "\n".join(lines)


def main() -> int:
    for i, example in enumerate(EXAMPLES, 1):
        print(f"Example {i}")
        print(f"  query:    {example['query']}")
        for j, doc in enumerate(example["retrieved_docs"]):
            print(f"  doc {j}:    {doc}")
        print(f"  response: {example['llm_response']}")
        result = verify(**example)
        print(render(result, example["llm_response"]))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
