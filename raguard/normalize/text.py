"""Text folding: turn messy text into comparable word tokens, keeping offsets into the original.

Retrieved chunks arrive tokenized ("the whale 's"), lower-cased, with odd quotes, hyphenated
line breaks and dotted abbreviations. Comparing word tokens (letters and digits only, case and
diacritics folded) makes all of those equal to their fluent restatement.
"""

from __future__ import annotations

import html
import string
import re
import unicodedata
from bisect import bisect_right
from functools import lru_cache, partial
from itertools import accumulate, compress
from operator import add
from typing import Iterable, Iterator, NamedTuple, Optional

from raguard.lazy import lazy

_WORD_RE = re.compile(r"[^\W_]+")
# "inter-\nnational": a hyphen at a line end joins the two halves of one word.
_LINEBREAK_HYPHEN_RE = re.compile(r"[-\u00ad\u2010][^\S\n]*\n\s*$")  # not \s*\n: quadratic on "-\n\n\n...!"
_ABBREV_GAP = frozenset({".", ". "})

LEADING_ARTICLES = frozenset({"the", "a", "an"})


#: The Latin letters Unicode gives no decomposition to base letter and mark, each as the letter(s)
#: it is written with in capitals-only or ASCII text ("BANKASI" for "Bankası", "Lodz" for "Łódź",
#: "Soren" for "Søren", "Aeroe" for "Ærø"). A closed set: every other accented Latin letter
#: decomposes (NFKD) and loses its mark; "ß" is "ss" by casefolding.
_UNDECOMPOSED = str.maketrans({
    "ı": "i", "ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d",
    "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
    "þ": "th", "Þ": "th", "ŀ": "l", "Ŀ": "l", "ĸ": "k",
})


def fold_word(word: str) -> str:
    """Casefold and strip diacritics from one word: ``"Élysée"`` -> ``"elysee"``, ``"Bankası"``
    -> ``"bankasi"`` (see :data:`_UNDECOMPOSED`)."""
    if word.isascii():
        return word.lower()
    decomposed = unicodedata.normalize("NFKD", word)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.translate(_UNDECOMPOSED).casefold()


#: The letters beyond ASCII that re's IGNORECASE matches to an ASCII letter: "ſ" to "s", the
#: Kelvin sign to "k", "ı" and "İ" to "i" (a closed set, from Unicode's case folding; "İ" is also
#: the one character lower() makes two).
_FOLDS_TO_ASCII = ("ſ", "\u212a", "ı", "İ")


def ignorecase_lowered(text: str) -> Optional[str]:
    """``text`` lower-cased, where an IGNORECASE pattern's ASCII letters match just what lower()
    makes them: for ASCII text and any other without one of :data:`_FOLDS_TO_ASCII` (else None).
    A character such a pattern matches to an ASCII letter is then that letter in either case,
    so every match's ASCII words stand lower-cased in the result, at the same offsets (lower()
    keeps each character one, and a letter, digit or "_" one of those)."""
    if not text.isascii():
        for char in _FOLDS_TO_ASCII:
            if char in text:
                return None
    return text.lower()


def fold_text(text: str) -> str:
    """The folded words of ``text`` joined by single spaces."""
    return " ".join(t.norm for t in tokenize(text))


