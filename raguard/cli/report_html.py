"""The ``--html`` report of ``raguard audit``: one self-contained page, written while streaming.

Every answer is shown with its unsupported spans highlighted by severity (the suggestion on
hover and in the list beside it) and, for each supported claim, the document span that supports
it. The summary counts go at the top; since they are known only at the end, the answers are
written to a temporary file first and copied after the summary, so memory stays flat.

Documents and answers are untrusted: every piece of text is HTML-escaped, the page has no
script, and a Content-Security-Policy forbids loading anything (so it also needs no network).
"""

from __future__ import annotations

import html
import os
import re
import shutil
from datetime import datetime, timezone
from typing import Any, Optional, Sequence

from raguard.shapes import document_text
from raguard.models import VerifyResult

_CONTEXT = 80  # characters of document shown on each side of a supporting span

_CSS = """
:root { --high: #ffb4ab; --high-line: #c62828; --medium: #ffe08a; --medium-line: #b7791f;
        --low: #b9e0ff; --low-line: #1f6fb2; --ok: #2e7d32; --ink: #1d2430; --muted: #5b6573;
        --high-soft: #ffe1dc; --medium-soft: #fff0c2; --low-soft: #dcefff; }
* { box-sizing: border-box; }
body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       margin: 0; background: #f4f6f9; }
header { background: #1d2430; color: #fff; padding: 18px 28px; }
header h1 { margin: 0 0 4px; font-size: 20px; }
header .meta { color: #c3cad5; font-size: 13px; }
main { padding: 20px 28px 40px; max-width: 1400px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 14px; }
.card { background: #fff; border-radius: 8px; padding: 10px 16px; min-width: 120px;
        box-shadow: 0 1px 2px rgba(0,0,0,.08); }
.card .n { font-size: 24px; font-weight: 700; display: block; }
.card.review .n, .card.errors .n { color: var(--high-line); }
.card.proceed .n { color: var(--ok); }
table.types { border-collapse: collapse; background: #fff; margin-bottom: 22px; }
table.types td, table.types th { padding: 4px 12px; border-bottom: 1px solid #e3e7ee; text-align: left; }
table.types td.count { text-align: right; font-variant-numeric: tabular-nums; }
section.answer { background: #fff; border-radius: 8px; margin: 0 0 16px; padding: 14px 18px;
                 box-shadow: 0 1px 2px rgba(0,0,0,.08); border-left: 5px solid var(--ok); }
section.answer.review { border-left-color: var(--high-line); }
section.answer.input_error { border-left-color: #6b7280; }
section.answer h2 { font-size: 14px; margin: 0 0 8px; color: var(--muted); font-weight: 600; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; font-size: 12px;
         margin-right: 8px; letter-spacing: .04em; }
.badge.proceed { background: var(--ok); } .badge.review { background: var(--high-line); }
.badge.input_error { background: #6b7280; }
.grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 18px; }
@media (max-width: 900px) { .grid { grid-template-columns: 1fr; } }
.query { color: var(--muted); margin: 0 0 6px; }
.response { white-space: pre-wrap; word-wrap: break-word; font-size: 16px; line-height: 1.8; }
mark.w { position: relative; padding: 1px 2px; border-radius: 3px; border-bottom: 2px solid; color: inherit; }
mark.sev-high { background: var(--high); border-color: var(--high-line); }
mark.sev-medium { background: var(--medium); border-color: var(--medium-line); }
mark.sev-low { background: var(--low); border-color: var(--low-line); }
mark.w sup.n { font-size: 10px; font-weight: 700; margin-left: 2px; }
mark.w:hover::after { content: attr(data-tip); position: absolute; left: 0; top: 100%; z-index: 5;
        width: max-content; max-width: 420px; white-space: normal; background: #1d2430; color: #fff;
        font-size: 13px; line-height: 1.4; padding: 6px 9px; border-radius: 5px; margin-top: 4px; }
span.ok { border-bottom: 2px dotted var(--ok); }
ol.warnings { margin: 0; padding-left: 22px; }
ol.warnings li { margin-bottom: 8px; }
ol.warnings .type { font-family: ui-monospace, monospace; font-size: 12px; padding: 0 5px; border-radius: 3px; }
ol.warnings li.sev-high .type { background: var(--high-soft); }
ol.warnings li.sev-medium .type { background: var(--medium-soft); }
ol.warnings li.sev-low .type { background: var(--low-soft); }
ol.warnings .sugg { display: block; color: var(--muted); font-size: 13px; }
.none { color: var(--ok); }
ul.claims { margin: 10px 0 0; padding-left: 20px; font-size: 13px; }
ul.claims .doc { color: var(--muted); }
ul.claims mark.ev { background: #c8e6c9; border-bottom: 2px solid var(--ok); color: inherit; }
pre.raw { white-space: pre-wrap; background: #f1f3f6; padding: 6px 8px; border-radius: 4px; font-size: 12px; }
footer { color: var(--muted); font-size: 12px; padding: 0 28px 24px; }
details.body > summary { cursor: pointer; list-style: none; }
details.body > summary::-webkit-details-marker { display: none; }
details.body > summary h2 { display: inline; }
details.body:not([open]) > summary h2::after { content: " (show)"; font-weight: 400; }
.filter-bar { margin: 0 0 14px; font-size: 14px; }
#only-review:checked ~ section.answer.proceed { display: none; }
ol.warnings .near { display: block; font-size: 13px; color: var(--muted); }
ol.warnings .near mark { background: #e3e7ee; color: inherit; }
"""

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def _e(text: Any) -> str:
    """HTML-escape any value (quotes too, so it is safe inside attributes)."""
    return html.escape("" if text is None else str(text), quote=True)


