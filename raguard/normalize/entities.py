"""Name normalization helpers: acronyms, expansions and demonyms. Pure functions."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

# Words that acronyms skip ("World Health Organization" -> WHO, "Bank of America" -> BOA is rare,
# so "of" is skipped: BA would not be produced; both forms are tried).
_ACRONYM_SKIP = frozenset({"of", "the", "and", "for", "on", "in", "de", "du", "la", "&", "to", "at", "per"})

DEMONYMS: dict[str, tuple[str, ...]] = {
    "american": ("united states", "us", "usa", "america", "united states of america"),
    "british": ("united kingdom", "uk", "britain", "great britain", "england", "scotland", "wales"),
    "english": ("england",),
    "scottish": ("scotland",),
    "welsh": ("wales",),
    "irish": ("ireland",),
    "french": ("france",),
    "german": ("germany",),
    "italian": ("italy",),
    "spanish": ("spain",),
    "portuguese": ("portugal",),
    "dutch": ("netherlands", "holland"),
    "belgian": ("belgium",),
    "swiss": ("switzerland",),
    "austrian": ("austria",),
    "swedish": ("sweden",),
    "norwegian": ("norway",),
    "danish": ("denmark",),
    "finnish": ("finland",),
    "polish": ("poland",),
    "czech": ("czech republic", "czechia"),
    "hungarian": ("hungary",),
    "greek": ("greece",),
    "turkish": ("turkey", "turkiye"),
    "russian": ("russia", "soviet union", "ussr"),
    "soviet": ("soviet union", "ussr"),
    "ukrainian": ("ukraine",),
    "chinese": ("china",),
    "japanese": ("japan",),
    "korean": ("korea", "south korea", "north korea"),
    "indian": ("india",),
    "pakistani": ("pakistan",),
    "iranian": ("iran",),
    "iraqi": ("iraq",),
    "israeli": ("israel",),
    "egyptian": ("egypt",),
    "saudi": ("saudi arabia",),
    "canadian": ("canada",),
    "mexican": ("mexico",),
    "brazilian": ("brazil",),
    "argentine": ("argentina",),
    "argentinian": ("argentina",),
    "chilean": ("chile",),
    "colombian": ("colombia",),
    "peruvian": ("peru",),
    "australian": ("australia",),
    "new zealander": ("new zealand",),
    "south african": ("south africa",),
    "nigerian": ("nigeria",),
    "kenyan": ("kenya",),
    "ethiopian": ("ethiopia",),
    "vietnamese": ("vietnam",),
    "thai": ("thailand",),
    "indonesian": ("indonesia",),
    "filipino": ("philippines",),
    "european": ("europe", "european union", "eu"),
    "venetian": ("venice",),
    "roman": ("rome",),
    "parisian": ("paris",),
    "londoner": ("london",),
    "florentine": ("florence",),
    "neapolitan": ("naples",),
    "milanese": ("milan",),
    "texan": ("texas",),
    "californian": ("california",),
    "floridian": ("florida",),
    "bavarian": ("bavaria",),
    "catalan": ("catalonia",),
    "quebecois": ("quebec",),
    "ghanaian": ("ghana",),
    "nigerien": ("niger",),
    "taiwanese": ("taiwan",),
    "singaporean": ("singapore",),
    "malaysian": ("malaysia",),
    "icelandic": ("iceland",),
    "scandinavian": ("scandinavia",),
    "african": ("africa",),
    "asian": ("asia",),
    # more countries, one demonym each
    "afghan": ("afghanistan",),
    "albanian": ("albania",),
    "algerian": ("algeria",),
    "angolan": ("angola",),
    "armenian": ("armenia",),
    "azerbaijani": ("azerbaijan",),
    "bahamian": ("bahamas",),
    "bahraini": ("bahrain",),
    "bangladeshi": ("bangladesh",),
    "belarusian": ("belarus",),
    "bolivian": ("bolivia",),
    "bosnian": ("bosnia",),
    "bulgarian": ("bulgaria",),
    "burmese": ("myanmar",),
    "cambodian": ("cambodia",),
    "cameroonian": ("cameroon",),
    "congolese": ("congo",),
    "costa rican": ("costa rica",),
    "croatian": ("croatia",),
    "cuban": ("cuba",),
    "cypriot": ("cyprus",),
    "ecuadorian": ("ecuador",),
    "emirati": ("united arab emirates",),
    "eritrean": ("eritrea",),
    "estonian": ("estonia",),
    "fijian": ("fiji",),
    "guatemalan": ("guatemala",),
    "haitian": ("haiti",),
    "honduran": ("honduras",),
    "ivorian": ("ivory coast",),
    "jamaican": ("jamaica",),
    "jordanian": ("jordan",),
    "kazakh": ("kazakhstan",),
    "kosovar": ("kosovo",),
    "kuwaiti": ("kuwait",),
    "kyrgyz": ("kyrgyzstan",),
    "laotian": ("laos",),
    "latvian": ("latvia",),
    "lebanese": ("lebanon",),
    "libyan": ("libya",),
    "lithuanian": ("lithuania",),
    "macedonian": ("macedonia",),
    "malagasy": ("madagascar",),
    "malawian": ("malawi",),
    "malian": ("mali",),
    "maltese": ("malta",),
    "mauritian": ("mauritius",),
    "moldovan": ("moldova",),
    "mongolian": ("mongolia",),
    "montenegrin": ("montenegro",),
    "moroccan": ("morocco",),
    "mozambican": ("mozambique",),
    "namibian": ("namibia",),
    "nepalese": ("nepal",),
    "nepali": ("nepal",),
    "nicaraguan": ("nicaragua",),
    "omani": ("oman",),
    "panamanian": ("panama",),
    "paraguayan": ("paraguay",),
    "puerto rican": ("puerto rico",),
    "qatari": ("qatar",),
    "romanian": ("romania",),
    "rwandan": ("rwanda",),
    "salvadoran": ("el salvador",),
    "senegalese": ("senegal",),
    "serbian": ("serbia",),
    "slovak": ("slovakia",),
    "slovenian": ("slovenia",),
    "somali": ("somalia",),
    "sri lankan": ("sri lanka",),
    "sudanese": ("sudan",),
    "syrian": ("syria",),
    "tajik": ("tajikistan",),
    "tanzanian": ("tanzania",),
    "tunisian": ("tunisia",),
    "ugandan": ("uganda",),
    "uruguayan": ("uruguay",),
    "uzbek": ("uzbekistan",),
    "venezuelan": ("venezuela",),
    "yemeni": ("yemen",),
    "zambian": ("zambia",),
    "zimbabwean": ("zimbabwe",),
    "luxembourgish": ("luxembourg",),
    "bhutanese": ("bhutan",),
}

#: The legal forms that end a company's name ("Fernmoss Outdoor Ltd", "Kessling Anlagenbau GmbH"),
#: as written after it: what follows such a name ("of Hebden Bridge") is where the company is.
LEGAL_FORMS = ("Ltd", "Limited", "LLP", "plc", "PLC", "Inc", "GmbH", "AG", "LLC", "Corp", "Pty", "SpA", "BV", "NV")

_ACRONYM_RE = re.compile(r"^(?:[A-Z]\.?){2,6}s?$|^[A-Z][A-Z0-9&]{1,5}$")


def looks_like_acronym(text: str) -> bool:
    """"EU", "U.S.", "WHO", "NASA"; not "Paris"."""
    return bool(_ACRONYM_RE.match(text.strip()))


def acronym_letters(text: str) -> str:
    """Upper-case letters of an acronym: "U.S." -> "US"."""
    return "".join(ch for ch in text if ch.isalpha() and ch.isupper())


def initials(words: list[str], *, skip_function_words: bool = True) -> Optional[str]:
    """Acronym made from capitalized words: ["World", "Health", "Organization"] -> "WHO"."""
    letters = []
    for word in words:
        if skip_function_words and word.lower() in _ACRONYM_SKIP:
            continue
        if not word[:1].isalpha():
            return None
        letters.append(word[0].upper())
    return "".join(letters) if len(letters) >= 2 else None


def expansion_pattern(acronym: str, ignore_case: bool = False) -> re.Pattern[str]:
    """Regex for capitalized words whose initials spell ``acronym`` (function words allowed).

    ``ignore_case`` is for lower-cased documents, where capitals cannot mark the words. The
    expansion is the match's group ``"x"`` (the match itself may begin earlier in the token)."""
    # At most two function words per gap: with ignore_case an "of" may be a function word or the
    # O-word, and "w of of of ... y" was split every way (cubic for "WOOX", worse for longer).
    gap = r"(?:[ \t\-]+(?:(?:of|the|and|for|on|in|de|per|to|&)[ \t]+){0,2})"
    parts = [rf"{re.escape(letter)}[\w'’.]*" for letter in acronym.upper()]
    rest = "".join(gap + part for part in parts[1:]) + r"\b"
    # Tried once per token (a run of [\w'’.]), the rest checked ahead, the first word starting at
    # the token's first boundary with its letter: starting again after every "." of "W.W.W..."
    # (each time running to the token's end) was quadratic in the token's length.
    first = rf"(?<![\w'’.])(?=[\w'’.]*{rest})[\w'’.]*?(?P<x>\b{parts[0]}"
    return re.compile(first + rest + ")", re.IGNORECASE if ignore_case else 0)