class Token(NamedTuple):
    """One folded word and its span in the text. A named tuple: one is built for every word of
    every text, and a frozen dataclass took three times as long to build."""

    norm: str
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Word tokens with offsets; merges dotted abbreviations and hyphenated line breaks."""
    if text.isascii():
        if not _may_merge(text):
            # the common case: every token is one run of letters and digits, lower-cased, built
            # from the columns (no match object, no Python code per token) unless the text is
            # short: a few match objects cost less than the columns' fixed cost
            if len(text) < _SHORT_TEXT:
                return [_new_tuple(Token, (m.group(), m.start(), m.end())) for m in _WORD_RE.finditer(text.lower())]
            return list(map(_make_token, zip(*_ascii_columns(text))))
    elif not _may_merge_any(text):
        # other text with nothing to merge (a third of HaluEval's passages: an en dash, a name):
        # every token is one regex match, each word folded alone, as the loop does
        return [_new_tuple(Token, (w.lower() if (w := m.group()).isascii() else fold_word(w), m.start(), m.end()))
                for m in _WORD_RE.finditer(text)]
    return _tokenize_merging(text)


_new_tuple = tuple.__new__
#: Below this many characters (about eight words) :func:`tokenize` builds an ASCII text's tokens
#: from match objects (callgrind: the columns cost ~11k instructions more to set up, ~1k less a word).
_SHORT_TEXT = 40


def _token_columns(text: str) -> Optional[tuple[list[str], list[int], list[int]]]:
    """:func:`tokenize`'s folded words, starts and ends as three lists, when no two word matches
    of ``text`` merge into one token (else None), for :meth:`TokenText.of`. The words and the
    gaps between them come from one split and the offsets are the running sums of their lengths:
    no match object and no Python code per token."""
    if text.isascii():
        if _may_merge(text):
            return None
        return _ascii_columns(text)
    elif _may_merge_any(text):
        return None
    elif _NON_ASCII_LETTER_RE.search(text) is None:
        # other text whose letters and digits are all ASCII (an en dash, curly quotes): the same
        # words at the same places once each other character is made a "?", one for one
        return _ascii_columns(text.encode("ascii", "replace").decode("ascii"))
    else:
        # other text with nothing to merge (a third of HaluEval's passages: an en dash, a name):
        # every token is one regex match, each word folded alone, as the loop does
        parts = _WORD_SPLIT_RE.split(text)
        norms = [w.lower() if w.isascii() else fold_word(w) for w in parts[1::2]]
    ends = list(accumulate(map(len, parts)))  # ends[2k]: where word k starts, ends[2k + 1]: where it ends
    return norms, ends[:-1:2], ends[1::2]


# a letter or a digit that is not ASCII (_WORD_RE's characters beyond ASCII)
_NON_ASCII_LETTER_RE = re.compile(r"[^\W_\x00-\x7f]")
# _WORD_RE captured, for re.split: gap, word, gap, word, ..., gap.
_WORD_SPLIT_RE = re.compile(r"([^\W_]+)")
# ASCII text lower-cased with every character that is not a letter or a digit made a space: its
# pieces between single spaces are then the words of _WORD_RE (the rest are empty)
_ASCII_WORDS_ONLY = {c: (chr(c).lower() if chr(c).isalnum() else " ") for c in range(128)}
#: :data:`_ASCII_WORDS_ONLY` as a table of bytes (for ``bytes.translate``; only ASCII is read through it).
_ASCII_WORDS_TABLE = bytes(ord(_ASCII_WORDS_ONLY[c]) for c in range(128)) + bytes(range(128, 256))


def _ascii_columns(text: str) -> tuple[list[str], list[int], list[int]]:
    """:func:`_token_columns` of ASCII text with nothing to merge: the words and their offsets
    from one translate and one split, each piece starting one character after the one before
    (the work per word runs in C: a third of what a regex split and its match objects cost)."""
    # (bytes.translate reads a table, where str.translate looks each character up in a dict: ~70k
    # instructions less on a 1,900-character document)
    pieces = text.encode("ascii").translate(_ASCII_WORDS_TABLE).decode("ascii").split(" ")
    piece_starts = accumulate(map(_plus_one, map(len, pieces)), initial=0)
    norms = list(filter(None, pieces))
    starts = list(compress(piece_starts, pieces))  # (an empty piece is no word)
    return norms, starts, list(map(add, starts, map(len, norms)))


_plus_one = (1).__add__


def ascii_words(text: str) -> list[str]:
    r"""The words of ASCII ``text`` (its runs of letters and digits, ``[^\W_]+``), lower-cased."""
    return text.translate(_ASCII_WORDS_ONLY).split()
# tuple.__new__(Token, (norm, start, end)) without the named tuple's Python-level __new__
_make_token = partial(tuple.__new__, Token)


# Where _tokenize_merging can merge two matches, a superset: a single letter, a dot (and a
# space) and a single letter ("U.S"); a hyphen before a line break; a lone "n" before 't.
_ABBREV_CUE_RE = re.compile(r"\.(?<=[^\W\d_]\.)(?<![^\W_]{2}\.) ?[^\W\d_](?![^\W_])")
_HYPHEN_BREAK_CUE_RE = re.compile(r"[-\u00ad\u2010][^\S\n]*\n")
_CONTRACTION_CUE_RE = re.compile(r"['’]t(?<=(?<![^\W_])[nN]['’]t)")


# A word broken at a line end by a hyphen, letters on both sides ("Feb-\nruary", "per-\ncent").
_BROKEN_WORD_RE = re.compile(r"[-\u00ad\u2010](?<=[^\W\d_].)[^\S\n]*\n[^\S\n]*(?=[^\W\d_])")
_TENS_WORD_RE = re.compile(r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)$", re.IGNORECASE)


#: Spaces the date patterns do not read as one (no-break, thin, narrow no-break, figure...), each
#: mapped to " ": one character for one, so offsets do not move ("31\u00a0March 2026"). (Not for
#: numbers: a thin space there separates thousands, "8\u2009849".)
SPACES = {cp: " " for cp in (0x00A0, 0x2007, 0x2009, 0x200A, 0x202F, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008)}

# An HTML character reference, named or numeric ("&pound;", "&#8211;", "&#x2013;"), as web pages
# scraped into retrieved text keep them.
_ENTITY_RE = re.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


# full-width forms (U+FF01-U+FF5E) and the ideographic space, as CJK text writes digits, colons
# and currency ("１４：３３", "¥１４，９２０"), each to its ASCII character: one for one, so every
# offset stays
_FULL_WIDTH = {c: c - 0xFEE0 for c in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
_FULL_WIDTH_RE = re.compile("[\uff01-\uff5e\u3000]")


def fold_full_width(text: str) -> str:
    """``text`` with full-width forms written as ASCII ("１４：３３" -> "14:33"), same length."""
    if text.isascii() or _FULL_WIDTH_RE.search(text) is None:
        return text
    return text.translate(_FULL_WIDTH)


# a diameter written with the letter "Ø" right before its figure, as drawings and pipe schedules
# do ("TP Ø0.20", "Ø110 mm"): the sign "⌀", so that the figure is no code's digits ("B12")
_DIAMETER_LETTER_RE = re.compile("[Øø](?=[0-9])")


def fold_diameter_signs(text: str) -> str:
    """``text`` with a letter "Ø" before a figure as the diameter sign "⌀" ("Ø6.35" -> "⌀6.35"),
    same length."""
    if text.isascii() or ("Ø" not in text and "ø" not in text):
        return text
    return _DIAMETER_LETTER_RE.sub("⌀", text)


# a capital O an OCR pass read for the zero of a figure ("£2.2O", "1OO", "2OO5"): a token of
# digits, decimal marks and such O's only, perhaps after a currency sign or before "%" ("H2O",
# "4O1B", "NO2" hold letters: kept); found from an O after a digit or a decimal mark
_OCR_CUE_RE = re.compile(r"O(?<=\dO)|O(?<=[.,]O)")
_OCR_FIGURE_RE = re.compile(r"(?<![\w.,])[$€£¥]?\d[\d.,O]*%?(?![\w])")


# a lower-case l an OCR pass read for the one of a figure ("l2/06/25", "9l4"): a token of digits,
# separators and such l's, two digits or more, opening with a digit or an l and ending with a
# digit ("5l" is five litres; "model3", "l2tp" are words); found from an l beside a digit
_OCR_ONE_CUE_RE = re.compile(r"l(?<=\dl)|l(?=\d)")
_OCR_ONE_FIGURE_RE = re.compile(r"(?<![\w.,/:])[l\d][\d.,/:l]*\d(?![\w])")


def fold_ocr_ones(text: str) -> str:
    """``text`` with the l an OCR pass put for a figure's one as 1 ("l2/06/25" -> "12/06/25"), same
    length; an l of a word, a code or a unit ("l2tp", "5l") is kept."""
    if _OCR_ONE_CUE_RE.search(text) is None:
        return text
    return _OCR_ONE_FIGURE_RE.sub(_ones, text)


def _ones(m: re.Match[str]) -> str:
    figure = m.group()
    if "l" not in figure or sum(ch.isdigit() for ch in figure) < 2:
        return figure
    return figure.replace("l", "1")


# an O opening a date's or a time's first part ("O6/03/2026", "O9:30"): no word or code opens so
# ("O2", "O365" have no separator after their digits)
_OCR_LEADING_ZERO_RE = re.compile(r"(?<![\w.,/:])O(?=\d{1,3}[/.:]\d)")
_OCR_LEADING_CUE_RE = re.compile(r"O(?=\d)")  # (a literal first: a fast scan)


def fold_ocr_zeros(text: str) -> str:
    """``text`` with the O an OCR pass put for a figure's zero as 0 ("£4.OO" -> "£4.00",
    "O6/03/2026" -> "06/03/2026"), same length; an O of a word or a code ("H2O", "4O1B", "O2")
    is kept."""
    if "O" not in text:
        return text
    if _OCR_CUE_RE.search(text) is not None:
        text = _OCR_FIGURE_RE.sub(lambda m: m.group().replace("O", "0"), text)
    return _OCR_LEADING_ZERO_RE.sub("0", text) if _OCR_LEADING_CUE_RE.search(text) is not None else text


def decode_entities(text: str) -> tuple[str, Optional[list[int]]]:
    """``text`` with its HTML character references decoded ("Tue&ndash;Sun" -> "Tue–Sun",
    "&pound;14" -> "£14"), and for each character of the result its offset in ``text`` (a decoded
    character: its reference's "&"); ``(text, None)`` when there is none to decode (one cheap
    test). Values are read by patterns that an undecoded "&ndash;" or "&pound;" hides."""
    if "&" not in text:
        return text, None
    edits = []
    for m in _ENTITY_RE.finditer(text):
        decoded = html.unescape(m.group())
        if decoded != m.group():  # (not a reference HTML knows, "&copy2;", is kept as written)
            edits.append((m.start(), m.end(), decoded))
    return _spliced(text, edits)


def _spliced(text: str, edits: list[tuple[int, int, str]]) -> tuple[str, Optional[list[int]]]:
    """``text`` with each ``(start, end, replacement)`` of ``edits`` (in order, disjoint) made,
    and for each character of the result its offset in ``text`` (a replacement's characters: its
    start); ``(text, None)`` when there is no edit."""
    if not edits:
        return text, None
    pieces: list[str] = []
    positions: list[int] = []
    last = 0
    for start, end, replacement in edits:
        pieces.append(text[last:start])
        positions.extend(range(last, start))
        pieces.append(replacement)
        positions.extend([start] * len(replacement))
        last = end
    pieces.append(text[last:])
    positions.extend(range(last, len(text)))
    return "".join(pieces), positions


def join_broken_words(text: str) -> tuple[str, Optional[list[int]]]:
    """``text`` with its words broken across lines by a hyphen joined again ("Feb-\nruary" ->
    "February"; "twenty-\nfive" keeps its hyphen), and for each character of the result its
    offset in ``text``; ``(text, None)`` when nothing is broken (the usual case, one cheap test).

    Values are read by patterns on the raw text, which a line-end hyphen splits; word tokens
    merge such breaks themselves (:func:`tokenize`).
    """
    if "\n" not in text or _HYPHEN_BREAK_CUE_RE.search(text) is None:
        return text, None
    # the break goes, and so does the hyphen unless a tens word stands before it ("twenty-")
    edits = [(m.start(), m.end(), text[m.start()] if _TENS_WORD_RE.search(text, max(0, m.start() - 7), m.start())
              else "") for m in _BROKEN_WORD_RE.finditer(text)]
    return _spliced(text, edits)


def _may_merge(text: str) -> bool:
    """Could any two word matches of ``text`` be merged into one token? (Cheap literal tests
    first: the regular expressions open with a literal, which ``re`` scans for quickly.)"""
    return (("." in text and _ABBREV_CUE_RE.search(text) is not None)
            or ("\n" in text and _HYPHEN_BREAK_CUE_RE.search(text) is not None)
            or (("'t" in text or "’t" in text) and _CONTRACTION_CUE_RE.search(text) is not None))


# A single letter standing alone, a dot (and a space) and a word character: where an abbreviation
# merge can start, in any text (_ABBREV_CUE_RE is exact for ASCII only: it reads the letters as
# written, the loop as folded, and a letter may fold to another: "ñ" to "n")
_ANY_ABBREV_CUE_RE = re.compile(r"\.(?<=(?<![^\W_])[^\W\d_]\.) ?[^\W_]")


def _may_merge_any(text: str) -> bool:
    """:func:`_may_merge` for any text, not only ASCII: a superset of where the loop merges (a
    contraction by any "'t", since a word other than "n" may fold to "n")."""
    return (("." in text and _ANY_ABBREV_CUE_RE.search(text) is not None)
            or ("\n" in text and _HYPHEN_BREAK_CUE_RE.search(text) is not None)
            or "'t" in text or "’t" in text)


def _tokenize_merging(text: str) -> list[Token]:
    """:func:`tokenize` for any text: folds each word and merges where needed."""
    tokens: list[Token] = []
    # The token being built: merges append to its pieces and keep whether it is a run of single
    # letters joined by dots ("U", "U.S"), so a long chain of merges ("W.W.W...") stays linear.
    pieces: list[str] = []
    cur_start = cur_end = 0
    abbrev_run = False
    for m in _WORD_RE.finditer(text):
        word = m.group()
        norm = word.lower() if word.isascii() else fold_word(word)  # fold_word, inlined for ASCII
        start, end = m.span()
        if pieces:
            gap = text[cur_end:start]
            # U.S. / U. S. -> "us": runs of single letters separated by dots
            merge = len(norm) == 1 and norm.isalpha() and gap in _ABBREV_GAP and abbrev_run
            if not merge and (
                ("\n" in gap and _LINEBREAK_HYPHEN_RE.match(gap))
                # tokenized contractions: "are n't" is "aren't"
                or (norm == "n" and text[end:end + 2] in ("'t", "’t") and gap.isspace())
            ):
                merge, abbrev_run = True, False
            if merge:
                pieces.append(norm)
                cur_end = end
                continue
            tokens.append(Token("".join(pieces), cur_start, cur_end))
        pieces = [norm]
        cur_start, cur_end = start, end
        abbrev_run = end - start == 1 and _ABBREV_RUN_RE.fullmatch(text, start, end) is not None
    if pieces:
        tokens.append(Token("".join(pieces), cur_start, cur_end))
    return tokens


# a run of single letters joined by dots ("U", "U.S")
_ABBREV_RUN_RE = re.compile(r"[^\W\d_](?:\. ?[^\W\d_])*")


def phrase_tokens(text: str, *, drop_article: bool = False, drop_possessive: bool = False) -> list[str]:
    """Folded tokens of a short phrase, optionally without a leading article / trailing 's."""
    toks = [t.norm for t in tokenize(text)]
    if drop_article and len(toks) > 1 and toks[0] in LEADING_ARTICLES:
        toks = toks[1:]
    if drop_possessive and len(toks) > 1 and toks[-1] == "s":
        toks = toks[:-1]
    return toks