class _Span:
    """A span to wrap in the response: opening tag, closing tag, and a marker shown at its end."""

    __slots__ = ("start", "end", "open", "close", "marker", "order")

    def __init__(self, start: int, end: int, open_tag: str, close_tag: str, marker: str, order: int) -> None:
        self.start, self.end, self.open, self.close, self.marker, self.order = start, end, open_tag, close_tag, marker, order


def highlight_html(response: str, result: VerifyResult) -> str:
    """The escaped response with warnings in ``<mark class="w sev-…">`` and supported claims in
    ``<span class="ok">``. Overlapping spans are nested; a span that crosses another is closed
    and reopened, so the markup is always well formed."""
    spans: list[_Span] = []
    n = len(response)
    for i, w in enumerate(result.warnings, 1):
        if w.start is None or w.end is None or not (0 <= w.start < w.end <= n):
            continue
        tip = f"{w.type}: {w.suggestion}"
        spans.append(_Span(
            w.start, w.end,
            f'<mark class="w sev-{_e(w.severity)}" data-n="{i}" data-type="{_e(w.type)}" '
            f'data-tip="{_e(tip)}" title="{_e(tip)}">',
            "</mark>", f'<sup class="n">{i}</sup>', len(spans),
        ))
    for c in result.claims:
        if not c.supported or not (0 <= c.start < c.end <= n):
            continue
        where = (f"supported by doc {c.evidence.doc_index}: {c.evidence.text}" if c.evidence is not None
                 else "restates the query" if c.source == "query" else "supported")
        spans.append(_Span(c.start, c.end, f'<span class="ok" title="{_e(where)}">', "</span>", "", len(spans)))
    if not spans:
        return _e(response)
    bounds = sorted({0, n, *(s.start for s in spans), *(s.end for s in spans)})
    out: list[str] = []
    stack: list[_Span] = []
    # a sweep over the bounds: the spans covering each piece are kept up to date as spans open
    # and close (a scan of every span per piece was quadratic: 16 s for a 120k answer)
    by_start = sorted(spans, key=lambda s: s.start)
    ending: dict[int, list[_Span]] = {}
    for s in spans:
        ending.setdefault(s.end, []).append(s)
    active: dict[int, _Span] = {}
    opened = 0
    for a, b in zip(bounds, bounds[1:]):
        for s in ending.pop(a, ()):
            active.pop(s.order, None)
        while opened < len(by_start) and by_start[opened].start <= a:
            s = by_start[opened]
            active[s.order] = s
            opened += 1
        covering = sorted(active.values(), key=lambda s: (s.start, -s.end, s.order))
        keep = 0
        while keep < len(stack) and keep < len(covering) and stack[keep] is covering[keep]:
            keep += 1
        for s in reversed(stack[keep:]):
            out.append((s.marker if s.end == a else "") + s.close)
        del stack[keep:]
        for s in covering[keep:]:
            out.append(s.open)
            stack.append(s)
        out.append(_e(response[a:b]))
    for s in reversed(stack):
        out.append(s.marker + s.close)
    return "".join(out)


