"""Constrained prompt templates: explicit rules per domain, citations, and one exact refusal sentence.

A template is the first prompt's layout (``text``, with ``{context}`` and ``{question}`` slots,
and optionally ``{rules}`` and ``{refusal}``), its ``rules``, the exact ``refusal`` sentence the
model must give when the context does not contain the answer, and ``notices``: fixed sentences
the rules tell the model to add word for word (a safety notice), which the grounding step
therefore does not treat as claims. ``relapse.run(..., template="ecommerce")`` sends the
template's first prompt; every retry prompt opens with the same rules.

Built in: ``general``, ``ecommerce`` and ``agronomy``. Add your own with
:func:`register_template`; it is validated when registered.
"""

from __future__ import annotations

import re
import string
import threading
from dataclasses import dataclass, field
from typing import Sequence, Union

from relapse.prompts import DEFAULT_RULES, render_template

#: The layout of the built-in templates: rules, numbered chunks, question.
DEFAULT_LAYOUT = "{rules}\n\n{context}\n\n{question}\n\nAnswer:"

#: The rule that asks for chunk numbers, checked by raguard's optional ``citations`` checker.
CITATION_RULE = (
    "After each sentence that states something from the context, cite the chunk or chunks it comes "
    "from by their id in square brackets, e.g. [1] or [2, 3]."
)

_SLOTS = frozenset({"context", "question", "rules", "refusal"})
_REQUIRED = ("context", "question")
_NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_.-]{0,63}")
# Citation markers and punctuation do not make an answer differ from the refusal sentence.
_MARKER_RE = re.compile(r"\[\s*\d{1,3}(?:\s*[,;\-\u2013]\s*\d{1,3})*\s*\]")
_NON_WORD_RE = re.compile(r"[^\w\s]+")


class TemplateError(ValueError):
    """A template is malformed (a missing slot, no refusal sentence, an unknown name)."""


@dataclass(frozen=True)
class PromptTemplate:
    """A validated prompt template; see the module docstring for the parts."""

    name: str
    refusal: str
    rules: tuple[str, ...] = ()
    text: str = DEFAULT_LAYOUT
    notices: tuple[str, ...] = ()
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", _strings("rules", self.rules))
        object.__setattr__(self, "notices", _strings("notices", self.notices))
        _validate(self)

    @property
    def instructions(self) -> tuple[str, ...]:
        """The rules every prompt opens with: the template's rules, then the refusal rule."""
        return (*(self.rules or DEFAULT_RULES[:1]), refusal_rule(self.refusal))

    def first_prompt(self, query: str, chunks: Sequence[str]) -> str:
        """The prompt of the first call for ``query`` over ``chunks``."""
        return render_template(self.text, query, chunks, rules=self.instructions, refusal=self.refusal)

    def is_refusal(self, answer: str) -> bool:
        """True when ``answer`` is exactly this template's refusal sentence (see :func:`matches_refusal`)."""
        return matches_refusal(answer, self.refusal)


def matches_refusal(answer: str, refusal: str) -> bool:
    """True when ``answer`` is exactly ``refusal``, ignoring case, spacing, punctuation and
    citation markers."""
    return isinstance(answer, str) and bool(_comparable(answer)) and _comparable(answer) == _comparable(refusal)


def refusal_rule(refusal: str) -> str:
    """The instruction that gives the model its exact refusal sentence."""
    return (f'If the context does not contain the answer, reply with exactly this sentence and nothing '
            f'else: "{refusal}"')


def _comparable(text: str) -> str:
    return " ".join(_NON_WORD_RE.sub(" ", _MARKER_RE.sub(" ", text)).casefold().split())


def _strings(what: str, values: Union[str, Sequence[str]]) -> tuple[str, ...]:
    if isinstance(values, str):
        raise TemplateError(f"{what} must be a list of strings, got a single string: wrap it in a list")
    try:
        items = tuple(values)
    except TypeError:
        raise TemplateError(f"{what} must be a list of strings, got {type(values).__name__}") from None
    for i, item in enumerate(items):
        if not isinstance(item, str) or not item.strip():
            raise TemplateError(f"{what}[{i}] must be a non-empty string, got {item!r:.80}")
    return items