class TokenText:
    """A text's folded tokens joined as ``" a b c "`` for fast phrase search with str.find."""

    #: True when each token is one run of letters and digits of the text (:meth:`of` found no
    #: two to merge): the words then say where every word of the text starts
    single_runs = False

    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text = text
        self.tokens = tokens
        self._index([tok.norm for tok in tokens])

    @classmethod
    def of(cls, text: str) -> "TokenText":
        """The tokens of ``text``; where no words merge, the :class:`Token` objects are built only
        if asked for (a document's phrase search needs the words and their offsets alone)."""
        columns = _token_columns(text)
        if columns is None:
            return cls(text, _tokenize_merging(text))
        found = cls.__new__(cls)
        found.text = text
        norms, found.token_starts, found.token_ends = columns
        found._index(norms)
        found.single_runs = True
        return found

    def _index(self, norms: list[str]) -> None:
        #: the tokens' folded words, in order
        self.norms = norms
        self._vocab: Optional[frozenset[str]] = None
        self._word_lengths: Optional[frozenset[int]] = None

    @lazy
    def joined(self) -> str:
        """The folded words as ``" a b c "``, built on the first phrase search (:meth:`find`)."""
        return " " + " ".join(self.norms) + " " if self.norms else " "

    @lazy
    def _starts(self) -> list[int]:
        """Where each word starts in :attr:`joined`: one space after the end of the one before it."""
        norms = self.norms
        return list(accumulate(map(_plus_one, map(len, norms[:-1])), initial=1)) if norms else []

    @lazy
    def tokens(self) -> list[Token]:
        """The tokens (given to the constructor, or built from the columns on first use)."""
        return list(map(_make_token, zip(self.norms, self.token_starts, self.token_ends)))

    @lazy
    def token_starts(self) -> list[int]:
        """Where each token starts in the text."""
        return [tok.start for tok in self.tokens]

    @lazy
    def token_ends(self) -> list[int]:
        """Where each token ends in the text."""
        return [tok.end for tok in self.tokens]

    def __repr__(self) -> str:
        return f"TokenText(text={self.text!r}, tokens={self.tokens!r}, joined={self.joined!r})"

    @property
    def vocab(self) -> frozenset[str]:
        if self._vocab is None:
            self._vocab = frozenset(self.norms)
        return self._vocab

    def find(self, words: list[str], begin: int = 0) -> Optional[tuple[int, int]]:
        """Token index range [i, j) of the first occurrence of ``words`` at token >= begin."""
        if not words:
            return None
        needle = " " + " ".join(words) + " "
        if begin == 0:  # (most searches: the word starts are not needed, see below)
            pos = self.joined.find(needle)
            if pos < 0:
                return None
            # a space opens each word: the spaces up to the hit's first letter count its words
            i = self.joined.count(" ", 0, pos + 1) - 1
            return i, i + len(words)
        offset = self._starts[begin] - 1 if begin < len(self._starts) else len(self.joined)
        pos = self.joined.find(needle, offset)
        if pos < 0:
            return None
        i = bisect_right(self._starts, pos + 1) - 1
        return i, i + len(words)

    def span_words(self, spans: list[tuple[int, int]]) -> list[list[str]]:
        """:func:`span_words` of the text's tokens."""
        return _span_words(self.text, spans, self.token_starts, self.token_ends, self.norms)

    def char_span(self, i: int, j: int) -> tuple[int, int]:
        """Character span in the original text of tokens [i, j)."""
        return self.token_starts[i], self.token_ends[j - 1]

    def find_span(self, words: list[str]) -> Optional[tuple[int, int]]:
        hit = self.find(words)
        return None if hit is None else self.char_span(*hit)

    def find_compact(self, compact: str) -> Optional[tuple[int, int]]:
        """Find one to three adjacent tokens whose concatenation is ``compact`` ("e mail" = "email"):
        the fewest tokens, then the first occurrence.

        Only the splits of ``compact`` into words the text has are searched (a handful), not a
        table of every token pair and triple of the text: building that table cost about 0.5 ms
        per 300-word document, for a lookup made only when a name is not found as written.
        """
        vocab = self.vocab
        if compact in vocab:
            return self.find_span([compact])
        size, lengths = len(compact), self._lengths
        # split points whose pieces have the length of some word of the text first (a few ints,
        # so a long name or a long token cannot make this quadratic), then the pieces themselves
        heads = [k for k in lengths if k < size and compact[:k] in vocab]
        pairs = [[compact[:k], compact[k:]] for k in heads if size - k in lengths and compact[k:] in vocab]
        triples = [[compact[:k], compact[k:k + n], compact[k + n:]] for k in heads for n in lengths
                   if size - k - n in lengths and compact[k:k + n] in vocab and compact[k + n:] in vocab]
        for splits in (pairs, triples):
            hits = [hit for words in splits if (hit := self.find(words)) is not None]
            if hits:
                return self.char_span(*min(hits))
        return None

    @property
    def _lengths(self) -> frozenset[int]:
        """The lengths of the text's distinct words."""
        if self._word_lengths is None:
            self._word_lengths = frozenset(map(len, self.vocab))
        return self._word_lengths


