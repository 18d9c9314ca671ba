"""Input validation for :func:`raguard.verify`: bad input becomes a message, never an exception."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, Union

from raguard.shapes import ShapeError, document_text, read_document  # noqa: F401 - document_text: re-exported

DEFAULT_MAX_CHARS = 128_000

# Lone surrogates (from a bad decode, or a "\ud800" escape in JSON) are not Unicode text: spaCy
# cannot hash them and a result holding one cannot be written as JSON.
_SURROGATE_RE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class CleanInput:
    query: str
    documents: list[str]
    response: str


@dataclass(frozen=True)
class InputProblem:
    message: str


def _describe(value: Any) -> str:
    return type(value).__name__


def _surrogate_problem(what: str, text: str) -> Optional[InputProblem]:
    if text.isascii():  # a flag CPython keeps on every string: no scan (0.6 ms for 100k characters)
        return None
    m = _SURROGATE_RE.search(text)
    if m is None:
        return None
    return InputProblem(
        f"{what} contains an unpaired surrogate (U+{ord(m.group()):04X} at index {m.start():,}), which is "
        "not valid Unicode text: decode it with errors='replace', or fix its source."
    )


def _exact(text: str) -> str:
    """A ``str`` subclass (``numpy.str_``, a ``class S(str)``) as a plain ``str`` with the same
    characters: spaCy's tokenizer accepts only exact ``str``. ``str.__str__`` copies the
    characters whatever the subclass's own ``__str__`` does."""
    return text if type(text) is str else str.__str__(text)


def clean_inputs(query: Any, retrieved_docs: Any, llm_response: Any, max_chars: int = DEFAULT_MAX_CHARS) -> Union[CleanInput, InputProblem]:
    """Check the three inputs before any parsing; return them cleaned or say what to fix."""
    # the response
    if llm_response is None:
        return InputProblem("llm_response is None: pass the model's answer as a string.")
    if isinstance(llm_response, (bytes, bytearray)):
        return InputProblem("llm_response is bytes: decode it to str first (e.g. .decode('utf-8')).")
    if not isinstance(llm_response, str):
        return InputProblem(f"llm_response must be a string, got {_describe(llm_response)}.")
    llm_response = _exact(llm_response)
    if len(llm_response) > max_chars:
        return InputProblem(
            f"llm_response has {len(llm_response):,} characters, over the limit of {max_chars:,}: "
            "verify it in parts or raise max_chars."
        )
    if not llm_response.strip():
        return InputProblem("llm_response is empty: there is no answer to verify.")
    problem = _surrogate_problem("llm_response", llm_response)
    if problem is not None:
        return problem
    # the query (optional)
    if query is None:
        query = ""
    if isinstance(query, (bytes, bytearray)):
        return InputProblem("query is bytes: decode it to str first (e.g. .decode('utf-8')).")
    if not isinstance(query, str):
        return InputProblem(f"query must be a string or None, got {_describe(query)}.")
    query = _exact(query)
    if len(query) > max_chars:
        return InputProblem(f"query has {len(query):,} characters, over the limit of {max_chars:,}.")
    problem = _surrogate_problem("query", query)
    if problem is not None:
        return problem
    # the documents
    if retrieved_docs is None:
        return InputProblem("retrieved_docs is None: pass a list of document strings (or {'text': ...} dicts).")
    if isinstance(retrieved_docs, str):
        return InputProblem("retrieved_docs is a single string: wrap it in a list, e.g. [text].")
    if isinstance(retrieved_docs, (bytes, bytearray)):
        return InputProblem("retrieved_docs is bytes: decode it and wrap it in a list, e.g. [data.decode('utf-8')].")
    if isinstance(retrieved_docs, dict):
        return InputProblem("retrieved_docs is a single dict: wrap it in a list, e.g. [{'text': ...}].")
    try:
        items = iter(retrieved_docs)
    except TypeError:
        return InputProblem(f"retrieved_docs must be a list of strings, got {_describe(retrieved_docs)}.")
    except Exception as exc:  # an __iter__ that fails: the documents cannot be read
        return InputProblem(f"retrieved_docs could not be read: iter() raised {_describe(exc)}: {exc}")
    documents: list[str] = []
    total = 0
    i = 0
    try:
        # read one item at a time: a huge or endless iterable is refused at the limit instead of
        # being read whole first, and one that fails while being read is an input error too
        for i, item in enumerate(items):
            if i >= max_chars:
                return InputProblem(f"retrieved_docs has more than {max_chars:,} items: pass fewer documents.")
            if type(item) is str:  # (what read_document gives a str, without its call and label: 100 documents a call)
                text = item
            else:
                try:  # every shape raguard and relapse accept: see raguard.shapes
                    text = read_document(item, f"retrieved_docs[{i}]").text
                except ShapeError as exc:
                    return InputProblem(f"{exc}.")
            total += len(text)
            if total > max_chars:
                return InputProblem(
                    f"retrieved_docs total over {max_chars:,} characters: pass fewer or shorter documents, "
                    "or raise max_chars."
                )
            problem = _surrogate_problem(f"retrieved_docs[{i}]", text)
            if problem is not None:
                return problem
            documents.append(_exact(text))
    except Exception as exc:
        return InputProblem(
            f"retrieved_docs could not be read: reading item {len(documents)} raised {_describe(exc)}: {exc}"
        )
    if not documents:
        return InputProblem("retrieved_docs is empty: without documents no claim can be supported.")
    if not any(d.strip() for d in documents):
        return InputProblem("every retrieved document is empty: without text no claim can be supported.")
    return CleanInput(query=query, documents=documents, response=llm_response)
