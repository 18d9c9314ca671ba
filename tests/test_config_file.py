"""The TOML config file (raguard.config) and --config on the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from raguard import ConfigError
from raguard.cli import main
from raguard.config import load_config, verifier_from_config
from raguard.server.settings import ServeSettings, resolve_settings

FULL = """
[verifier]
checkers = ["dates", "entities", "numbers", "quotes", "vague", "statements"]
review_on = ["high", "medium"]
max_chars = 200000
trust_query = false
cache_size = 64
[verifier.severities]
vague_reference = "low"
[verifier.options.statements]
min_support = 0.3
[serve]
host = "0.0.0.0"
port = 9123
workers = 2
timeout = 4.5
max_body_bytes = 1048576
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "raguard.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_full_file_becomes_verifier_arguments_and_serve_settings(tmp_path):
    config = load_config(_write(tmp_path, FULL))
    assert config["serve"] == {"host": "0.0.0.0", "port": 9123, "workers": 2, "timeout": 4.5,
                               "max_body_bytes": 1048576}
    v = verifier_from_config(config)
    assert [c.name for c in v.checkers] == ["dates", "entities", "numbers", "quotes", "vague", "statements"]
    assert v.review_on == {"high", "medium"} and v.max_chars == 200000
    assert v.trust_query is False and v.checker_options["statements"]["min_support"] == 0.3
    assert v.severities["vague_reference"] == "low"


def test_checker_tables_under_checkers_with_an_enabled_list(tmp_path):
    config = load_config(_write(tmp_path, """
[verifier.checkers]
enabled = ["dates", "statements"]
[verifier.checkers.statements]
min_support_unanchored = 0.5
"""))
    assert config["verifier"] == {"checkers": ["dates", "statements"],
                                  "checker_options": {"statements": {"min_support_unanchored": 0.5}}}


@pytest.mark.parametrize("text,message", [
    ("[verifier]\ncheckrs = ['dates']\n", "unknown key 'checkrs' in [verifier]"),
    ("[server]\nport = 1\n", "unknown section"),
    ("[serve]\nport = '80'\n", "serve.port must be a port number"),
    ("[serve]\nworkers = true\n", "serve.workers must be a positive integer"),
    ("[verifier]\nreview_on = 'high'\n", "verifier.review_on must be a list"),
    ("[verifier.options.nosuch]\nmin_support = 0.3\n", "unknown checker 'nosuch'"),
    ("[verifier\n", "not valid TOML"),
])
def test_mistakes_are_config_errors_naming_the_key(tmp_path, text, message):
    with pytest.raises(ConfigError, match="raguard.toml") as info:
        load_config(_write(tmp_path, text))
    assert message in str(info.value)


def test_values_the_verifier_rejects_are_config_errors_too(tmp_path):
    config = load_config(_write(tmp_path, "[verifier.options.statements]\nmin_support = 3\n"))
    with pytest.raises(ConfigError, match="min_support"):
        verifier_from_config(config)
    # an option of another checker: each checker's config names its own options
    config = load_config(_write(tmp_path, "[verifier.options.numbers]\ncheck_weekdays = true\n"))
    with pytest.raises(ConfigError, match="'numbers' takes no options"):
        verifier_from_config(config)
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "missing.toml")


def test_serve_settings_flags_over_env_over_file_over_defaults():
    file = {"host": "10.0.0.1", "port": 9000, "workers": 3, "timeout": 2.0}
    env = {"RAGUARD_PORT": "9001", "RAGUARD_WORKERS": "4"}
    s = resolve_settings({"workers": 5, "port": None}, env=env, file_settings=file)
    assert (s.host, s.port, s.workers, s.timeout, s.max_body_bytes) == ("10.0.0.1", 9001, 5, 2.0,
                                                                        ServeSettings().max_body_bytes)
    with pytest.raises(ConfigError, match="RAGUARD_PORT"):
        resolve_settings({}, env={"RAGUARD_PORT": "eighty"})
    with pytest.raises(ConfigError, match="workers"):
        resolve_settings({"workers": 0}, env={})


def test_check_and_audit_read_the_config(tmp_path, capsys):
    doc = tmp_path / "doc.txt"
    doc.write_text("The Ostrava depot opened on 3 March 2021.", encoding="utf-8")
    answer = tmp_path / "answer.txt"
    answer.write_text("The Ostrava depot opened on 9 April 2021.", encoding="utf-8")
    args = ["check", "--doc", str(doc), "--response", str(answer), "--plain"]
    assert main(args) == 1  # an unsupported date is "high": review
    lenient = _write(tmp_path, "[verifier.severities]\nunsupported_date = \"low\"\n")
    assert main([*args, "--config", str(lenient)]) == 0  # now "low": proceed
    log = tmp_path / "log.jsonl"
    log.write_text('{"query": "", "retrieved_docs": ["The Ostrava depot opened on 3 March 2021."], '
                   '"llm_response": "The Ostrava depot opened on 9 April 2021."}\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["audit", str(log), "--out", str(out), "--plain"]) == 1
    assert main(["audit", str(log), "--out", str(out), "--plain", "--config", str(lenient)]) == 0
    bad = _write(tmp_path, "[verifier]\nnope = 1\n")
    assert main([*args, "--config", str(bad)]) == 2
    assert "unknown key 'nope'" in capsys.readouterr().err


def test_a_profile_in_the_file_picks_its_checker_list(tmp_path):
    from raguard.checkers import PROFILES

    config = load_config(_write(tmp_path, '[verifier]\nprofile = "general"\n'))
    assert [c.name for c in verifier_from_config(config).checkers] == list(PROFILES["general"])
    config = load_config(_write(tmp_path, '[verifier]\nprofile = "general"\ncheckers = ["dates"]\n'))
    with pytest.raises(ConfigError, match="not both"):
        verifier_from_config(config)
