"""Terminal rendering of a :class:`VerifyResult` with rich: highlighted answer, warnings table, action.

Two looks: colour (a terminal without ``NO_COLOR``) highlights each unsupported span by severity;
plain (piped output, ``NO_COLOR`` set, or ``--plain``) wraps each span in ``[[ ]]`` so the result
reads the same without escape codes. Both number each span ``[n]`` to match the table row.
All user text goes in as :class:`rich.text.Text`, never as markup, so brackets in an answer are
shown as they are.
"""

from __future__ import annotations

import os
from typing import Any, Optional, Sequence

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from raguard.shapes import document_text
from raguard.models import VerifyResult, Warning

SEVERITY_STYLE: dict[str, str] = {
    "high": "bold white on red3",
    "medium": "bold black on yellow3",
    "low": "black on cyan3",
}
SEVERITY_TEXT_STYLE: dict[str, str] = {"high": "bold red", "medium": "yellow", "low": "cyan"}
SUPPORTED_STYLE = "underline green"
PLAIN_OPEN, PLAIN_CLOSE = "[[", "]]"
PIPE_WIDTH = 120  #: output width when stdout is not a terminal and COLUMNS is unset


def no_color_requested() -> bool:
    """True when the ``NO_COLOR`` convention (https://no-color.org) asks for no colour."""
    return bool(os.environ.get("NO_COLOR"))


def make_console(*, stderr: bool = False, plain: bool = False) -> Console:
    """A console for stdout or stderr; ``plain`` forces the no-colour look."""
    console = Console(
        stderr=stderr,
        highlight=False,
        no_color=plain or no_color_requested() or None,  # None lets rich apply its own NO_COLOR rule
        emoji=False,
    )
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console.width = PIPE_WIDTH  # rich's 80-column default wraps the suggestions too much
    return console


def is_plain(console: Console) -> bool:
    """Whether to use the plain look: output is not a terminal, or colour is turned off."""
    return not console.is_terminal or console.no_color or no_color_requested()


def _numbered(result: VerifyResult) -> list[tuple[int, Warning]]:
    """Warnings that have a span in the response, with their 1-based table number."""
    return [(i, w) for i, w in enumerate(result.warnings, 1) if w.start is not None and w.end is not None]


def highlighted_response(response: str, result: VerifyResult, *, plain: bool) -> Text:
    """The response with every unsupported span marked and numbered ``[n]``.

    Spans may nest (a quotation around a name); markers are inserted so that inner spans close
    before outer ones, and styles are applied afterwards in the shifted coordinates.
    """
    spans = [(i, w) for i, w in _numbered(result) if 0 <= w.start <= w.end <= len(response)]  # type: ignore[operator]
    # events: (position, 0=close/1=open, tie-break, number, warning)
    events: list[tuple[int, int, int, int, Warning]] = []
    for i, w in spans:
        assert w.start is not None and w.end is not None
        events.append((w.end, 0, -w.start, i, w))
        events.append((w.start, 1, -w.end, i, w))
    events.sort(key=lambda e: (e[0], e[1], e[2]))
    out = Text()
    opened: dict[int, int] = {}
    styled: list[tuple[int, int, str]] = []
    pos = 0
    for at, kind, _tie, number, w in events:
        out.append(response[pos:at])
        pos = at
        if kind == 1:
            if plain:
                out.append(PLAIN_OPEN)
            opened[number] = len(out)
        else:
            begin = opened.pop(number, len(out))
            styled.append((begin, len(out), SEVERITY_STYLE.get(w.severity, "reverse")))
            if plain:
                out.append(PLAIN_CLOSE)
            out.append(f"[{number}]", style="" if plain else f"dim {SEVERITY_TEXT_STYLE.get(w.severity, '')}")
    out.append(response[pos:])
    if not plain:
        for claim in result.claims:
            if claim.supported and 0 <= claim.start < claim.end <= len(response):
                # supported claims: shift by the "[n]" markers inserted before each end
                begin = claim.start + sum(len(f"[{n}]") for n, w in spans if (w.end or 0) <= claim.start)
                end = claim.end + sum(len(f"[{n}]") for n, w in spans if (w.end or 0) < claim.end)
                out.stylize(SUPPORTED_STYLE, begin, end)
        for begin, end, style in styled:
            out.stylize(style, begin, end)
    return out