# words that join others and name nothing: an expansion neither starts nor ends with one
_CONNECTORS = frozenset({"a", "an", "the", "of", "for", "to", "in", "on", "at", "by", "with", "from", "and",
                         "or", "as", "into", "than", "that", "this", "it", "is", "was", "be", "we", "i", "you"})


def find_expansion(acronym: str, text: str) -> Optional[tuple[int, int]]:
    """Span of an expansion of ``acronym`` in ``text``: capitalized words first ("European
    Union" for EU); for 3+ letters also lower-case words that are not function words
    ("earnings per share" for EPS, but not "for bringing in" for FBI)."""
    m = expansion_pattern(acronym).search(text)
    if m is not None:
        return m.span("x")
    if len(acronym) < 3:
        return None
    from spacy.lang.en.stop_words import STOP_WORDS

    for m in expansion_pattern(acronym, ignore_case=True).finditer(text):
        words = [w for w in re.split(r"[ \t\-]+", m.group("x").lower()) if w]
        # the first and last words carry meaning (a stop word such as "most" may: "most valuable
        # player"; a connector may not: "for bringing in"); at most one stop word in all
        if words[0] in _CONNECTORS or words[-1] in _CONNECTORS or words[-1] in STOP_WORDS:
            continue
        if sum(1 for w in words if w in STOP_WORDS) <= 1:
            return m.span("x")
    return None


