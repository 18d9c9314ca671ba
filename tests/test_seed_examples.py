"""The two examples from the core issue, exactly as a user writes them."""

from raguard import VerifyResult, verify


def test_unsupported_deadline_is_flagged():
    result = verify(
        query="What is the Q3 2024 deadline?",
        retrieved_docs=["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
        llm_response="The Q3 2024 deadline is September 30, 2024.",
    )
    assert result.action == "review"
    first = result.warnings[0]
    assert first.text == "September 30, 2024"
    assert first.type == "unsupported_date"
    assert first.severity == "high"
    assert '"September 30, 2024" not found in retrieved documents.' in first.suggestion
    response = "The Q3 2024 deadline is September 30, 2024."
    assert response[first.start:first.end] == first.text
    assert result.summary.high == 1


def test_supported_answer_proceeds():
    result = verify(
        query="Who approved the budget?",
        retrieved_docs=["The budget was reviewed in Q1.", "Alice Johnson approved the final budget on March 10."],
        llm_response="Alice Johnson approved the budget.",
    )
    assert result.action == "proceed"
    assert result.warnings == []
    entity = [c for c in result.claims if c.kind == "entity"][0]
    assert entity.supported and entity.evidence.doc_index == 1
    assert entity.evidence.text == "Alice Johnson"


def test_result_round_trips_through_json():
    result = verify(
        query="What is the Q3 2024 deadline?",
        retrieved_docs=["Q2 project was delivered on June 15."],
        llm_response="The deadline is September 30, 2024, said Bob Smith.",
    )
    again = VerifyResult.model_validate_json(result.model_dump_json())
    assert again == result
    assert again.warnings and again.claims