# a sentence ends at . ! or ? (not an ellipsis) before a capital, digit or quote, or at a newline;
# also with no space between, as glued chunks have it ("founded in 1997.Your Pie is"), when a
# lower-case letter or digit comes before and a capitalized word after ("U.S.Army" stays whole);
# and at a full stop standing alone as a token, as tokenized lower-cased chunks have it
# ("in eastern australia . pinus radiata is": abbreviations keep their stop attached)
_SENTENCE_END_RE = re.compile(
    r"(?=[\s\"'”’)A-Z])(?:"  # (how a match can start: re then skips every other position, 2.5x faster)
    r"(?<=[^.][.!?])(?P<close>[\"'”’)]*)\s+(?=[A-Z0-9\"“‘'(\[])|\n+|(?<=[a-z0-9][.!?])(?P<glued>)(?=[A-Z][a-z])"
    r"|(?<=[ \t][.!?])[ \t]+(?=[a-z]))"
)


# Words written with a full stop that rarely end a sentence.
_ABBREVIATIONS = frozenset({
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
    "mr", "mrs", "ms", "dr", "prof", "st", "sr", "jr", "gen", "col", "lt", "sgt", "capt", "gov",
    "sen", "rep", "rev", "hon", "no", "nos", "vs", "v", "approx", "est", "fig", "vol", "pp", "ca",
    "inc", "corp", "ltd", "co", "mt", "ft", "ave", "blvd", "dept", "univ", "e.g", "i.e", "etc",
    # a paper's and a drawing's: "Okafor et al. (2021)", "cf. Table 4", "position tol. (TP 0.2)"
    "al", "cf", "viz", "resp", "eq", "eqs", "figs", "incl", "excl", "tol", "ref", "refs", "nr", "para",
})
_LAST_WORD_RE = re.compile(r"(?:^|[\s(\[\"“'‘])((?:[^\W\d_]\.)*[^\W\d_]+)\.$")


