"""A document's role bindings read for an answer's roles only (DocumentIndex.role_bindings_of):
the same bindings of those roles as the whole reading, in its order."""

from __future__ import annotations

import pytest

from raguard.documents import DocumentIndex
from raguard.normalize.bindings import key_base

DOCS = [
    "Harwick Mills was set up in Leeds in 1998 by Tomasz Brennan. The audit was led by Ines Varga, "
    "who had come over from Pell & Dorne. A third site opened in Derby.",
    "Panel: Ruth Okoye, Dev Anand & Dr L. Marsh\nModerator: Henrik Salo\nNotes taken by Petra Lind.",
    "Attendees: Ana Ruiz (chair), Ben Ola (treasurer)\nMinutes recorded by: Carl Ode\n"
    "The co-chair, Dana Whit, opened the meeting; Ed Fry, secretary, read the agenda.",
    "Route: Coastal Loop\nQuestions: Route Planning Desk on 0151 555 0199\nSupervisor Gail Penn signs off.",
    "Drafted/reviewed by Olu Bakare. Sign-off: Mei Tan. Approver ..... Raj Iyer\n"
    "HOST (Bridget Nolan) welcomed the guests; the head referee, Kim Sato, was late.",
    "GROUP | LEADER | BACKMARKER\nA | Hamid Rostami | Ffion Pugh\nB | Lena Fox | Omar Said",
    "| Field | Value |\n|---|---|\n| Incident lead | Marisol Achterberg |\n- [ ] Fix it (owner: Dmitri Halloway)\n",
]


def _whole(text: str, wanted: frozenset[str]) -> list[tuple[str, str, bool]]:
    return [b for b in DocumentIndex(text).role_bindings if key_base(b[0]) in wanted]


@pytest.mark.parametrize("text", DOCS)
def test_bindings_of_wanted_roles_are_the_whole_readings(text: str) -> None:
    whole = DocumentIndex(text).role_bindings
    bases = sorted({key_base(key) for key, _, _ in whole})
    assert bases  # (each document binds some role)
    for wanted in [frozenset([b]) for b in bases] + [frozenset(bases), frozenset({"found", "lead"})]:
        assert DocumentIndex(text).role_bindings_of(wanted) == _whole(text, wanted)


def test_a_two_column_tables_row_and_a_label_opening_a_bracket_bind_the_name_after_them() -> None:
    # a row of two cells is a label and its value, whatever the header ("| Field | Value |")
    bindings = DocumentIndex(DOCS[-1]).role_bindings
    assert ("lead", "Marisol Achterberg", True) in bindings
    assert ("owner", "Dmitri Halloway", True) in bindings
    # a row of three cells is a record: its first cell is no label of the others
    assert not any(key == "a" for key, _, _ in DocumentIndex(DOCS[-2]).role_bindings)


def test_a_first_word_the_labels_make_a_role_is_read_as_the_whole_reading_does() -> None:
    # "Route" is a label's role, so the whole reading takes the name's first word for a title and
    # finds no label right before the rest: "Questions:" binds nothing there
    text = DOCS[3]
    assert DocumentIndex(text).role_bindings_of(frozenset({"question"})) == _whole(text, frozenset({"question"})) == []


def test_bindings_of_are_memoized_and_read_from_the_whole_reading_once_it_is_read() -> None:
    index = DocumentIndex(DOCS[0])
    first = index.role_bindings_of(frozenset({"lead"}))
    assert index.role_bindings_of(frozenset({"lead"})) is first
    assert [key for key, _, _ in first] == ["lead"]
    other = DocumentIndex(DOCS[0])
    other.role_bindings
    assert other.role_bindings_of(frozenset({"lead"})) == first


DELIVERY = "Delivery schedule, week 12\nCourier: Penrose Haulage\nCold storage: Wrenfield Cold Store\nPallets leave at 06:00.\n"


@pytest.mark.parametrize("answer", [
    "The courier is Wrenfield Cold Store, and the storage goes to Penrose Haulage.",
    "Courier: Wrenfield Cold Store, with cold storage at Penrose Haulage.",
])
def test_a_role_the_answer_binds_only_once_a_first_word_is_no_title_is_read_in_the_documents(answer: str) -> None:
    # the answer's widest reading takes "Wrenfield" for a title, so the role before it is found
    # only by the reading with the documents' labels: the documents' couriers are read too
    from raguard import verify
    from raguard.models import MISATTRIBUTED_CLAIM

    found = [w for w in verify("Who handles delivery?", [DELIVERY], answer).warnings if w.type == MISATTRIBUTED_CLAIM]
    assert [w.text for w in found] == ["Wrenfield Cold Store"]
    assert "gives that role to Penrose Haulage" in (found[0].suggestion or "")