_AND_RE = re.compile(r"(?<=[ \t])and(?=[ \t])", re.IGNORECASE)


def ampersand_variant(name: str) -> Optional[str]:
    """The name with "&" and "and" swapped ("Food & Drug" <-> "Food and Drug"), or None when it
    holds neither: word tokens drop the "&", so the two spellings of one name differ by a word."""
    if "&" in name:
        return name.replace("&", " and ")
    if _AND_RE.search(name) is not None:
        return _AND_RE.sub("&", name)
    return None


def demonym_countries(word: str) -> tuple[str, ...]:
    """Country names a demonym points to: "French" -> ("france",)."""
    return DEMONYMS.get(word.lower().strip(), ())


def country_demonyms(name: str) -> tuple[str, ...]:
    """The demonyms of a country name, the other way round: "Indonesia" -> ("indonesian",)."""
    return _COUNTRY_DEMONYMS.get(name.lower().strip(), ())


# nouns of a place: after a demonym they locate ("Indonesian waters" are in Indonesia), where
# "a Russian boxer" or "an American singer" says nothing of where anything happened
# (and the venues a place holds: "U.S. and Canadian theaters" are theaters in Canada)
_PLACE_NOUNS = (r"waters?|coast(?:line)?s?|shores?|territory|territories|soil|airspace|border|"
                r"mainland|capital|cities|city|towns?|villages?|ports?|islands?|regions?|provinces?|"
                r"countryside|mountains?|forests?|seas?|rivers?|side|"
                r"theat(?:er|re)s|cinemas|stores|shops|airports|hospitals|schools|universities|"
                r"factories|plants|mines|farms|hotels|restaurants|streets|roads")