def _ends_with_abbreviation(text: str, dot_end: int) -> bool:
    # seven letters before the stop and no other stop in the window: the last word is longer than
    # any abbreviation and dotted nowhere (most sentence ends; the search below costs ~25k
    # instructions each on a long document)
    if dot_end >= 8 and text[dot_end - 8:dot_end - 1].isalpha() and "." not in text[max(0, dot_end - 12):dot_end - 1]:
        return False
    lo = max(0, dot_end - 12)
    if text[dot_end - 1:dot_end] == ".":
        # the run of letters before the stop, within the search's window: when no other stop
        # comes before it, the pattern's word is that run or there is none (a word of the
        # pattern holds letters and stops only), so a run of two letters or more that is no
        # abbreviation ends a sentence without the search (most of the shorter last words)
        window = text[lo:dot_end - 1]
        if window.isascii():  # (an ASCII letter is what [^\W\d_] reads there: stripped in C)
            begin = lo + len(window.rstrip(_ASCII_LETTERS))
        else:
            begin = dot_end - 1
            while begin > lo and _is_letter(text[begin - 1]):
                begin -= 1
        if begin == lo > 0:
            return False  # (letters fill the window: no room for what must come before a word)
        if (begin == 0 or text[begin - 1] != ".") and dot_end - 1 - begin >= 2 \
                and text[begin:dot_end - 1].lower() not in _ABBREVIATIONS:
            return False
    m = _LAST_WORD_RE.search(text, lo, dot_end)
    if m is None:
        return False
    word = m.group(1)
    if len(word) == 1 and text[m.start(1) - 1:m.start(1)] in ("'", "’"):
        return False  # "the oak can't." ends a contraction, no initial
    # single letters and dotted initials ("U.S.", "J.") are abbreviations too
    return word.lower() in _ABBREVIATIONS or len(word) == 1 or "." in word