def _validate(t: PromptTemplate) -> None:
    """Every way a template can be unusable, as a TemplateError naming the template and the fix."""
    if not isinstance(t.name, str) or not _NAME_RE.fullmatch(t.name):
        raise TemplateError(
            f"template name must start with a letter and use letters, digits, '_', '-' or '.', got {t.name!r}"
        )
    where = f"template {t.name!r}"
    if not isinstance(t.text, str):
        raise TemplateError(f"{where}: text must be a string, got {type(t.text).__name__}")
    try:
        fields = [(name, spec, conv) for _, name, spec, conv in string.Formatter().parse(t.text) if name is not None]
    except ValueError as exc:
        raise TemplateError(f"{where}: text is not a valid template ({exc}); write a literal brace as {{{{ or }}}}") from None
    for name, spec, conv in fields:
        if name not in _SLOTS:
            raise TemplateError(
                f"{where}: unknown slot {{{name}}}; the slots are {{context}}, {{question}}, {{rules}} and "
                "{refusal}; write a literal brace as {{ or }}"
            )
        if spec or conv:
            raise TemplateError(f"{where}: slot {{{name}}} takes no format spec or conversion")
    names = [name for name, _, _ in fields]
    for slot in _REQUIRED:
        if slot not in names:
            raise TemplateError(f"{where}: text has no {{{slot}}} slot; a template needs both {{context}} and {{question}}")
    for slot in _SLOTS:
        if names.count(slot) > 1:
            raise TemplateError(f"{where}: the {{{slot}}} slot appears {names.count(slot)} times; use it once")
    if not isinstance(t.refusal, str) or not t.refusal.strip():
        raise TemplateError(
            f"{where}: a template needs its exact refusal sentence (refusal=...), the answer the model "
            "gives when the context does not contain one"
        )
    if "\n" in t.refusal.strip() or len(t.refusal) > 300 or not t.refusal.rstrip().endswith((".", "!", "?")):
        raise TemplateError(
            f"{where}: the refusal must be one sentence on one line, ending with '.', '!' or '?' "
            f"(at most 300 characters), got {t.refusal!r:.120}"
        )
    if "rules" not in names and "refusal" not in names and t.refusal.strip() not in t.text:
        raise TemplateError(
            f"{where}: the text never shows the model its refusal sentence: add a {{rules}} or {{refusal}} "
            "slot, or write the sentence into the text"
        )
    if t.notices and "rules" not in names and not all(n in t.text for n in t.notices):
        raise TemplateError(f"{where}: the text never shows the model its notices: add a {{rules}} slot")


# -- the built-in templates -------------------------------------------------------------------------

GENERAL = PromptTemplate(
    name="general",
    description="Any domain: only the context, no added facts, citations, one refusal sentence.",
    refusal="The provided context does not contain enough information to answer this question.",
    rules=(
        "Answer the question using only the information in the numbered chunks of the context below.",
        "Do not add facts, numbers, dates, names or quotations that the context does not state, "
        "and do not rely on what you know from elsewhere.",
        "If the context answers only part of the question, answer that part and say what is missing.",
        CITATION_RULE,
    ),
)

ECOMMERCE = PromptTemplate(
    name="ecommerce",
    description="Shop assistant: no invented prices, specifications or availability.",
    refusal="The product information provided does not contain the answer to this question.",
    rules=(
        "You answer shoppers' questions using only the product information in the numbered chunks of "
        "the context below.",
        "Never invent prices, discounts, specifications, dimensions, compatibility, stock levels, "
        "availability or delivery times: state them only as the context gives them, with the same "
        "units and currency.",
        "If the product information is incomplete for the question, say which information is missing "
        "instead of filling the gap.",
        "When comparing products, compare only what the context states for each product, and say when "
        "an attribute is given for one product but not for the other.",
        CITATION_RULE,
    ),
)

AGRONOMY_NOTICE = (
    "Follow the product label and local regulations, and wear the protective equipment they require."
)

AGRONOMY = PromptTemplate(
    name="agronomy",
    description="Crop advice: no invented dosages or treatments, local expert when not covered, safety.",
    refusal=(
        "There is not enough information in the knowledge base to answer this question; please consult "
        "a local agronomist or agricultural extension service."
    ),
    rules=(
        "You answer growers' questions using only the agronomic knowledge base excerpts in the numbered "
        "chunks of the context below.",
        "Never invent pesticides, fertilizers, treatments, dosages, application rates, timings or "
        "pre-harvest intervals: give them only exactly as the context states them, with their units.",
        "If the context does not cover the crop, the pest or the disease asked about, do not guess: "
        "recommend consulting a local agronomist or agricultural extension service.",
        "For safety-critical advice (pesticides and other chemicals, machinery, grain storage), include "
        "every safety warning the context gives, and end the answer with this exact sentence: "
        f'"{AGRONOMY_NOTICE}"',
        CITATION_RULE,
    ),
    notices=(AGRONOMY_NOTICE,),
)

_registry: dict[str, PromptTemplate] = {t.name: t for t in (GENERAL, ECOMMERCE, AGRONOMY)}
_lock = threading.Lock()


def register_template(
    name: str,
    text: str = DEFAULT_LAYOUT,
    *,
    refusal: str,
    rules: Sequence[str] = (),
    notices: Sequence[str] = (),
    description: str = "",
    replace: bool = False,
) -> PromptTemplate:
    """Validate and register a template under ``name``; returns it.

    ``text`` needs ``{context}`` and ``{question}`` slots and must show the model the refusal
    sentence (through a ``{rules}`` or ``{refusal}`` slot, or verbatim). Raises
    :class:`TemplateError` when it does not, or when ``name`` is taken and ``replace`` is False.
    """
    template = PromptTemplate(name=name, refusal=refusal, rules=tuple(_strings("rules", rules)), text=text,
                              notices=tuple(_strings("notices", notices)), description=description)
    with _lock:
        if name in _registry and not replace:
            raise TemplateError(f"a template named {name!r} is already registered; pass replace=True to replace it")
        _registry[name] = template
    return template


def get_template(template: Union[str, PromptTemplate]) -> PromptTemplate:
    """The template registered under a name (or the template itself); TemplateError if unknown."""
    if isinstance(template, PromptTemplate):
        return template
    if not isinstance(template, str):
        raise TypeError(f"template must be a template name or a PromptTemplate, got {type(template).__name__}")
    with _lock:
        found = _registry.get(template)
        names = sorted(_registry)
    if found is None:
        raise TemplateError(f"unknown template {template!r}; available: {', '.join(names)}")
    return found


def available_templates() -> list[str]:
    """The names of every registered template."""
    with _lock:
        return sorted(_registry)
