"""Name normalization helpers: acronyms, expansions and demonyms. Pure functions."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from raguard.normalize.data_files import data_file
from raguard.normalize.language import LANGUAGE_NAMES

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
    # A comma may end a word of a list inside the name ("Education, Health and Care Plan").
    gap = r"(?:,?[ \t\-]+(?:(?:of|the|and|for|on|in|de|per|to|&)[ \t]+){0,2})"
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
    ("earnings per share" for EPS, but not "for bringing in" for FBI), or that each give a letter
    ("out of memory" for OOM)."""
    m = expansion_pattern(acronym).search(text)
    if m is not None:
        return m.span("x")
    if len(acronym) < 3:
        return None
    from spacy.lang.en.stop_words import STOP_WORDS

    for m in expansion_pattern(acronym, ignore_case=True).finditer(text):
        words = [w for w in re.split(r"[ \t\-]+", m.group("x").lower()) if w]
        # the first and last words carry meaning (a stop word such as "most" may: "most valuable
        # player"; a connector may not: "for bringing in"); at most one stop word in all, or,
        # where each word gives a letter, all but the last ("out of memory", "did not finish")
        if words[0] in _CONNECTORS or words[-1] in _CONNECTORS or words[-1] in STOP_WORDS:
            continue
        if sum(1 for w in words if w in STOP_WORDS) <= 1 or len(words) == len(acronym):
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


# A language by its ISO 639-1 code, as translation and localization documents write a language
# pair ("EN > PL", "DE→EN", "en-GB -> fr"): the names the language reader knows, and English.
LANGUAGE_CODES: dict[str, tuple[str, ...]] = {"english": ("en",), "norwegian": ("nb", "no")}
for _code, _names in LANGUAGE_NAMES.items():
    for _name in _names:
        LANGUAGE_CODES.setdefault(_name, (_code,))
# a language pair: two codes joined by an arrow or a "<>" (a region may follow: "en-GB", "pt_BR")
_LANGUAGE_PAIR_RE = re.compile(
    r"(?<![\w-])([A-Za-z]{2})(?:[-_][A-Z]{2})?[ \t]*(?:>|→|->|<>|<->|↔|⇒|=>)[ \t]*([A-Za-z]{2})(?:[-_][A-Z]{2})?(?![\w-])")


def language_pair_span(text: str, language: str) -> Optional[tuple[int, int]]:
    """(start, end) of the first language pair of ``text`` ("EN > PL") that holds the code of
    ``language`` ("Polish"), or None: a translation's documents name its languages so."""
    codes = LANGUAGE_CODES.get(language.lower().strip())
    if codes is None or (">" not in text and "→" not in text and "↔" not in text and "⇒" not in text):
        return None
    for m in _LANGUAGE_PAIR_RE.finditer(text):
        if m.group(1).lower() in codes or m.group(2).lower() in codes:
            return m.span()
    return None


def demonym_countries(word: str) -> tuple[str, ...]:
    """Country names a demonym points to: "French" -> ("france",)."""
    return DEMONYMS.get(word.lower().strip(), ())


# letters that German and the Nordic languages write as two where a keyboard, a passport's
# machine-readable line or an airline's passenger list has no such letter ("Müller" as "MUELLER")
_DIGRAPHS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ø": "oe",
                           "Ø": "Oe", "æ": "ae", "Æ": "Ae", "å": "aa", "Å": "Aa"})
# ... and such two letters read back as the one ("Mueller", "Soeren": "Muller", "Soren" folded)
_DIGRAPH_RE = re.compile(r"([aouAOU])[eE]|([aA])[aA]")


def transliterations(name: str) -> list[str]:
    """The other spellings of a name whose umlauts (and ø, æ, å) are written as two letters, or
    whose two letters stand for one ("Jürgen Müller" <-> "Juergen Mueller"), as a passport, an
    airline's list or an e-mail address writes it; empty for a name with neither (most names).
    (Folded, "Müller" is "muller": only the one-letter spelling matches it.)"""
    out = []
    if not name.isascii():
        spelled = name.translate(_DIGRAPHS)
        if spelled != name:
            out.append(spelled)
    if _DIGRAPH_RE.search(name) is not None:
        out.append(_DIGRAPH_RE.sub(lambda m: m.group(1) or m.group(2), name))
    return out