_ASCII_LETTERS = string.ascii_letters


def _is_letter(char: str) -> bool:
    r"""Is ``char`` a letter as ``[^\W\d_]`` reads one (``\w`` is ``str.isalnum()`` or "_")?"""
    return char.isalnum() and not char.isdecimal()


# Words that open a sentence and never follow an initial inside a name ("an EPC rating of D.
# There is ..." ends after "D"; "John F. Kennedy" does not end after "F").
_OPENERS = frozenset("""
the there it its this that these those they we he she his her our their you your a an in on at
but and however if when while after before as for from with by to all each both some no not
""".split())
_NEXT_WORD_RE = re.compile(r"[^\W\d_]+")


def _word_no_before_word(text: str, dot_end: int, next_start: int) -> bool:
    """Is the stop before ``dot_end`` after an answer's "no" (the text's or a line's first word,
    or after a comma) with a word after it? "No." abbreviates "number" after a noun and before a
    figure or a code ("item no. 5", "Invoice No. A-1234"); "Not on a dirt road, no. Your
    agreement says ..." ends a sentence."""
    lead = text[max(0, dot_end - 5):dot_end - 1].lower()
    if not (lead.endswith((", no", ",no", "\nno")) or (dot_end == 3 and lead == "no")):
        return False
    return _NEXT_WORD_RE.fullmatch(text[next_start:next_start + 30].split(" ", 1)[0]) is not None


def _letter_ends_before_opener(text: str, dot_end: int, next_start: int) -> bool:
    """Is the stop at ``dot_end`` after a single capital letter, with a sentence opener after it?"""
    if dot_end < 2 or not text[dot_end - 2].isupper() or (dot_end > 2 and text[dot_end - 3].isalnum()):
        return False
    m = _NEXT_WORD_RE.match(text, next_start)
    return m is not None and m.group(0).lower() in _OPENERS


def _letter_stop(text: str, dot_end: int) -> bool:
    r"""Is ``text[:dot_end]`` a letter and a full stop (``[^\W\d_]\.``), as it ends whenever
    :func:`_ends_with_abbreviation` holds? (A cheap test before its search: "!", "?" and a stop
    after a digit or a quote close no abbreviation.)"""
    if dot_end < 2 or text[dot_end - 1] != ".":
        return False
    before = text[dot_end - 2]
    return before.isalnum() and not before.isdecimal()  # ([^\W\d_]: \w is isalnum() or "_")


# a line that begins with a label ("alex: see you", "q: why"): a turn of a lower-cased log
_LINE_LABEL_RE = re.compile(r"[ \t]{0,8}[^\W\d_][^\W\d_ ]{0,24}(?: [^\W\d_]{1,24})?:")