def _evidence_html(documents: Sequence[Any], doc_index: int, start: int, end: int, text: str) -> str:
    """The supporting span in a little of its document, the span itself marked."""
    doc = document_text(documents[doc_index]) if 0 <= doc_index < len(documents) else None
    if doc is None or not (0 <= start <= end <= len(doc)):
        return f'<mark class="ev">{_e(text)}</mark>'
    lo, hi = max(0, start - _CONTEXT), min(len(doc), end + _CONTEXT)
    return ("…" if lo > 0 else "") + _e(doc[lo:start]) + f'<mark class="ev">{_e(doc[start:end])}</mark>' \
        + _e(doc[end:hi]) + ("…" if hi < len(doc) else "")


class HtmlReport:
    """Collects answers one at a time; :meth:`finish` writes the page with the summary on top."""

    def __init__(self, path: str, *, source: str = "") -> None:
        self.path = path
        self.source = source
        folder, name = os.path.split(os.path.abspath(path))
        # the body goes next to the report, so a failure to write it shows up now, not at the end;
        # its name is fixed per report, so a run killed outright (SIGKILL) leaves at most one,
        # which the next run of the same report replaces. Text that cannot be encoded (lone
        # surrogates from "\ud800" escapes) is written as "?" rather than failing the audit.
        self._body = open(os.path.join(folder, f".{name}.raguard.part"), "w+", encoding="utf-8",
                          errors="replace")

    def add(
        self,
        *,
        line: int,
        row_id: Any,
        result: VerifyResult,
        item: Optional[tuple[Any, Any, Any]] = None,
        snippet: str = "",
    ) -> None:
        """Append one answer (``item`` is (query, retrieved_docs, llm_response); None for a bad line)."""
        bad_input = any(w.type == "input_error" for w in result.warnings)
        state = "input_error" if bad_input else result.action
        label = "INPUT ERROR" if bad_input else result.action.upper()
        title = (f"id {_e(row_id)} · " if row_id is not None else "") + f"line {line}"
        w = self._body.write
        # answers that can proceed start collapsed: a large audit opens on what needs review
        w(f'<section class="answer {state}" id="line-{line}">\n'
          f'<details class="body"{"" if state == "proceed" else " open"}><summary>'
          f'<h2><span class="badge {state}">{label}</span>{title}</h2></summary>\n')
        query, documents, response = item if item is not None else (None, None, None)
        docs: Sequence[Any] = documents if isinstance(documents, (list, tuple)) else ()
        w('<div class="grid"><div>\n')
        if isinstance(query, str) and query:
            w(f'<p class="query"><b>Query:</b> {_e(query)}</p>\n')
        if isinstance(response, str):
            w(f'<div class="response">{highlight_html(response, result)}</div>\n')
        elif snippet:
            w(f'<pre class="raw">{_e(snippet)}</pre>\n')
        w('</div><div>\n')
        if result.warnings:
            w('<ol class="warnings">\n')
            for i, warn in enumerate(result.warnings, 1):
                w(f'<li class="sev-{_e(warn.severity)}" value="{i}"><span class="type">{_e(warn.type)}</span> '
                  f'<b>{_e(warn.severity)}</b> {"<q>" + _e(warn.text) + "</q>" if warn.text else ""}'
                  f'<span class="sugg">{_e(warn.suggestion)}</span>{_nearest_html(docs, warn)}</li>\n')
            w('</ol>\n')
        else:
            w('<p class="none">No warnings.</p>\n')
        w('</div></div>\n')
        supported = [c for c in result.claims if c.supported]
        if supported:
            w('<ul class="claims">\n')
            for c in supported:
                if c.evidence is not None:
                    ev = c.evidence
                    where = (f'<span class="doc">doc {ev.doc_index}:</span> '
                             + _evidence_html(docs, ev.doc_index, ev.start, ev.end, ev.text))
                elif c.source == "query":
                    where = '<span class="doc">restates the query</span>'
                else:
                    where = '<span class="doc">supported</span>'
                w(f'<li><q>{_e(c.text)}</q> <span class="doc">({_e(c.kind)})</span> ← {where}</li>\n')
            w('</ul>\n')
        w('</details></section>\n')

    def finish(self, counts: dict[str, Any]) -> None:
        """Write the page: summary counts first, then the answers, then remove the temporary file."""
        self._body.flush()
        self._body.seek(0)
        stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        try:
            with open(self.path, "w", encoding="utf-8", errors="replace") as out:
                out.write('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n'
                          f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">\n'
                          '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                          f'<title>raguard audit: {_e(self.source)}</title>\n<style>{_CSS}</style></head>\n<body>\n'
                          f'<header><h1>raguard audit</h1><div class="meta">{_e(self.source)} · {stamp}</div></header>\n'
                          '<main>\n')
                out.write(self._summary_html(counts))
                # no script on the page: the filter is a checkbox that CSS reads (sections are its siblings)
                out.write('<input type="checkbox" id="only-review"><label class="filter-bar" for="only-review"> '
                          'Show only the answers to review</label>\n')
                shutil.copyfileobj(self._body, out)
                out.write('</main>\n<footer>Highlighted spans were not found in the retrieved documents; '
                          'hover one for the suggestion. Dotted underlines mark supported claims.</footer>\n'
                          '</body></html>\n')
        finally:
            self.discard()

    def discard(self) -> None:
        """Remove the temporary file (done by :meth:`finish`; call it when the report is abandoned)."""
        if not self._body.closed:
            self._body.close()
        try:
            os.unlink(self._body.name)
        except FileNotFoundError:
            pass

    @staticmethod
    def _summary_html(counts: dict[str, Any]) -> str:
        cards = [("answers", "answers", counts.get("answers", 0)),
                 ("proceed", "proceed", counts.get("proceed", 0)),
                 ("review", "review", counts.get("review", 0)),
                 ("errors", "input errors", counts.get("input_errors", 0))]
        if counts.get("skipped"):
            cards.append(("skipped", "skipped (resumed)", counts["skipped"]))
        parts = ['<div class="cards" id="summary">\n']
        for css, label, value in cards:
            parts.append(f'<div class="card {css}"><span class="n">{int(value):,}</span>{_e(label)}</div>\n')
        parts.append('</div>\n')
        types = counts.get("warning_types") or {}
        if types:
            parts.append('<table class="types"><thead><tr><th>warning type</th><th>count</th></tr></thead><tbody>\n')
            for wtype, count in types.items():
                parts.append(f'<tr><td>{_e(wtype)}</td><td class="count">{int(count):,}</td></tr>\n')
            parts.append('</tbody></table>\n')
        return "".join(parts)


