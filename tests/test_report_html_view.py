"""The HTML audit report's view of large audits: a review-only filter (CSS, no script), answers
that can proceed collapsed, and the nearest document passage beside each unsupported claim."""

from __future__ import annotations

import json
import re

from raguard import Verifier
from raguard.cli.audit import run_audit

DOC = "The Brenna dam was finished on 14 October 1962 at a cost of 31 million crowns."
LINES = [
    {"id": "ok", "query": "When was the Brenna dam finished?", "retrieved_docs": [DOC],
     "llm_response": "The Brenna dam was finished on 14 October 1962."},
    {"id": "date", "query": "When was the Brenna dam finished?", "retrieved_docs": [DOC],
     "llm_response": "The Brenna dam was finished on 2 March 1965."},
    {"id": "hostile", "query": "", "retrieved_docs": ["<b>Brenna</b> dam finished <i>14 October 1962</i>."],
     "llm_response": "The Brenna dam was finished on 2 March 1965."},
]


def _report(tmp_path) -> str:
    log = tmp_path / "log.jsonl"
    log.write_text("".join(json.dumps(x) + "\n" for x in LINES), encoding="utf-8")
    page = tmp_path / "report.html"
    verifier = Verifier()
    run_audit(log_path=str(log), out_path=str(tmp_path / "out.jsonl"), html_path=str(page), resume=False,
              n_process=1, plain=True, make_verifier=lambda: verifier)
    return page.read_text(encoding="utf-8")


def test_review_filter_collapsed_proceed_answers_and_nearest_context(tmp_path):
    html = _report(tmp_path)
    # the filter: a checkbox before the answers and a rule hiding the answers that can proceed
    assert html.index('id="only-review"') < html.index('<section class="answer')
    assert "#only-review:checked ~ section.answer.proceed { display: none; }" in html
    sections = re.findall(r'<section class="answer (\w+)" id="line-(\d+)">\n<details class="body"( open)?>', html)
    assert sections == [("proceed", "1", ""), ("review", "2", " open"), ("review", "3", " open")]
    # the date the documents do give, in its passage, beside the unsupported one
    near = re.findall(r'<span class="near">(.*?)</span>', html)
    assert "nearest in doc 0: The Brenna dam was finished on <mark>14 October 1962</mark> at a cost" in near[0]
    assert "&lt;i&gt;<mark>14 October 1962</mark>&lt;/i&gt;" in near[1]  # document text stays escaped
    assert "<i>" not in html