def _wrapped_line(text: str, newline: int) -> bool:
    """True when the single newline at ``newline`` wraps a line inside a sentence: a word or a
    comma before it and a lower-case word after it ("produces\\n a correct output")."""
    before = text[newline - 1] if newline else ""
    rest = text[newline + 1:newline + 9].lstrip(" \t")
    return ((before.isalnum() or before == ",") and rest[:1].islower()
            and _LINE_LABEL_RE.match(text, newline + 1) is None)


# Where a _SENTENCE_END_RE match can start: right after ".", "!" or "?" (the alternatives that
# read a stop look behind at it) or at a newline (see _sentence_cues).
_SENTENCE_CUE_RE = re.compile(r"[.!?\n]")


def _sentence_cues(text: str) -> list[int]:
    """Where :data:`_SENTENCE_CUE_RE` matches, ascending: each of its characters found by
    ``str.find`` (a fast scan for one character; ``re`` tests every position against the class,
    ~65 instructions a character)."""
    return occurrences(text, ".!?\n")


def occurrences(text: str, needles: Iterable[str]) -> list[int]:
    """Where each of ``needles`` occurs in ``text`` (overlapping ones too), ascending: found by
    ``str.find``, a fast scan, where a pattern of alternatives would be tried at every position."""
    found: list[int] = []
    for needle in needles:
        at = text.find(needle)
        while at >= 0:
            found.append(at)
            at = text.find(needle, at + 1)
    found.sort()
    return found


def _sentence_ends(text: str) -> Iterator[re.Match[str]]:
    """What ``_SENTENCE_END_RE.finditer(text)`` yields, the pattern tried only where a match can
    start (:func:`_sentence_cues`): a match at ``p`` is tried by ``match(text, p)`` exactly as
    the scan tries it (the lookbehinds see the text before ``p``), so the matches are the same
    left-to-right, non-overlapping ones (the one empty match, a glued end, has none after it at
    its position: a capital follows it)."""
    last = previous = -1
    for p in _sentence_cues(text):
        if text[p] != "\n":
            p += 1  # (after a stop; a newline right after it gives the same position once)
        if p < last or p == previous:
            continue
        previous = p
        m = _SENTENCE_END_RE.match(text, p)
        if m is not None:
            yield m
            last = m.end()


def sentence_spans(text: str, lower_starts: bool = False) -> list[tuple[int, int]]:
    """(start, end) of each sentence, whitespace trimmed. ``lower_starts``: the text opens its
    sentences in lower case too (see :func:`opens_sentences_lower`), so a stop before a space and
    a lower-case word ends one as well, unless it ends an abbreviation ("e.g. the")."""
    spans = _sentence_spans(text)
    if not lower_starts:
        return spans
    out: list[tuple[int, int]] = []
    for start, end in spans:
        for m in _LOWER_START_RE.finditer(text, start, end):
            stop = m.start()
            if _letter_stop(text, stop) and _ends_with_abbreviation(text, stop):
                continue
            if _LINKING_WORD_RE.match(text, m.end()) is not None:
                continue  # "advised cust. to have it inspected": an abbreviation no list holds
            out.append((start, stop))
            start = m.end()
        out.append((start, end))
    return out


# a stop after a word or a figure, blanks, then a lower-case letter: a sentence's end where a text
# opens its sentences in lower case (a chat, a note typed in haste: "spf passes. our mail is fine")
_LOWER_START_RE = re.compile(r"(?<=[a-z0-9)][.!?])[ \t]+(?=[a-z])")
# a word that goes on with the clause before it, which a sentence hardly opens with: after a stop
# and a blank it tells an abbreviation's stop ("cust. to", "approx. of", "qty. and")
_LINKING_WORD_RE = re.compile(r"(?:to|of|and|or|for|with|by|from|than|per|as)\b")
# a stop, blanks and the character after them (where a sentence may start)
_STOP_AND_NEXT_RE = re.compile(r"[.!?][ \t]+(\S)")


def opens_sentences_lower(text: str) -> bool:
    """Does ``text`` open at least two sentences in lower case after a stop, and as many as it opens
    with a capital ("NOT a spoofing attack. fix = add the records. do NOT switch. our mail is
    fine")? An abbreviation's stop ("e.g. the") is rare beside the capitals of ordinary prose."""
    lower = upper = 0
    for m in _STOP_AND_NEXT_RE.finditer(text):
        before = text[m.start() - 1:m.start()]
        if not (before.islower() or before.isdigit() or before == ")"):
            continue
        after = m.group(1)
        if after.islower():
            lower += 1
        elif after.isupper():
            upper += 1
    return lower >= 2 and lower >= upper


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in _sentence_ends(text):
        start, end = m.span()
        glued, close = m.group("glued", "close")
        # (only a full stop after a letter can close an abbreviation: "in 1997. The" is not asked)
        if (glued is not None or close == "") and _letter_stop(text, start) \
                and _ends_with_abbreviation(text, start) and not _letter_ends_before_opener(text, start, end) \
                and not _word_no_before_word(text, start, end):
            continue  # "Sept. 30", "Dr. Smith", "U.S. Army", "St.Louis": not a sentence end
        if end - start == 1 and text[start] == "\n" and _wrapped_line(text, start):
            continue  # a hard-wrapped line: the sentence goes on
        spans.append((pos, start + len(close) if close is not None else start))
        pos = end
    spans.append((pos, len(text)))
    out = []
    for start, end in spans:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            out.append((start, end))
    return out


