"""A rating drawn in star glyphs ("★★★☆☆") counts its filled stars: an answer's "three stars"
restates it. Counting words are checked against the documents' counts of the same thing, so a
faithful "three stars" was flagged against a review's "5 stars" written in words.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_NUMBER
from raguard.normalize.counts import counted_nouns

REVIEWS = ["★★★☆☆ Too loud — Reviewed by Dana on 3 May\n★★★★★ Perfect, 5 stars from me — Reviewed by Femi on 9 May"]


def flagged_numbers(answer: str) -> list[str]:
    return [w.text for w in verify("What do the reviews say?", REVIEWS, answer).warnings if w.type == UNSUPPORTED_NUMBER]


def test_a_star_rating_counts_its_filled_stars() -> None:
    assert [(c.value, c.key) for c in counted_nouns("★★★☆☆ ok")] == [(3, counted_nouns("3 stars")[0].key)]
    assert counted_nouns("rated ★☆ once") == []  # two glyphs: no rating drawn


def test_a_rating_restated_in_words() -> None:
    assert flagged_numbers("Dana gave it three stars because it is too loud, and Femi gave it five.") == []


def test_another_rating_is_still_flagged() -> None:
    assert "four" in flagged_numbers("Dana gave it four stars because it is too loud.")
