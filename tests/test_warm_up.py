"""First-use costs paid up front: Verifier.warm_up builds every table raguard reads on first use,
the language table is read without running spaCy's language packages, and a server sets what it
loaded aside from the garbage collector once warm."""

from __future__ import annotations

import gc
import importlib
import inspect
import pkgutil
import subprocess
import sys
import time

import raguard.normalize
from raguard import Metrics, Verifier
from raguard.normalize import language, tables


def _normalize_loaders() -> list[object]:
    """Every function of raguard.normalize cached with lru_cache(maxsize=1) and called with no
    argument: a table built on first use."""
    found = []
    for info in pkgutil.iter_modules(raguard.normalize.__path__):
        module = importlib.import_module(f"raguard.normalize.{info.name}")
        for _, fn in inspect.getmembers(module, callable):
            params = getattr(fn, "cache_parameters", None)
            if (params is not None and params()["maxsize"] == 1 and fn.__module__ == module.__name__
                    and not inspect.signature(fn.__wrapped__).parameters):
                found.append(fn)
    return found


def test_every_table_built_on_first_use_is_listed():
    listed = set(tables.LOADERS)
    missing = [f"{fn.__module__}.{fn.__name__}" for fn in _normalize_loaders() if fn not in listed]
    assert not missing, f"add these to raguard.normalize.tables.LOADERS: {missing}"
    assert len(listed) >= 4


def test_warm_up_builds_every_table_and_counts_no_verify():
    for load in tables.LOADERS:
        load.cache_clear()  # type: ignore[attr-defined]
    metrics = Metrics()
    verifier = Verifier(metrics=metrics)
    verifier.warm_up()
    assert [load.cache_info().currsize for load in tables.LOADERS] == [1] * len(tables.LOADERS)  # type: ignore[attr-defined]
    assert metrics.as_dict()["calls"] == 0
    result = verifier.verify("When did it open?", ["The gallery opened on 4 June 2019."], "It opened on June 4, 2019.")
    assert result.action == "proceed"


def test_language_table_is_spacys_stop_words_less_english():
    from spacy.lang.en.stop_words import STOP_WORDS as english

    table = language.function_word_languages()
    for code in ("de", "tr"):
        words = importlib.import_module(f"spacy.lang.{code}.stop_words").STOP_WORDS
        expected = {w for w in words if w not in english and len(w) > 1}
        assert {w for w, codes in table.items() if code in codes} == expected


def test_language_table_does_not_run_spacys_language_packages():
    # importing spacy.lang.fr (say) compiles its tokenizer exceptions: seconds for ten languages
    code = ("from raguard.normalize import language; import sys; language.function_word_languages(); "
            "print(sorted(m for m in sys.modules if m.split('.')[:2] == ['spacy', 'lang'] "
            "and m.split('.')[2:3] in (['fr'], ['de'], ['es'], ['it'], ['pt'])))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_a_warm_server_sets_its_loaded_objects_aside_from_the_collector():
    from fastapi.testclient import TestClient

    from raguard.server.app import create_app

    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    with TestClient(create_app(Verifier())) as client:
        deadline = time.monotonic() + 60
        while client.get("/readyz").status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get("/readyz").status_code == 200
    assert gc.get_freeze_count() > 10_000
    gc.unfreeze()