def span_words(text: str, spans: list[tuple[int, int]], tokens: list[Token],
               norms: Optional[list[str]] = None) -> list[list[str]]:
    """The folded words of each span of ``text`` (sorted, disjoint), as ``tokenize(text[start:end])``
    gives them (``norms``: the tokens' folded words, when the caller has them: sliced, not rebuilt).

    ``tokens`` is ``tokenize(text)``: a span's tokens are reused, which spares tokenizing a
    document twice (whole, then sentence by sentence), unless one crosses the span's ends or the
    span ends within a character of "'t". Tokenizing reads word matches left to right and merges
    two only from the match, the gap between them and, for "n", the two characters after it
    ("are n't"): so a token inside a span is the same token in the span alone, unless that look
    reaches past the span's end. Any other span is tokenized.
    """
    if norms is None:
        norms = [t.norm for t in tokens]
    return _span_words(text, spans, [t.start for t in tokens], [t.end for t in tokens], norms)


def _span_words(text: str, spans: list[tuple[int, int]], starts: list[int], ends: list[int],
                norms: list[str]) -> list[list[str]]:
    """:func:`span_words` on the tokens' starts, ends and folded words, as lists."""
    out: list[list[str]] = []
    k, n = 0, len(norms)
    for start, end in spans:
        # the first token from k on that ends after start, then after end (ends ascend: a bisect,
        # where a loop stepping through every token of the document cost ~50 µs on 300 words)
        first = k = bisect_right(ends, start, k)
        k = bisect_right(ends, end, k)
        crossed = (first < n and starts[first] < start) or (k < n and starts[k] < end)
        after = text[max(0, end - 1):end + 2]
        if not crossed and not ("'t" in after or "’t" in after):
            out.append(norms[first:k])
            continue
        k = first
        out.append([t.norm for t in tokenize(text[start:end])])
    return out


# Clause boundaries: punctuation, a spaced dash, and the conjunctions that join two claims. (A
# comma or colon between digits is inside a number or a time: "£1,650", "10:30".)
_CLAUSE_BREAK_RE = re.compile(
    r"(?=[,;:() \tbwaty])"  # (how a match can start: re then skips every other position, -25%)
    # ("not yet", "hasn't yet": an adverb of the denial, no conjunction). A tab or a run of spaces
    # before a label parts a form's fields ("Special needs: none   Allergy: nuts"); not a table's
    # cells, which are one row's statement ("Weir | Ashbrook | falling")
    r"(?:[,:](?!(?<=\d[,:])\d)|[;()]|(?:(?<![ ])[ ]{2,}|\t)(?=(?-i:[A-Z])[\w'’/.-]*(?:[ ][\w'’/.-]+){0,3}:[ \t])|"
    r"[ \t](?:[—–-]|--)[ \t]|\b(?:but|while|whereas|although|though|"
    r"(?<!not[ \t])(?<!n[’']t[ \t])yet)\b)",
    re.IGNORECASE,
)


#: How far around a position :func:`clause_span` looks for the clause's ends.
_CLAUSE_REACH = 400


def clause_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clause of ``text``, in order, covering it from 0 to len(text)."""
    spans, begin = [], 0
    for m in _CLAUSE_BREAK_RE.finditer(text):
        spans.append((begin, m.start()))
        begin = m.end()
    spans.append((begin, len(text)))
    return spans


def clause_around(text: str, pos: int) -> str:
    """The clause of ``text`` that holds position ``pos`` ("X is a plant, but Y is not": the
    second clause for a position in it)."""
    begin, end = clause_span(text, pos)
    return text[begin:end]


def clause_span(text: str, pos: int) -> tuple[int, int]:
    """(start, end) of the clause of ``text`` that holds position ``pos``, found from the
    sentence around it, so a long text is not split whole."""
    lo, hi = max(0, pos - _CLAUSE_REACH), min(len(text), pos + _CLAUSE_REACH)
    starts, spans = _clause_index(text[lo:hi])
    begin, end = spans[max(0, bisect_right(starts, pos - lo) - 1)]
    return lo + begin, lo + end


@lru_cache(maxsize=1024)
def _clause_index(text: str) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """The starts and spans of :func:`clause_spans` of ``text``, kept per text: a sentence is
    asked for the clause around each of several words, and a document's sentences again by
    every answer aligned to them."""
    spans = clause_spans(text)
    return tuple(s for s, _ in spans), tuple(spans)


# "1. ", "2) " opening a line (or the text): the number of a list item (matched at line starts only)
_LIST_MARKER_RE = re.compile(r"[ \t]*(\d{1,3}[.)])(?=[ \t]+\S)")


def list_marker_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each numbered-list marker of ``text`` ("1." of "1. **Author:** ...")."""
    out = []
    start = 0
    while start >= 0:
        m = _LIST_MARKER_RE.match(text, start)
        if m is not None:
            out.append(m.span(1))
        start = text.find("\n", start)
        if start >= 0:
            start += 1
    return out

