"""The one registry of warning types, and everything that reads it."""

from __future__ import annotations

import relapse
from raguard import WARNING_TYPES, Verifier
from raguard.checkers import DEFAULT_CHECKERS, create_checker
from raguard.cli import main
from raguard.engine import TYPE_PRIORITY, dedupe, WarningFields
from raguard.warning_types import BY_NAME, REGISTRY, code_for, markdown_table


def test_the_built_in_checkers_agree_with_the_registry() -> None:
    for name in (*DEFAULT_CHECKERS, "citations"):  # (other tests register plug-ins of their own)
        checker = create_checker(name)
        wtype = BY_NAME[checker.warning_type]
        assert checker.default_severity == wtype.default_severity, name
        assert name in wtype.checkers, f"{name} raises {wtype.name}: list it in the registry"
    assert set(WARNING_TYPES) | {"checker_error"} == set(BY_NAME)


def test_the_engine_reads_severities_and_dedupe_order_from_the_registry() -> None:
    assert TYPE_PRIORITY[:2] == ("missing_entity", "unsupported_date")
    assert [BY_NAME[t].priority for t in TYPE_PRIORITY] == sorted(BY_NAME[t].priority for t in TYPE_PRIORITY)
    assert Verifier(checkers=["dates"]).severities == {"unsupported_date": "high", "input_error": "high",
                                                      "checker_error": "high"}
    # an overlapping pair: the registry's more specific type is kept, a type it does not rank loses
    pair = [WarningFields("high", "my_type", "Ada", "", 0, 3, None),
            WarningFields("high", "missing_entity", "Ada", "", 0, 3, None)]
    assert [w.type for w in dedupe(pair)] == ["missing_entity"]


def test_relapse_codes_come_from_the_registry() -> None:
    assert dict(relapse.CODES) == {t.name: t.code for t in REGISTRY}
    assert relapse.CODES["bad_citation"] == "BAD_CITATION" and code_for("email-address") == "EMAIL_ADDRESS"


def test_the_cli_and_the_docs_table_list_every_type(capsys) -> None:
    assert main(["types"]) == 0
    out = capsys.readouterr().out
    table = markdown_table()
    for t in REGISTRY:
        assert t.name in out and t.code in out
        assert f"| `{t.name}` |" in table
