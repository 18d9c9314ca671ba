"""raguard as relapse's grounding check: codes, spans, expected values, custom Verifiers, lazy import."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Iterator

import pytest

import relapse
from relapse import CODES, GroundingResult, Span, raguard_check
from relapse.check import finding_code, from_verify_result

WW2 = "World War II ended in 1945 , with Japan 's surrender in September ."
APOLLO = ("The Apollo 11 mission landed on the Moon on July 20 , 1969 . Neil Armstrong was the first "
          "person to walk on the lunar surface .")
REVENUE = "Revenue grew 12 % to $ 4.2 billion in fiscal 2023 , the company said ."
CHUNKS = [WW2, APOLLO, REVENUE]
VAGUE_ANSWER = "According to the recent report, World War II ended in 1945 with Japan's surrender in September."


def test_default_check_turns_each_warning_into_a_finding(verifier) -> None:
    answer = 'World War II ended in 1946, when Japan surrendered in October, per "the famous decree".'
    grounding = raguard_check(verifier)("When did WW2 end?", CHUNKS, answer)
    assert grounding.ok is False
    by_code: dict[str, list] = {}
    for f in grounding.findings:
        by_code.setdefault(f.code, []).append(f)
    assert [s.text for f in by_code["UNSUPPORTED_DATE"] for s in f.spans] == ["1946", "October"]
    assert [f.expected for f in by_code["UNSUPPORTED_DATE"]] == ["1945", "September"]
    (quote,) = by_code["UNSUPPORTED_QUOTE"]
    assert quote.spans[0].text == '"the famous decree"' and quote.expected is None
    for f in grounding.findings:
        (span,) = f.spans
        assert answer[span.start:span.end] == span.text
        assert f.message and f.severity == "high"


def test_findings_match_raguard_warnings_one_to_one(verifier) -> None:
    answer = "Revenue grew 15% to $4.5 billion in fiscal 2023."
    raw = verifier.verify("How much did revenue grow?", CHUNKS, answer)
    grounding = raguard_check(verifier)("How much did revenue grow?", CHUNKS, answer)
    assert [(f.code, f.message, f.spans, f.expected) for f in grounding.findings] == [
        (CODES[w.type], w.suggestion, (Span(w.start, w.end, w.text),), w.nearest_value) for w in raw.warnings
    ]
    assert [f.expected for f in grounding.findings] == ["12 %", "$ 4.2 billion"]


def test_grounded_iff_proceed_even_with_medium_findings(verifier) -> None:
    answer = VAGUE_ANSWER
    grounding = raguard_check(verifier)("When did WW2 end?", CHUNKS, answer)
    assert grounding.ok is True
    assert [f.code for f in grounding.findings] == ["VAGUE_REFERENCE"]
    assert grounding.findings[0].spans == (Span(13, 30, "the recent report"),)
    assert grounding.findings[0].severity == "medium"


def test_supported_answer_is_ok_without_findings(verifier) -> None:
    grounding = raguard_check(verifier)("When did Apollo 11 land?", CHUNKS, "Apollo 11 landed on the Moon on July 20, 1969.")
    assert grounding == GroundingResult(ok=True, findings=())


def test_input_error_has_a_code_and_no_span(verifier) -> None:
    (finding,) = raguard_check(verifier)("When?", CHUNKS, "   ").findings
    assert finding.code == "INPUT_ERROR" and finding.spans == () and "empty" in finding.message


def test_checker_error_and_custom_types_get_codes() -> None:
    from raguard import Finding, Verifier

    class Broken:
        name, warning_type, default_severity = "broken", "broken_thing", "high"

        def check(self, ctx) -> Iterator[Finding]:
            raise ZeroDivisionError("oops")

    class NoEmail:
        name, warning_type, default_severity = "no_email", "email-address", "high"

        def check(self, ctx) -> Iterator[Finding]:
            for m in re.finditer(r"\S+@\S+", ctx.response):
                yield Finding(kind="other", warning_type=self.warning_type, start=m.start(), end=m.end(),
                              text=m.group(), supported=False, suggestion="Do not output e-mail addresses.")

    check = raguard_check(Verifier(checkers=["dates", Broken(), NoEmail()]))
    grounding = check("Who?", CHUNKS, "Write to bob@example.com about 1945.")
    codes = {f.code: f for f in grounding.findings}
    assert set(codes) == {"CHECKER_ERROR", "EMAIL_ADDRESS"}
    assert "ZeroDivisionError" in codes["CHECKER_ERROR"].message and codes["CHECKER_ERROR"].spans == ()
    assert codes["EMAIL_ADDRESS"].spans == (Span(9, 24, "bob@example.com"),)


def test_every_raguard_warning_type_has_a_documented_code() -> None:
    from raguard.models import WARNING_TYPES

    for wtype in (*WARNING_TYPES, "checker_error"):
        assert wtype in CODES, f"add {wtype!r} to relapse.check.CODES and the README table"
        assert finding_code(wtype) == CODES[wtype]
    assert finding_code("my odd/type") == "MY_ODD_TYPE"


def test_verifier_settings_are_passed_through() -> None:
    strict = raguard_check(review_on=("high", "medium"))
    assert strict.verifier.review_on == frozenset({"high", "medium"})
    answers = iter([VAGUE_ANSWER, "World War II ended in 1945."])
    prompts: list[str] = []

    def llm(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    result = relapse.run("When did WW2 end?", CHUNKS, call_llm=llm, grounding_check=strict)
    assert result.iterations == 2 and result.grounded
    assert "failed span: the recent report\n" in prompts[1]


def test_configuration_mistakes_surface_when_the_check_is_built() -> None:
    from raguard import ConfigError, Verifier

    with pytest.raises(ConfigError, match="nope"):
        raguard_check(checkers=["nope"])
    with pytest.raises(TypeError, match="not both"):
        raguard_check(Verifier(), review_on=("high",))
    with pytest.raises(TypeError, match="raguard.Verifier"):
        raguard_check(object())  # type: ignore[arg-type]


def test_default_check_uses_the_process_default_verifier() -> None:
    from raguard.verifier import default_verifier

    assert raguard_check().verifier is default_verifier()


def test_from_verify_result_converts_a_result_you_already_have(verifier) -> None:
    raw = verifier.verify("When did WW2 end?", CHUNKS, "It ended in 1944.")
    grounding = from_verify_result(raw)
    assert grounding.ok is False and grounding.findings[0].spans == (Span(12, 16, "1944"),)


def test_end_to_end_with_the_default_check_on_messy_chunks() -> None:
    answers = iter([
        "World War II ended in 1944, with Germany's surrender in May.",
        "World War II ended in 1945, with Japan's surrender in September.",
    ])
    prompts: list[str] = []

    def llm(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    result = relapse.run("When did WW2 end?", [WW2, {"text": APOLLO}], call_llm=llm)
    assert result.grounded and result.iterations == 2
    assert '<finding code="UNSUPPORTED_DATE">\nfailed span: 1944\nthe context gives: 1945\n' in prompts[1]
    assert re.search(r'<finding code="MISSING_ENTITY">\nfailed span: Germany', prompts[1])


def _python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_import_and_custom_check_do_not_load_spacy_or_raguard() -> None:
    # (relapse reads chunks with raguard.shapes, which imports nothing else of raguard)
    out = _python(
        "import sys, relapse\n"
        "loaded = ['spacy' in sys.modules, 'raguard.verifier' in sys.modules]\n"
        "r = relapse.run('When?', ['WW2 ended in 1945.'], call_llm=lambda p: '1945',\n"
        "                grounding_check=lambda q, c, a: relapse.GroundingResult(ok=True))\n"
        "loaded += ['spacy' in sys.modules, sorted(m for m in sys.modules if m.startswith('raguard.')) != ['raguard.shapes'], r.grounded]\n"
        "print(loaded)"
    )
    assert out == "[False, False, False, False, True]"



def test_prepare_indexes_the_chunks_so_the_check_finds_them_and_gives_the_same_result() -> None:
    from raguard import Verifier

    answer = "World War II ended in 1944 with Japan's surrender."
    plain = raguard_check(Verifier())(("When did WW2 end?"), CHUNKS, answer)
    verifier = Verifier()
    check = raguard_check(verifier)
    assert not any(verifier.documents_cache.holds(c) for c in CHUNKS)
    check.prepare("When did WW2 end?", CHUNKS)
    assert all(verifier.documents_cache.holds(c) for c in CHUNKS)
    assert check("When did WW2 end?", CHUNKS, answer) == plain


def test_prepare_never_raises() -> None:
    class Broken:
        def verify(self, *args):  # a verifier whose model cannot load
            raise RuntimeError("no model")

        def warm_up(self) -> None:
            raise RuntimeError("no model")

    check = raguard_check(Broken())
    check.prepare("When?", CHUNKS)  # logged, not raised; the check itself reports the problem
    with pytest.raises(RuntimeError):
        check("When?", CHUNKS, "1945")


def test_prepare_warms_each_verifier_up_once_however_many_checks_use_it() -> None:
    # relapse builds a check per run: the verifier's warm-up (a verify of its own) is paid once
    class Counting:
        warmed = prepared = 0

        def verify(self, *args):
            raise AssertionError("not called here")

        def warm_up(self) -> None:
            Counting.warmed += 1

        def prepare(self, query, docs) -> bool:
            Counting.prepared += 1
            return True

    verifier = Counting()
    for _ in range(3):
        raguard_check(verifier).prepare("When?", CHUNKS)
    assert (Counting.warmed, Counting.prepared) == (1, 3)
