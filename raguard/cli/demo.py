"""The demo that `make demo` runs: the two seed examples, printed readably."""

from __future__ import annotations

from typing import TypedDict

from rich.text import Text

from raguard.cli.render import is_plain, make_console, render_result
from raguard.verifier import verify


class Example(TypedDict):
    """One demo case: :func:`verify`'s three arguments."""

    query: str
    retrieved_docs: list[str]
    llm_response: str


EXAMPLES: list[Example] = [
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


def main() -> int:
    """Verify each example and print it highlighted (colour on a terminal, plain otherwise)."""
    console = make_console()
    plain = is_plain(console)
    for i, example in enumerate(EXAMPLES, 1):
        console.rule(Text(f"Example {i}", style="" if plain else "bold"), style="" if plain else "dim",
                     characters="-" if plain else "─")
        result = verify(**example)
        render_result(console, example["llm_response"], result, plain=plain,
                      query=example["query"], documents=example["retrieved_docs"])
        console.print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