def foreign_country_names(name: str) -> tuple[tuple[str, ...], ...]:
    """The names in other languages, as word tokens, of the country ``name`` or of a demonym's
    country ("Spain", "Spanish" -> (("espana",), ("espagne",), ...)): a document in Spanish says
    "España" where an English answer says "Spain". Empty for any other name.
    (data/country_names.txt, compiled by scripts/build_countries.py.)"""
    key = " ".join(name.casefold().split())
    codes = COUNTRY_CODES.get(key) or next(filter(None, map(COUNTRY_CODES.get, DEMONYMS.get(key, ()))), ())
    return country_name_table().get(codes[0], ()) if codes else ()


@lru_cache(maxsize=1)
def country_name_table() -> dict[str, tuple[tuple[str, ...], ...]]:
    """data/country_names.txt read once: each country's names in other languages by its code."""
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for line in data_file("country_names.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            code, names = line.split("\t")
            out[code] = tuple(tuple(n.split()) for n in names.split("|"))
    return out


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


# ISO 3166-1 codes of countries (two letters, three letters, and the Olympic code where it is
# another), by their folded names: forms, registers, passports, results lists and shipping labels
# name countries by code ("required only for entry to IE, FI, MT", "Kelvin Rotich KEN 2:03:41")
_COUNTRY_CODES_TEXT = """
AF AFG afghanistan|AL ALB albania|DZ DZA,ALG algeria|AD AND andorra|AO AGO,ANG angola|AR ARG argentina
AM ARM armenia|AU AUS australia|AT AUT austria|AZ AZE azerbaijan|BS BHS,BAH bahamas|BH BHR bahrain
BD BGD,BAN bangladesh|BY BLR belarus|BE BEL belgium|BZ BLZ belize|BJ BEN benin|BT BTN,BHU bhutan
BO BOL bolivia|BA BIH bosnia|BA BIH bosnia and herzegovina|BW BWA,BOT botswana|BR BRA brazil
BN BRN,BRU brunei|BG BGR,BUL bulgaria|BF BFA burkina faso|KH KHM,CAM cambodia|CM CMR cameroon|CA CAN canada
CL CHL,CHI chile|CN CHN china|CO COL colombia|CR CRI,CRC costa rica|HR HRV,CRO croatia|CU CUB cuba
CY CYP cyprus|CZ CZE czech republic|CZ CZE czechia|DK DNK,DEN denmark|DO DOM dominican republic
EC ECU ecuador|EG EGY egypt|SV SLV,ESA el salvador|EE EST estonia|ET ETH ethiopia|FJ FJI,FIJ fiji
FI FIN finland|FR FRA france|GA GAB gabon|GE GEO georgia|DE DEU,GER germany|GH GHA ghana|GR GRC,GRE greece
GT GTM,GUA guatemala|HT HTI,HAI haiti|HN HND,HON honduras|HK HKG hong kong|HU HUN hungary|IS ISL iceland
IN IND india|ID IDN,INA indonesia|IR IRN,IRI iran|IQ IRQ iraq|IE IRL ireland|IL ISR israel|IT ITA italy
CI CIV ivory coast|JM JAM jamaica|JP JPN japan|JO JOR jordan|KZ KAZ kazakhstan|KE KEN kenya|XK XKX,KOS kosovo
KW KWT,KUW kuwait|KG KGZ kyrgyzstan|LA LAO laos|LV LVA,LAT latvia|LB LBN,LBN lebanon|LS LSO,LES lesotho
LR LBR liberia|LY LBY,LBA libya|LI LIE liechtenstein|LT LTU lithuania|LU LUX luxembourg|MG MDG,MAD madagascar
MW MWI,MAW malawi|MY MYS,MAS malaysia|MV MDV maldives|ML MLI mali|MT MLT malta|MU MUS,MRI mauritius
MX MEX mexico|MD MDA moldova|MC MCO,MON monaco|MN MNG,MGL mongolia|ME MNE montenegro|MA MAR morocco
MZ MOZ mozambique|MM MMR,MYA myanmar|NA NAM namibia|NP NPL,NEP nepal|NL NLD,NED netherlands|NL NLD,NED holland
NZ NZL new zealand|NI NIC nicaragua|NE NER,NIG niger|NG NGA nigeria|KP PRK north korea|MK MKD north macedonia
MK MKD macedonia|NO NOR norway|OM OMN,OMA oman|PK PAK pakistan|PA PAN panama|PY PRY,PAR paraguay|PE PER peru
PH PHL,PHI philippines|PL POL poland|PT PRT,POR portugal|PR PRI,PUR puerto rico|QA QAT qatar|RO ROU romania
RU RUS russia|RW RWA rwanda|SM SMR san marino|SA SAU,KSA saudi arabia|SN SEN senegal|RS SRB serbia
SC SYC,SEY seychelles|SG SGP,SIN singapore|SK SVK slovakia|SI SVN,SLO slovenia|SO SOM somalia
ZA ZAF,RSA south africa|KR KOR south korea|ES ESP spain|LK LKA,SRI sri lanka|SD SDN,SUD sudan|SE SWE sweden
CH CHE,SUI switzerland|SY SYR syria|TW TWN,TPE taiwan|TJ TJK tajikistan|TZ TZA,TAN tanzania|TH THA thailand
TN TUN tunisia|TR TUR turkey|TR TUR turkiye|UG UGA uganda|UA UKR ukraine|AE ARE,UAE united arab emirates
GB GBR united kingdom|GB GBR great britain|GB GBR britain|US USA united states|US USA united states of america
UY URY,URU uruguay|UZ UZB uzbekistan|VA VAT vatican city|VE VEN venezuela|VN VNM,VIE vietnam|YE YEM yemen
ZM ZMB,ZAM zambia|ZW ZWE,ZIM zimbabwe
"""

#: folded country name -> its codes: ISO 3166-1 alpha-2, alpha-3, and the Olympic code where it
#: is another ("ireland" -> ("IE", "IRL"), "germany" -> ("DE", "DEU", "GER"))
COUNTRY_CODES: dict[str, tuple[str, ...]] = {
    name: (code2, *dict.fromkeys(codes3.split(",")))
    for entry in _COUNTRY_CODES_TEXT.replace("\n", "|").split("|") if entry.strip()
    for code2, codes3, name in [entry.strip().split(" ", 2)]
}
_KNOWN_CODES = frozenset(code for codes in COUNTRY_CODES.values() for code in codes)
# codes that are English words, abbreviations or common acronyms too ("NO", "IT", "CAN", "MAR",
# "PER", "VAT"): such a code alone does not show that a text names countries by code
_WORDLIKE_CODES = frozenset("""AD AM AS AT BE BY DO GO HE ID IN IS IT ME MY NO OR SO TO UP US AI PM PA PE
LA MA MD SA NA CA CO TV AND ARE ARM BAN BEN CAM CAN CHI COL CUB DEN DOM EST FIN GAB HAI HON IND LAT LES
LIE MAD MAR MAS MON NAM NED NEP PAN PAR PER PHI POL POR PUR SIN SOM SUD TAN TUN VIE VAT RUS SEN GEO IRL
LUX ESP ECU NOR GER BAH OMA NIG""".split())
# a code as a word (two or three capitals), and what joins codes into a list: a comma, a slash, a semicolon, "and"
_CODE_RE = re.compile(r"(?<![\w'’.-])[A-Z]{2,3}(?![\w'’-])")
_CODE_GAP_RE = re.compile(r"[ \t]*[,/;][ \t]*|[ \t]*(?:,[ \t]*)?(?:and|or|&)[ \t]+")
# a label that asks for a country ("Country: IE", "Nationality: NO", "Country of origin: MT")
_COUNTRY_LABEL_RE = re.compile(r"(?i:country|nationality|citizenship|origin|issuing state)[^:\n]{0,20}:[ \t]*$")
#: how many codes of one length a text must write, two of them no English word, to name
#: countries by code throughout ("KEN ... ETH ... MAR" in a results list, a CSV's country column)
_CODED_TEXT_MIN = 3


def listed_country_codes(text: str) -> dict[str, tuple[int, int]]:
    """The country codes ``text`` writes where only a country code stands, each with the span of
    its first such use: in a list of two or more codes ("IE, FI, MT, NO"), after a label that
    asks for a country ("Nationality: NO") or alone in brackets after a word ("tourist (NL)").
    Capitals alone may be anything ("NO", "IT", "CAN")."""
    return _country_codes_in(text)[0]


def coded_country_rows(text: str) -> dict[str, list[tuple[int, int, int, int]]]:
    """The country codes of a text that names countries by code on its rows, writing
    :data:`_CODED_TEXT_MIN` codes of one length or more on their own (in no list, after no
    label), two of them no English word ("Rotich KEN 2:03:41 ... Worku ETH ... El Amrani MAR", a
    CSV's "...,NO,14" beside "...,MX,3" and "...,NG,22"): each code's uses, as (start, end) of
    the code and (start, end) of its line. A code on a row is the country of that row's name
    only."""
    return _country_codes_in(text)[1]


@lru_cache(maxsize=64)
def _country_codes_in(text: str) -> tuple[dict[str, tuple[int, int]], dict[str, list[tuple[int, int, int, int]]]]:
    """(:func:`listed_country_codes`, :func:`coded_country_rows`) of ``text``, read in one pass."""
    codes = [m for m in _CODE_RE.finditer(text) if m.group() in _KNOWN_CODES]
    found: dict[str, tuple[int, int]] = {}
    alone = []  # the codes neither in a list nor after a label
    for i, m in enumerate(codes):
        listed = any(0 <= j < len(codes) and _joined(text, *sorted((m, codes[j]), key=lambda c: c.start()))
                     for j in (i - 1, i + 1))
        if (listed or _COUNTRY_LABEL_RE.search(text, max(0, m.start() - 40), m.start()) is not None
                or text[m.start() - 1:m.start()] == "(" and text[m.end():m.end() + 1] == ")"):
            found.setdefault(m.group(), m.span())
        else:
            alone.append(m)
    rows: dict[str, list[tuple[int, int, int, int]]] = {}
    for length in (2, 3):
        kinds = {m.group() for m in alone if len(m.group()) == length}
        if len(kinds) >= _CODED_TEXT_MIN and len(kinds - _WORDLIKE_CODES) >= 2:
            for m in alone:
                if len(m.group()) == length:
                    line_start = text.rfind("\n", 0, m.start()) + 1
                    line_end = text.find("\n", m.end())
                    rows.setdefault(m.group(), []).append(
                        (m.start(), m.end(), line_start, len(text) if line_end < 0 else line_end))
    return found, rows


def _joined(text: str, first: "re.Match[str]", second: "re.Match[str]") -> bool:
    """Are two codes next to each other in a list (a comma, slash, semicolon or "and" between)?"""
    return _CODE_GAP_RE.fullmatch(text, first.end(), second.start()) is not None


def country_codes(name: str) -> tuple[str, ...]:
    """The codes of the country ``name`` ("Ireland" -> ("IE", "IRL")); empty for any other name."""
    return COUNTRY_CODES.get(" ".join(name.casefold().split()), ())


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


# value-added tax by its names in the languages of documents an English answer restates ("plus
# 19% VAT" for "zzgl. 19 % MwSt.", "excl. VAT" for "excl. btw"): one tax, written in each European
# language's own abbreviation or word, folded. A closed class: the names of one tax.
VAT_NAMES = frozenset({
    "mwst", "ust", "mehrwertsteuer", "umsatzsteuer",  # German
    "btw",  # Dutch
    "tva",  # French, Romanian
    "iva",  # Italian, Spanish, Portuguese
    "mva", "moms", "alv", "vsk",  # Norwegian, Danish and Swedish, Finnish, Icelandic
    "dph", "ddv", "pdv", "afa", "ptu", "pvm", "pvn", "kaibemaks", "tvsh", "dds",  # Czech/Slovak... Bulgarian
    "kdv", "fpa",  # Turkish, Greek
})
"""The folded names of value-added tax in other languages: a document's word an answer's "VAT" restates."""


# currencies by their ISO 4217 codes, each with the signs and words its own country writes an
# amount with ("1 250,00 zł" for an answer's "PLN 1,250", "3 400 Kč" for "CZK 3,400"): a closed
# class, the local symbols of the currencies whose codes an English answer uses (not the English
# words "won" and "yen", nor a bare "Fr", a title)
CURRENCY_SIGNS: dict[str, tuple[str, ...]] = {
    "PLN": ("zł", "zl", "złotych", "zlotych", "złoty", "zloty"), "CZK": ("Kč", "korun"), "HUF": ("Ft", "forint"),
    "RON": ("lei", "leu"), "BGN": ("лв", "leva"), "CHF": ("Fr.", "SFr.", "Franken", "francs"),
    "SEK": ("kr", "kronor"), "NOK": ("kr", "kroner"), "DKK": ("kr", "kroner"), "ISK": ("kr", "krónur"),
    "BRL": ("R$", "reais"), "TRY": ("TL", "₺", "lira"), "INR": ("₹", "Rs", "Rs.", "rupees"),
    "JPY": ("¥", "円"), "CNY": ("¥", "元", "RMB", "yuan"), "KRW": ("₩",), "RUB": ("₽", "руб"),
    "UAH": ("₴", "грн"), "ILS": ("₪", "NIS"), "THB": ("฿", "baht"), "VND": ("₫", "đồng"), "PHP": ("₱",),
    "NGN": ("₦", "naira"), "KES": ("KSh", "Ksh"), "GHS": ("GH₵", "cedi", "cedis"), "EUR": ("€", "euro", "euros"),
    "GBP": ("£", "sterling"),
}
_CURRENCY_SIGN_RES = {code: re.compile("|".join(rf"(?<![\w$]){re.escape(sign)}(?![\w$])" for sign in signs))
                      for code, signs in CURRENCY_SIGNS.items()}


def currency_sign_in(code: str, text: str) -> Optional[tuple[int, int]]:
    """Span of a sign or word ``text`` writes an amount of the currency ``code`` with ("zł" for
    "PLN"), or None (also for a code not in :data:`CURRENCY_SIGNS`)."""
    pattern = _CURRENCY_SIGN_RES.get(code)
    found = pattern.search(text) if pattern is not None else None
    return found.span() if found is not None else None


# airports a traveller's documents name by IATA code, by the airport's own name (not its city's:
# "Manchester" may be the city, "Heathrow" is only the airport), folded: boarding passes, hire
# forms and itineraries write "LHR T5" for "Heathrow Terminal 5"
_AIRPORT_CODES_TEXT = """
heathrow LHR|gatwick LGW|stansted STN|luton LTN|schiphol AMS|charles de gaulle CDG|roissy CDG|orly ORY
o'hare ORD|ohare ORD|changi SIN|narita NRT|haneda HND|dulles IAD|fiumicino FCO|barajas MAD|el prat BCN
pearson YYZ|laguardia LGA|la guardia LGA|kastrup CPH|arlanda ARN|gardermoen OSL|vantaa HEL|tegel TXL
malpensa MXP|linate LIN|zaventem BRU|chek lap kok HKG|incheon ICN|suvarnabhumi BKK|kingsford smith SYD
tullamarine MEL|ben gurion TLV|sabiha gokcen SAW|jomo kenyatta NBO|indira gandhi DEL|pudong PVG
hongqiao SHA|domodedovo DME|sheremetyevo SVO|vnukovo VKO|ciampino CIA|beauvais BVA|prestwick PIK
"""

#: folded airport name -> its IATA code ("heathrow" -> "LHR")
AIRPORT_CODES: dict[str, str] = {
    name: code
    for entry in _AIRPORT_CODES_TEXT.replace("\n", "|").split("|") if entry.strip()
    for name, _, code in [entry.strip().rpartition(" ")]
}


def airport_codes(words: list[str]) -> tuple[str, ...]:
    """The IATA and ICAO codes of the airports of the place the folded ``words`` name, its city or
    its airport's own name (["edinburgh"] -> ("EDI", "EGPH"); ["prestwick"] -> ("PIK", "EGPK")):
    a flight plan or a boarding pass writes the code where an answer writes the place. Empty for
    any other name (data/airports.txt, compiled by scripts/build_airports.py)."""
    return airport_table()[0].get(" ".join(words), ())


def airport_of_code(code: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(the codes, the places as word tokens) of the airport whose IATA or ICAO code is ``code``
    ("EDI" -> (("EDI", "EGPH"), (("edinburgh",),))); empty tuples for any other word."""
    return airport_table()[1].get(code, ((), ()))


@lru_cache(maxsize=1)
def airport_table() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]]:
    """data/airports.txt read once: codes by place, and codes and places by code."""
    by_place: dict[str, list[str]] = {}
    by_code: dict[str, tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = {}
    for line in data_file("airports.txt").read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        codes_text, places_text = line.split("\t")
        codes = tuple(codes_text.split())
        places = places_text.split("|")
        for place in places:
            by_place.setdefault(place, []).extend(codes)
        entry = (codes, tuple(tuple(place.split()) for place in places))
        for code in codes:
            by_code.setdefault(code, entry)
    return {place: tuple(codes) for place, codes in by_place.items()}, by_code


def airport_spellings(words: list[str]) -> list[tuple[list[str], str]]:
    """The name's folded ``words`` with an airport's name written as its code, and that code
    (["heathrow", "t5"] -> [(["lhr", "t5"], "LHR")]); empty when no airport is named (most names)."""
    out = []
    for size in (1, 2, 3):
        for i in range(len(words) - size + 1):
            code = AIRPORT_CODES.get(" ".join(words[i:i + size]))
            if code is not None:
                out.append((words[:i] + [code.lower()] + words[i + size:], code))
    return out