def warnings_table(result: VerifyResult, *, plain: bool) -> Table:
    """One row per warning: number, severity, type, flagged text and the suggestion."""
    table = Table(box=box.ASCII2 if plain else box.ROUNDED, show_lines=False, expand=False, title=None)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("severity", no_wrap=True)
    table.add_column("type", no_wrap=True)
    table.add_column("text")
    table.add_column("suggestion")
    for i, w in enumerate(result.warnings, 1):
        table.add_row(
            str(i),
            Text(w.severity, style="" if plain else SEVERITY_TEXT_STYLE.get(w.severity, "")),
            Text(w.type),
            Text(w.text),
            Text(w.suggestion),
        )
    return table


def action_line(result: VerifyResult, *, plain: bool) -> Text:
    """``action: REVIEW (1 high, 0 medium, 0 low)`` coloured by the action."""
    s = result.summary
    style = "" if plain else ("bold green" if result.action == "proceed" else "bold red")
    line = Text("action: ")
    line.append(result.action.upper(), style=style)
    line.append(f"  ({s.high} high, {s.medium} medium, {s.low} low)")
    return line


def supported_lines(result: VerifyResult, *, plain: bool) -> list[Text]:
    """One line per supported claim, naming where it was found."""
    lines: list[Text] = []
    for claim in result.claims:
        if not claim.supported:
            continue
        line = Text.assemble(("  ok  ", "" if plain else "green"), f"{claim.kind:<16} ", repr(claim.text))
        if claim.evidence is not None:
            ev = claim.evidence
            line.append(f"  <- doc {ev.doc_index} [{ev.start}:{ev.end}] ")
            line.append(Text(repr(ev.text), style="" if plain else "dim"))
        elif claim.source == "query":
            line.append("  <- the query")
        elif claim.source == "derived":
            line.append("  <- the answer's own values")
        lines.append(line)
    return lines


def render_result(
    console: Console,
    response: str,
    result: VerifyResult,
    *,
    plain: Optional[bool] = None,
    query: Optional[str] = None,
    documents: Optional[Sequence[Any]] = None,
    show_supported: bool = True,
) -> None:
    """Print the whole human view of one result on ``console``."""
    plain = is_plain(console) if plain is None else plain
    parts: list[Any] = []
    bold = "" if plain else "bold"
    if query is not None:
        parts.append(Text.assemble(("query:    ", bold), Text(query)))
    for j, doc in enumerate(documents or ()):
        text = document_text(doc)
        parts.append(Text.assemble((f"doc {j}:    ", bold), Text(text if text is not None else repr(doc))))
    shown = highlighted_response(response, result, plain=plain)
    shown.rstrip()  # a trailing newline of the answer file is not worth a blank line
    parts.append(Text.assemble(("response: ", bold), shown))
    if result.warnings:
        parts.append(warnings_table(result, plain=plain))
    else:
        parts.append(Text("no warnings", style="" if plain else "green"))
    if show_supported:
        parts.extend(supported_lines(result, plain=plain))
    parts.append(action_line(result, plain=plain))
    console.print(Group(*parts), soft_wrap=False)


def render_warning_types(console: Optional[Console] = None) -> None:
    """The warning-type registry as a table (``raguard types``)."""
    from raguard.warning_types import REGISTRY

    console = console or make_console()
    plain = is_plain(console)
    table = Table(box=box.ASCII2 if plain else box.ROUNDED, show_lines=False)
    for column in ("type", "severity", "checkers", "code", "raised when"):
        table.add_column(column, overflow="fold")
    for t in REGISTRY:
        table.add_row(t.name, Text(t.default_severity, style="" if plain else SEVERITY_TEXT_STYLE.get(t.default_severity, "")),
                      ", ".join(t.checkers) or "-", t.code, t.description)
    console.print(table)
