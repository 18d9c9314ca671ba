"""The ``audit --html`` report: content, escaping of untrusted text, and rendering in headless Chromium."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Optional

import pytest

from raguard import Verifier, VerifyResult
from raguard.cli.audit import run_audit
from raguard.cli.report_html import highlight_html
from raguard.models import Claim, Summary, Warning

HOSTILE = '<script>document.title="pwned"</script><img src=x onerror="alert(1)">'
LINES: list[Any] = [
    {"id": "late", "query": "What is the Q3 2024 deadline?",
     "retrieved_docs": ["Q2 project was delivered on June 15. Next milestone is Q4 planning."],
     "llm_response": "The Q3 2024 deadline is September 30, 2024."},
    {"id": "ok", "query": "Who approved the budget?",
     "retrieved_docs": ["The budget was reviewed in Q1.", "Alice Johnson approved the final budget on March 10."],
     "llm_response": "Alice Johnson approved the budget."},
    {"id": "quote", "query": "How much did the company raise, and who led the round?",
     "retrieved_docs": ["The startup raised $ 160 million in its Series C , led by Sequoia Capital on October 3 , 2013 ."],
     "llm_response": 'The company raised $160 million on October 3, 2013, in a round led by Andreessen Horowitz, '
                     'which called it "the largest deal of the decade".'},
    {"id": "hostile", "query": HOSTILE,
     "retrieved_docs": ["</mark></section>" + HOSTILE + " Bob Smith signed on May 2."],
     "llm_response": "Bob Smith signed on May 9. " + HOSTILE},
    "{this line is broken " + HOSTILE,
]


class _Page(HTMLParser):
    """Collects what the tests look at: tags and attributes, marks with their text, summary cards."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, Optional[str]]]] = []
        self.marks: list[dict[str, Any]] = []
        self.cards: dict[str, int] = {}
        self.text: list[str] = []
        self._open_marks: list[dict[str, Any]] = []
        self._in_sup = 0
        self._card: Optional[list[str]] = None
        self.first_section_at: Optional[int] = None
        self.summary_at: Optional[int] = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        a = dict(attrs)
        self.tags.append((tag, a))
        classes = (a.get("class") or "").split()
        if tag == "mark":
            mark = {"classes": classes, "attrs": a, "text": ""}
            self.marks.append(mark)
            self._open_marks.append(mark)
        elif tag == "sup":
            self._in_sup += 1
        elif tag == "div" and "card" in classes:
            self._card = []
        elif tag == "section" and self.first_section_at is None:
            self.first_section_at = len(self.tags)
        if a.get("id") == "summary":
            self.summary_at = len(self.tags)

    def handle_endtag(self, tag: str) -> None:
        if tag == "mark" and self._open_marks:
            self._open_marks.pop()
        elif tag == "sup":
            self._in_sup -= 1
        elif tag == "div" and self._card is not None:
            number, *label = "".join(self._card).split(None, 1) or [""]
            self.cards[" ".join(label).strip()] = int(number.replace(",", ""))
            self._card = None

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._card is not None:
            self._card.append(data + " ")
        if not self._in_sup:
            for mark in self._open_marks:
                mark["text"] += data

    def marks_with(self, cls: str) -> list[str]:
        return [m["text"] for m in self.marks if cls in m["classes"]]


def _parse(html_text: str) -> _Page:
    page = _Page()
    page.feed(html_text)
    page.close()
    return page


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("report")
    log = folder / "log.jsonl"
    log.write_text("".join((json.dumps(x) if isinstance(x, dict) else x) + "\n" for x in LINES), encoding="utf-8")
    out, page = folder / "out.jsonl", folder / "report.html"
    verifier = Verifier()
    code = run_audit(log_path=str(log), out_path=str(out), html_path=str(page), resume=False, n_process=1,
                     plain=True, make_verifier=lambda: verifier)
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    return {"code": code, "path": page, "html": page.read_text(encoding="utf-8"), "folder": folder,
            "results": {r["id"]: VerifyResult.model_validate(r["result"]) for r in rows}}


def test_report_written_and_no_temporary_file_left(report):
    assert report["code"] == 2
    assert report["html"].startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in report["folder"].iterdir()) == ["log.jsonl", "out.jsonl", "report.html"]


def test_summary_counts_are_at_the_top(report):
    page = _parse(report["html"])
    assert page.cards == {"answers": 5, "proceed": 1, "review": 4, "input errors": 1}
    assert page.summary_at is not None and page.first_section_at is not None
    assert page.summary_at < page.first_section_at
    assert "missing_entity" in "".join(page.text)


def test_every_unsupported_span_is_highlighted_with_its_suggestion(report):
    page = _parse(report["html"])
    warnings = [w for r in report["results"].values() for w in r.warnings if w.start is not None]
    assert warnings, "the log must produce warnings with spans"
    for w in warnings:
        marks = [m for m in page.marks if f"sev-{w.severity}" in m["classes"] and m["text"] == w.text]
        assert marks, f"no highlight for {w.text!r}"
        assert w.suggestion in (marks[0]["attrs"].get("data-tip") or "")
    assert "September 30, 2024" in page.marks_with("sev-high")
    # a quotation is highlighted whole, beside the warnings inside it
    assert '"the largest deal of the decade"' in page.marks_with("sev-high")


