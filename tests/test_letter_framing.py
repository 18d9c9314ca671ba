"""A letter is a text an answer names as it names an email or a memo: "The letter was signed by
..." speaks about the document, so "letter" is no content word a document must hold (a letter
does not call itself one). What the sentence says of the world is still checked.
"""

from __future__ import annotations

from raguard import verify
from raguard.models import MISSING_ENTITY, UNSUPPORTED_STATEMENT
from raguard.normalize.framing import TEXT_NOUNS

LETTER = ["Dear Mr Pell,\n\nFurther to your call, we confirm the boiler service is booked for 14 May between 8am "
          "and noon.\n\nYours sincerely,\nA. Ruiz (Mrs)\nBookings"]


def types(answer: str) -> list[str]:
    return [w.type for w in verify("When is the boiler service?", LETTER, answer).warnings]


def test_a_letter_is_a_text_noun() -> None:
    assert {"letter", "letters"} <= TEXT_NOUNS


def test_who_signed_the_letter_is_said_of_the_document() -> None:
    assert UNSUPPORTED_STATEMENT not in types(
        "The boiler service is booked for 14 May between 8am and noon. The letter was signed by Mrs A. Ruiz from Bookings.")


def test_what_the_letter_sentence_claims_is_still_checked() -> None:
    assert MISSING_ENTITY in types(
        "The boiler service is booked for 14 May between 8am and noon. The letter was signed by Mrs A. Ruiz from Accounts.")
    assert UNSUPPORTED_STATEMENT in types("The letter says the engineer will replace the radiators and repaint the hall.")