_WORD = re.compile(r"\w+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _nearest_html(documents: Sequence[Any], warning: Any) -> str:
    """Where the documents come nearest an unsupported claim: the passage holding the warning's
    ``nearest_value``, else the document sentence sharing most words (at least two) with the
    claim. Empty when there is none. One pass over the documents per warning."""
    texts = [t for t in (document_text(d) for d in documents) if isinstance(t, str)]
    if not texts or warning.start is None:
        return ""
    nearest = warning.nearest_value
    if nearest:
        needle = nearest.lower()
        for i, doc in enumerate(texts):
            at = doc.lower().find(needle)
            if at >= 0 and len(doc.lower()) == len(doc):  # (lower() kept the offsets)
                return _near(i, doc, at, at + len(nearest))
    words = {w for w in _WORD.findall(warning.text.lower()) if len(w) > 2}
    best: Optional[tuple[int, int, int, int]] = None  # (shared words, doc, start, end)
    for i, doc in enumerate(texts):
        start = 0
        for piece in _SENTENCE_END.split(doc):
            shared = len(words & set(_WORD.findall(piece.lower())))
            if shared >= 2 and (best is None or shared > best[0]):
                at = doc.find(piece, start)
                best = (shared, i, at, at + len(piece))
            start += len(piece)
    return _near(best[1], texts[best[1]], best[2], best[3]) if best is not None else ""


def _near(doc_index: int, doc: str, start: int, end: int) -> str:
    lo, hi = max(0, start - _CONTEXT), min(len(doc), end + _CONTEXT)
    return (f'<span class="near">nearest in doc {doc_index}: ' + ("…" if lo > 0 else "") + _e(doc[lo:start])
            + f"<mark>{_e(doc[start:end])}</mark>" + _e(doc[end:hi]) + ("…" if hi < len(doc) else "") + "</span>")