def located_demonym(text: str, name: str) -> Optional[tuple[int, int]]:
    """Span of a demonym of the country ``name`` that locates in ``text`` ("in Latvian waters",
    "a Latvian-born chef" for "Latvia"), or None: only such a demonym supports the country as a
    place."""
    demonyms = country_demonyms(name)
    if not demonyms:
        return None
    pattern = _located_pattern(demonyms)
    m = pattern.search(text)
    return None if m is None else m.span("d")


@lru_cache(maxsize=256)
def _located_pattern(demonyms: tuple[str, ...]) -> re.Pattern[str]:
    words = "|".join(re.escape(d) for d in demonyms)
    # ("Hungarian-born", "Kenyan-based": born or based in the country)
    return re.compile(rf"\b(?P<d>{words})(?:[ \t]+(?:{_PLACE_NOUNS})\b|-(?:born|based|raised|bred)\b)", re.IGNORECASE)


_COUNTRY_DEMONYMS: dict[str, tuple[str, ...]] = {}
for _demonym, _countries in DEMONYMS.items():
    for _country in _countries:
        _COUNTRY_DEMONYMS[_country] = (*_COUNTRY_DEMONYMS.get(_country, ()), _demonym)


# ISO 3166-1 alpha-2 codes of countries, by their folded names: forms, registers, passports and
# shipping labels list countries by code ("required only for entry to IE, FI, MT, NO")
_COUNTRY_CODES_TEXT = """
AF afghanistan|AL albania|DZ algeria|AD andorra|AO angola|AR argentina|AM armenia|AU australia|AT austria
AZ azerbaijan|BS bahamas|BH bahrain|BD bangladesh|BY belarus|BE belgium|BZ belize|BJ benin|BT bhutan
BO bolivia|BA bosnia|BA bosnia and herzegovina|BW botswana|BR brazil|BN brunei|BG bulgaria|BF burkina faso
KH cambodia|CM cameroon|CA canada|CL chile|CN china|CO colombia|CR costa rica|HR croatia|CU cuba|CY cyprus
CZ czech republic|CZ czechia|DK denmark|DO dominican republic|EC ecuador|EG egypt|SV el salvador|EE estonia
ET ethiopia|FJ fiji|FI finland|FR france|GA gabon|GE georgia|DE germany|GH ghana|GR greece|GT guatemala
HT haiti|HN honduras|HK hong kong|HU hungary|IS iceland|IN india|ID indonesia|IR iran|IQ iraq|IE ireland
IL israel|IT italy|CI ivory coast|JM jamaica|JP japan|JO jordan|KZ kazakhstan|KE kenya|XK kosovo|KW kuwait
KG kyrgyzstan|LA laos|LV latvia|LB lebanon|LS lesotho|LR liberia|LY libya|LI liechtenstein|LT lithuania
LU luxembourg|MG madagascar|MW malawi|MY malaysia|MV maldives|ML mali|MT malta|MU mauritius|MX mexico
MD moldova|MC monaco|MN mongolia|ME montenegro|MA morocco|MZ mozambique|MM myanmar|NA namibia|NP nepal
NL netherlands|NL holland|NZ new zealand|NI nicaragua|NE niger|NG nigeria|KP north korea|MK north macedonia
MK macedonia|NO norway|OM oman|PK pakistan|PA panama|PY paraguay|PE peru|PH philippines|PL poland
PT portugal|PR puerto rico|QA qatar|RO romania|RU russia|RW rwanda|SM san marino|SA saudi arabia|SN senegal
RS serbia|SC seychelles|SG singapore|SK slovakia|SI slovenia|SO somalia|ZA south africa|KR south korea
ES spain|LK sri lanka|SD sudan|SE sweden|CH switzerland|SY syria|TW taiwan|TJ tajikistan|TZ tanzania
TH thailand|TN tunisia|TR turkey|TR turkiye|UG uganda|UA ukraine|AE united arab emirates|GB united kingdom
GB great britain|GB britain|US united states|US united states of america|UY uruguay|UZ uzbekistan
VA vatican city|VE venezuela|VN vietnam|YE yemen|ZM zambia|ZW zimbabwe
"""