def test_supported_claims_show_their_document_span(report):
    page = _parse(report["html"])
    evidence = page.marks_with("ev")
    for claim in report["results"]["ok"].claims:
        if claim.supported and claim.evidence is not None:
            assert claim.evidence.text in evidence
    assert "Alice Johnson" in evidence
    assert "$ 160 million" in evidence


def test_untrusted_text_is_escaped_and_nothing_is_loaded(report):
    page = _parse(report["html"])
    tag_names = {t for t, _ in page.tags}
    assert "script" not in tag_names and "img" not in tag_names
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    assert not any(k in ("src", "href") for _, attrs in page.tags for k in attrs)
    text = "".join(page.text)
    assert HOSTILE in text  # shown as text, whole
    assert "Content-Security-Policy" in report["html"] and "default-src 'none'" in report["html"]


def _well_formed(fragment: str) -> list[str]:
    """Parse a fragment and return its tags in order; fail if any end tag does not match."""
    stack: list[str] = []
    order: list[str] = []

    class P(HTMLParser):
        def handle_starttag(self, tag, attrs):
            stack.append(tag)
            order.append(tag)

        def handle_endtag(self, tag):
            assert stack and stack[-1] == tag, f"</{tag}> closes {stack}"
            stack.pop()

    P().feed(fragment)
    assert stack == []
    return order


def test_highlight_nests_and_splits_crossing_spans():
    response = 'A "quoted Bob Smith line" and 42 cats.'
    q0, q1 = response.index('"'), response.index('line"') + 5
    b0, b1 = response.index("Bob"), response.index("Bob") + len("Bob Smith")
    n0 = response.index("42")
    result = VerifyResult(
        action="review",
        warnings=[
            Warning(severity="medium", type="unsupported_quote", text=response[q0:q1], suggestion="q", start=q0, end=q1),
            Warning(severity="high", type="missing_entity", text="Bob Smith", suggestion="b <x>", start=b0, end=b1),
            # crosses the end of the quotation
            Warning(severity="low", type="odd", text=response[q1 - 3:n0], suggestion="c", start=q1 - 3, end=n0),
        ],
        summary=Summary(high=1, medium=1, low=1),
        claims=[Claim(kind="number", text="42", start=n0, end=n0 + 2, supported=True)],
    )
    fragment = highlight_html(response, result)
    assert _well_formed(fragment)
    page = _parse(fragment)
    assert "Bob Smith" in page.marks_with("sev-high")
    assert 'data-tip="missing_entity: b &lt;x&gt;"' in fragment
    without_numbers = re.sub(r'<sup class="n">\d+</sup>', "", fragment)
    assert html.unescape(re.sub(r"<[^>]+>", "", without_numbers)) == response  # no text lost or doubled
    assert '<span class="ok"' in fragment


# -- in a real browser --------------------------------------------------------------------------

def _chromium() -> str:
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path is None:
        pytest.fail("headless Chromium is needed for the HTML report test and is not installed: "
                    "run `make browser-deps` (installs the Debian package 'chromium') or `apt-get install chromium`")
    return path


def _run_chromium(*args: str) -> subprocess.CompletedProcess[bytes]:
    with tempfile.TemporaryDirectory(prefix="raguard-chromium-") as profile:
        return subprocess.run(
            [_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--disable-dev-shm-usage", f"--user-data-dir={profile}", *args],
            capture_output=True, timeout=120,
        )


@pytest.mark.slow
def test_report_renders_in_headless_chromium(report, tmp_path):
    url = report["path"].resolve().as_uri()
    dom = _run_chromium("--dump-dom", url)
    assert dom.returncode == 0, dom.stderr.decode(errors="replace")[-2000:]
    page = _parse(dom.stdout.decode("utf-8"))
    high = page.marks_with("sev-high")
    assert "September 30, 2024" in high and "Andreessen Horowitz" in high and "May 9" in high
    assert "Alice Johnson" in page.marks_with("ev")
    assert page.cards["answers"] == 5
    assert "script" not in {t for t, _ in page.tags}  # the hostile script stayed text
    assert HOSTILE in "".join(page.text)

    shot = tmp_path / "report.png"
    snap = _run_chromium("--window-size=1280,1400", "--hide-scrollbars", f"--screenshot={shot}", url)
    assert snap.returncode == 0, snap.stderr.decode(errors="replace")[-2000:]
    assert shot.exists() and shot.stat().st_size > 20_000

    from PIL import Image

    with Image.open(shot) as img:
        assert img.size == (1280, 1400)
        rgb = img.convert("RGB")
        colours = rgb.getcolors(maxcolors=1 << 20) or []
    assert len(colours) > 50, "the screenshot looks blank"
    # the high-severity highlight (#ffb4ab) is painted
    high_pixels = sum(n for n, (r, g, b) in colours if abs(r - 0xFF) < 8 and abs(g - 0xB4) < 8 and abs(b - 0xAB) < 8)
    assert high_pixels > 500
