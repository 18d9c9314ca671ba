"""A word with a negating prefix restates a document's denial of the word in two ("undamaged" /
"is not damaged", "unfurnished" / "not furnished"), and back: the statements checker counts it
as the document's word. Only a denial on both sides is a restatement: a bare "restored" is no
restatement of "unrestored".
"""

from __future__ import annotations

from raguard import verify
from raguard.models import UNSUPPORTED_STATEMENT
from raguard.normalize.stems import content_stem, prefixed_stems, unprefixed_stem


def types(docs: list[str], answer: str) -> list[str]:
    return [w.type for w in verify("What are the conditions?", docs, answer).warnings]


def test_a_word_read_without_and_with_a_negating_prefix() -> None:
    assert unprefixed_stem("unopened") == content_stem("opened")
    assert unprefixed_stem("Non-refundable") == content_stem("refundable")
    assert unprefixed_stem("opened") is None
    # too little left after the prefix to be a word: no denial ("unit", "under")
    assert unprefixed_stem("unit") is None and unprefixed_stem("under") is None
    assert prefixed_stems("opened") == ("un" + str(content_stem("opened")), "non" + str(content_stem("opened")))


def test_an_answers_prefixed_word_for_a_documents_two_word_denial() -> None:
    doc = ["Returns: accepted within 30 days if the seal is not broken and the carton is not opened."]
    assert UNSUPPORTED_STATEMENT not in types(doc, "A return needs the seal unbroken and the carton unopened.")
    # other words are still other words
    assert UNSUPPORTED_STATEMENT in types(doc, "A return needs the seal unscratched and the carton unpainted.")


def test_an_answers_two_word_denial_for_a_documents_prefixed_word() -> None:
    doc = ["Lot 14: the cabinet is unrestored and the hinges are unoiled; sold as seen."]
    assert UNSUPPORTED_STATEMENT not in types(doc, "It was not restored or oiled.")
    # a bare affirmation is no restatement of the prefixed denial
    assert UNSUPPORTED_STATEMENT in types(doc, "It was restored and oiled.")