#: folded country name -> its ISO 3166-1 alpha-2 code ("ireland" -> "IE")
COUNTRY_CODES: dict[str, str] = {
    name: code
    for entry in _COUNTRY_CODES_TEXT.replace("\n", "|").split("|") if entry.strip()
    for code, _, name in [entry.strip().partition(" ")]
}
_KNOWN_CODES = frozenset(COUNTRY_CODES.values())
# two capitals as a word, and what joins codes into a list: a comma, a slash, a semicolon
_CODE_RE = re.compile(r"(?<![\w'’.-])[A-Z]{2}(?![\w'’-])")
_CODE_GAP_RE = re.compile(r"[ \t]*[,/;][ \t]*|[ \t]*(?:,[ \t]*)?(?:and|or|&)[ \t]+")
# a label that asks for a country ("Country: IE", "Nationality: NO", "Country of origin: MT")
_COUNTRY_LABEL_RE = re.compile(r"(?i:country|nationality|citizenship|origin|issuing state)[^:\n]{0,20}:[ \t]*$")


@lru_cache(maxsize=64)
def listed_country_codes(text: str) -> dict[str, tuple[int, int]]:
    """The country codes ``text`` writes where only a country code can stand, each with the span of
    its first such use: in a list of two or more codes ("IE, FI, MT, NO") or after a label that
    asks for a country ("Nationality: NO"). Two capitals alone may be anything ("NO", "IT", "IN")."""
    codes = [m for m in _CODE_RE.finditer(text) if m.group() in _KNOWN_CODES]
    found: dict[str, tuple[int, int]] = {}
    for i, m in enumerate(codes):
        listed = any(0 <= j < len(codes) and _joined(text, *sorted((m, codes[j]), key=lambda c: c.start()))
                     for j in (i - 1, i + 1))
        if listed or _COUNTRY_LABEL_RE.search(text, max(0, m.start() - 40), m.start()) is not None:
            found.setdefault(m.group(), m.span())
    return found


def _joined(text: str, first: "re.Match[str]", second: "re.Match[str]") -> bool:
    """Are two codes next to each other in a list (a comma, slash, semicolon or "and" between)?"""
    return _CODE_GAP_RE.fullmatch(text, first.end(), second.start()) is not None


def country_code(name: str) -> Optional[str]:
    """The ISO 3166-1 alpha-2 code of the country ``name`` ("Ireland" -> "IE"), or None."""
    return COUNTRY_CODES.get(" ".join(name.casefold().split()))


# a word in capitals with a letter an OCR pass misread: a lower-case "l" for an "I" ("BRlARWOOD"),
# a zero for an "O" ("0K", "C0RNWALL"); the capitals show the word was read letter by letter
_MISREAD_RE = re.compile(r"(?<![\w'’-])(?=[A-Z0l]*[A-Z])(?=[A-Z0l]*[l0])[A-Z0l]{2,}(?![\w'’-])")


@lru_cache(maxsize=64)
def capitals_misread(text: str) -> dict[str, str]:
    """The words in capitals of ``text`` with OCR's misread letters, folded, by the word they stand
    for ("briarwood" -> "brlarwood" for "BRlARWOOD"); empty for most texts. A zero or an "l" beside
    digits only ("10l", "A0") is left alone: the word must hold two capitals."""
    out: dict[str, str] = {}
    for m in _MISREAD_RE.finditer(text):
        word = m.group()
        if sum(c.isupper() for c in word) < 2:
            continue
        out.setdefault(word.replace("l", "I").replace("0", "O").lower(), word.lower())
    return out
