"""Detection quality of raguard: paraphrase suite, long-answer suite, HaluEval QA sample, faithful summaries, SummEdits.

    .venv/bin/python benchmarks/quality.py                     # or: make quality
    .venv/bin/python benchmarks/quality.py --only summedits    # one data set (repeatable)

Prints a table per data set (precision, recall, false-positive rate, per warning type, time per
item) and writes benchmarks/results/quality.json. An item counts as flagged when its action is
"review"; for the paraphrase suite, whose vague-reference pairs are medium severity, any high or
medium warning counts. The long-answer suite (tests/data/long_answers_suite.jsonl) holds fluent
multi-sentence answers over messy documents (tokenized, lower-cased, chats, transcripts) and
one-fact edits of them; its recall is also given by kind of edit (number, date, name, a denial
added or removed), as the paraphrase suite's is by rule. The held-out sets
(``HELDOUT_SETS``: tests/data/heldout*_answers.jsonl) have the same format and are reported the
same way, but were written blind, each after the ones before it had been used to fix gaps, to
measure how the long-answer rules generalize. For these sets and the long-answer
suite, whose edits each name the faithful answer they were made from ("h6-007-number" of
"h6-007-faithful"), recall is also given where that faithful answer proceeds: an edit caught
only through the same false alarm as its faithful answer is no catch. The
HaluEval sample and SummEdits are read from shared/data/ beside the repository (or its worktree's
parent; ``RAGUARD_SHARED_DATA`` names the folder); when one is missing the benchmark says so and
skips it.

SummEdits (five domains of real LLM summaries with human labels) is run as its README says:
``verify(query="Summarize the document.", retrieved_docs=[doc], llm_response=summary)``; an
inconsistent summary (label 0) is a positive and should get "review". Per domain: balanced
accuracy ((recall + 1 - FPR) / 2), recall, FPR, and the AUROC of ``1 - result.score`` (when the
result has a score) as a detector of the inconsistent summaries.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, NamedTuple

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from raguard import Verifier, VerifyResult  # noqa: E402

SUITE = ROOT / "tests" / "data" / "paraphrase_suite.jsonl"
DATA = ROOT / "tests" / "data"
LONG_SUITE = DATA / "long_answers_suite.jsonl"
SUMMARIES = ROOT / "benchmarks" / "data" / "summaries.jsonl"


def _shared_data() -> Path:
    """The shared benchmark data: $RAGUARD_SHARED_DATA, else the first shared/data/ found beside
    the repository or one of its parents (a git worktree lives one level deeper)."""
    env = os.environ.get("RAGUARD_SHARED_DATA")
    if env:
        return Path(env)
    for parent in ROOT.parents:
        candidate = parent / "shared" / "data"
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared" / "data"


SHARED = _shared_data()
HALUEVAL = SHARED / "halueval_qa"
SUMMEDITS = SHARED / "summedits"
#: SummEdits domains read (file stem -> label in the tables).
SUMMEDITS_DOMAINS: tuple[str, ...] = ("news", "podcast", "sales_call", "samsum", "scitldr")
SUMMEDITS_QUERY = "Summarize the document."
RESULTS = ROOT / "benchmarks" / "results" / "quality.json"

#: Profiles compared in one run: the default, and a stricter statement threshold that trades
#: paraphrase false positives for recall on extractive QA.
PROFILES: dict[str, dict[str, Any]] = {
    "default": {},
    "strict": {"checker_options": {"statements": {"min_support": 0.67}}},
}


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_suite() -> list[dict[str, Any]]:
    return [
        {"id": r["id"], "positive": r["label"] == "fabricated", "query": r["query"], "docs": r["docs"],
         "answer": r["answer"], "group": r["rule"]}
        for r in _read_jsonl(SUITE)
    ]


def load_long_suite(path: Path = LONG_SUITE) -> list[dict[str, Any]]:
    """The long-answer suite: faithful answers over messy documents, and one-fact edits of them."""
    return [
        {"id": r["id"], "positive": r["label"] == "fabricated", "query": r["query"], "docs": r["docs"],
         "answer": r["answer"], "group": r.get("edit", "faithful")}
        for r in _read_jsonl(path)
    ]


class HeldOutSet(NamedTuple):
    """A held-out set's file, and who wrote it over which document shapes."""

    path: Path
    about: str


#: The held-out long-answer sets in the order they were written (name -> file, who wrote it over
#: which document shapes). Each was written blind (its testers read neither the rules nor the other
#: sets, nor ran raguard) after the ones before it had been used to fix gaps, so each measures whether
#: those fixes generalize; adding a set is one entry here (and one in tests/test_heldout_answers.py).
HELDOUT_SETS: dict[str, HeldOutSet] = {
    "heldout_answers": HeldOutSet(
        DATA / "heldout_answers.jsonl",
        "one tester; email and Slack threads, issues, clauses, leaflets, OCR"),
    "heldout2_answers": HeldOutSet(
        DATA / "heldout2_answers.jsonl",
        "a second tester; support macros and tickets, wikis, minutes, chats, transcripts, wires, spec "
        "sheets, policy wording, notices, timetables, filings, judgments"),
    "heldout3_answers": HeldOutSet(
        DATA / "heldout3_answers.jsonl",
        "a third tester, 45 shapes (discharge letters, earnings tables, changelogs, API pages, tenancy "
        "clauses, timestamped meetings, tokenized wires, ALL-CAPS rules); adds opposite words and swapped "
        "roles to the edits"),
    "heldout4_answers": HeldOutSet(
        DATA / "heldout4_answers.jsonl",
        "60 shapes (METAR and NOTAMs, lab reports, payslips, kubectl events, git logs, Hansard, count "
        "sheets, voicemail and unpunctuated speech-to-text)"),
    "heldout5_answers": HeldOutSet(
        DATA / "heldout5_answers.jsonl",
        "60 shapes (price lists with decimal commas, order tracking, SLA tables, EOBs, captions, "
        "scorecards, HTML remnants, chatbot hand-offs, live blogs), answers in several LLM styles"),
    "heldout6_answers": HeldOutSet(
        DATA / "heldout6_answers.jsonl",
        "60 shapes (recipe cards, listings, syllabi, registry entries, recalls, fare rules, bills, "
        "configs, CSV exports, postmortems, advisories, translated notices, rulebooks, manuals)"),
    "heldout7_answers": HeldOutSet(
        DATA / "heldout7_answers.jsonl",
        "60 shapes (gauge bulletins, command and log output, datasheets, lab certificates, tide tables, "
        "subtitle files, legal and clinical shorthand, translated letters, mixed-language notes)"),
    "heldout8_answers": HeldOutSet(
        DATA / "heldout8_answers.jsonl",
        "two testers, 60 shapes (receipts, patterns, contest logs, tariffs, test certificates, lab "
        "exports, registers, filings)"),
    "heldout9_answers": HeldOutSet(
        DATA / "heldout9_answers.jsonl",
        "two testers, 60 shapes (council letters, pharmacy rotas, travel-card exports, club sheets, EDI "
        "and DNS records, reinsurance slips, royalty statements, drilling reports)"),
    "heldout10_answers": HeldOutSet(
        DATA / "heldout10_answers.jsonl",
        "two testers, 60 shapes (bank and utility letters, vet and trades paperwork, museum and registry "
        "notices, triage and theatre lists, grant reviews, flight plans, census tables, rent rolls, mill "
        "certificates)"),
    "heldout11_answers": HeldOutSet(
        DATA / "heldout11_answers.jsonl",
        "two testers, 60 shapes (auction and harvest records, school and court paperwork, energy "
        "statements, club admin, CI logs, permits, insurance and payroll forms, newsroom rundowns, group "
        "chats in four languages)"),
    "heldout12_answers": HeldOutSet(
        DATA / "heldout12_answers.jsonl",
        "two testers, 60 shapes (store audits, pallet exceptions, dangerous-goods forms, transit notices, "
        "lab and freezer logs, monitoring tables, accounts-payable exceptions, benefit notices, "
        "service-desk records, press releases, support chats in four languages), a third of the answers "
        "long"),
    "heldout13_answers": HeldOutSet(
        DATA / "heldout13_answers.jsonl",
        "two testers, 60 shapes (council and benefit decisions, care and clinic records, school and exam "
        "paperwork, farm and trades records, cap tables, insurance and legal letters, on-call and "
        "incident tooling, trading chats, call sheets, tour texts), a third of the answers long"),
    "heldout14_answers": HeldOutSet(
        DATA / "heldout14_answers.jsonl",
        "two testers, 60 shapes (freight and customs paperwork, farm schemes and co-op statements, energy "
        "tariffs and bills, foreign-language court, tax and benefit letters, club results, NHS and billing "
        "admin, CI and monitoring output, exam and school pages, booking chats and call transcripts), a "
        "third of the answers long"),
    "heldout15_answers": HeldOutSet(
        DATA / "heldout15_answers.jsonl",
        "two testers, 60 shapes (job cards, medicine and freezer logs, freight emails, OCR'd council and "
        "pharmacy slips, club WhatsApp and radio-net logs, qPCR and COSHH sheets; security-event exports, "
        "licence and stock reconciliations, cover notes, payroll and tenancy letters, energy app alerts, "
        "as-run logs, live-chat transcripts), a fresh measure of the rules of the thirty-sixth round"),
    "heldout16_answers": HeldOutSet(
        DATA / "heldout16_answers.jsonl",
        "two testers, 60 shapes in trades, farming, shipping, schools, care, councils, tribunals, clubs, "
        "charities, kitchens, utilities and archives; software, retail, travel, insurance, banking, labs, "
        "collecting, property, telecoms, motoring, publishing, games, fitness, vets and events: a fresh "
        "measure of the rules of the thirty-seventh round"),
    "heldout17_answers": HeldOutSet(
        DATA / "heldout17_answers.jsonl",
        "two testers, 60 shapes new beside the 916 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the thirty-ninth round"),
    "heldout18_answers": HeldOutSet(
        DATA / "heldout18_answers.jsonl",
        "two testers, 60 shapes new beside the 976 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the fortieth round"),
    "heldout19_answers": HeldOutSet(
        DATA / "heldout19_answers.jsonl",
        "two testers, 60 shapes new beside the 1,036 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the forty-first round"),
    "heldout20_answers": HeldOutSet(
        DATA / "heldout20_answers.jsonl",
        "two testers, 60 shapes new beside the 1,096 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the forty-second round"),
    "heldout21_answers": HeldOutSet(
        DATA / "heldout21_answers.jsonl",
        "two testers, 60 shapes new beside the 1,156 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the forty-third round"),
    "heldout22_answers": HeldOutSet(
        DATA / "heldout22_answers.jsonl",
        "two testers, 60 shapes new beside the 1,216 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the forty-fourth round"),
    "heldout23_answers": HeldOutSet(
        DATA / "heldout23_answers.jsonl",
        "two testers, 60 shapes new beside the 1,276 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the forty-fifth round"),
    "heldout24_answers": HeldOutSet(
        DATA / "heldout24_answers.jsonl",
        "two testers, 60 shapes new beside the 1,336 of the sets before them (the prompt of "
        "benchmarks/heldout_prompt.md): a fresh measure of the rules of the forty-sixth round"),
}


def load_heldout(name: str = "heldout_answers") -> list[dict[str, Any]]:
    """A held-out set (``HELDOUT_SETS``): the long suite's format, edits naming their faithful answer."""
    return load_long_suite(HELDOUT_SETS[name].path)


def load_halueval() -> list[dict[str, Any]] | None:
    files = [HALUEVAL / "qa_one_turn.jsonl", HALUEVAL / "qa_multi_turn.jsonl"]
    if not all(f.is_file() for f in files):
        return None
    items: dict[tuple[str, str, bool], dict[str, Any]] = {}
    for f in files:
        for r in _read_jsonl(f):
            for answer, positive in ((r["right_answer"], False), (r["hallucinated_answer"], True)):
                key = (r["knowledge"], answer, positive)
                items.setdefault(key, {"id": f"halueval-{len(items)}", "positive": positive,
                                       "query": r["question"], "docs": [r["knowledge"]], "answer": answer,
                                       "group": "qa"})
    return list(items.values())


def load_summaries() -> list[dict[str, Any]] | None:
    if not SUMMARIES.is_file():
        return None
    return [{"id": r["id"], "positive": False, "query": r["query"], "docs": r["docs"], "answer": r["answer"],
             "group": r.get("topic", "summary")} for r in _read_jsonl(SUMMARIES)]


def load_summedits() -> dict[str, list[dict[str, Any]]] | None:
    """SummEdits items per domain (label 0, inconsistent, is the positive); None when missing."""
    files = [SUMMEDITS / f"{d}.json" for d in SUMMEDITS_DOMAINS]
    if not all(f.is_file() for f in files):
        return None
    out: dict[str, list[dict[str, Any]]] = {}
    for domain, f in zip(SUMMEDITS_DOMAINS, files):
        rows = json.loads(f.read_text(encoding="utf-8"))
        out[domain] = [{"id": r.get("id", f"{domain}-{i}"), "positive": r["label"] == 0, "query": SUMMEDITS_QUERY,
                        "docs": [r["doc"]], "answer": r["summary"], "group": domain}
                       for i, r in enumerate(rows)]
    return out


def auroc(scores_pos: list[float], scores_neg: list[float]) -> float | None:
    """Area under the ROC curve of a detector that flags high scores: the chance that a random
    positive scores above a random negative, ties counting half (Mann-Whitney U)."""
    if not scores_pos or not scores_neg:
        return None
    ranked = sorted([(s, 1) for s in scores_pos] + [(s, 0) for s in scores_neg])
    rank_sum = 0.0
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        mid = (i + 1 + j) / 2  # average 1-based rank of the tie group
        rank_sum += mid * sum(1 for k in range(i, j) if ranked[k][1])
        i = j
    n_pos, n_neg = len(scores_pos), len(scores_neg)
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def evaluate(verifier: Verifier, items: list[dict[str, Any]],
             flagged: Callable[[VerifyResult], bool]) -> dict[str, Any]:
    tp = fp = tn = fn = 0
    times: list[float] = []
    type_pos: Counter[str] = Counter()
    type_neg: Counter[str] = Counter()
    false_positives: list[dict[str, Any]] = []
    missed: list[dict[str, Any]] = []
    score_pos: list[float] = []
    score_neg: list[float] = []
    group_pos: Counter[str] = Counter()
    group_hit: Counter[str] = Counter()
    hits: dict[str, bool] = {}
    n_pos = sum(1 for i in items if i["positive"])
    for item in items:
        t0 = time.perf_counter()
        result = verifier.verify(item["query"], item["docs"], item["answer"])
        times.append(time.perf_counter() - t0)
        hit = flagged(result)
        hits[item["id"]] = hit
        score = getattr(result, "score", None)
        if score is not None:  # a detector of positives: low groundedness
            (score_pos if item["positive"] else score_neg).append(1.0 - float(score))
        types = {w.type for w in result.warnings if w.severity in ("high", "medium")}
        if item["positive"]:
            tp += hit
            fn += not hit
            type_pos.update(types)
            group_pos[item["group"]] += 1
            group_hit[item["group"]] += hit
            if not hit:
                missed.append({"id": item["id"], "answer": item["answer"][:200]})
        else:
            fp += hit
            tn += not hit
            type_neg.update(types)
            if hit:
                false_positives.append({"id": item["id"], "answer": item["answer"][:200],
                                        "warnings": [(w.type, w.text[:80]) for w in result.warnings
                                                     if w.severity in ("high", "medium")]})
    n_neg = len(items) - n_pos
    recall = tp / n_pos if n_pos else None
    fpr = fp / n_neg if n_neg else None
    area = auroc(score_pos, score_neg)
    per_type = {
        t: {"fires_on_positive": type_pos[t], "fires_on_negative": type_neg[t],
            "share_of_positives": round(type_pos[t] / n_pos, 3) if n_pos else None,
            "share_of_negatives": round(type_neg[t] / n_neg, 3) if n_neg else None,
            "precision": round(type_pos[t] / (type_pos[t] + type_neg[t]), 3) if (type_pos[t] + type_neg[t]) and n_pos and n_neg else None}
        for t in sorted(set(type_pos) | set(type_neg))
    }
    return {
        "items": len(items), "positives": n_pos, "negatives": n_neg,
        "tp": tp, "fp": fp, "tn": tn, "fn": fn,
        "precision": round(tp / (tp + fp), 4) if tp + fp else None,
        "recall": round(recall, 4) if recall is not None else None,
        "false_positive_rate": round(fpr, 4) if fpr is not None else None,
        "balanced_accuracy": round((recall + 1 - fpr) / 2, 4) if recall is not None and fpr is not None else None,
        "auroc_score": round(area, 4) if area is not None else None,
        "ms_per_item_mean": round(1000 * statistics.fmean(times), 3) if times else None,
        "ms_per_item_p50": round(1000 * statistics.median(times), 3) if times else None,
        "per_type": per_type,
        # recall by kind of positive (an edit's kind, a rule), where there are several kinds
        "recall_per_group": ({g: round(group_hit[g] / n, 3) for g, n in sorted(group_pos.items())}
                             if 1 < len(group_pos) < 20 else None),
        **_paired_recall(items, hits),
        "false_positives": false_positives[:25],
        "missed": missed[:25],
        "_scores": (score_pos, score_neg),
    }


def _sibling(item_id: str) -> str:
    """The faithful answer an edit was made from: "h6-007-number-2" -> "h6-007-faithful"."""
    return "-".join(item_id.split("-")[:2]) + "-faithful"


def _paired_recall(items: list[dict[str, Any]], hits: dict[str, bool]) -> dict[str, Any]:
    """Recall over the edits whose faithful answer proceeds (overall and by kind), for sets whose
    edits name their faithful answer; {} for others."""
    pairs = [(i, _sibling(i["id"])) for i in items if i["positive"]]
    if not pairs or not all(sib in hits for _, sib in pairs):
        return {}
    kept = [i for i, sib in pairs if not hits[sib]]
    by_group: dict[str, list[bool]] = {}
    for i in kept:
        by_group.setdefault(i["group"], []).append(hits[i["id"]])
    return {
        "edits_of_proceeding_faithful": len(kept),
        "paired_recall": round(sum(hits[i["id"]] for i in kept) / len(kept), 4) if kept else None,
        "paired_recall_per_group": {g: f"{sum(v)}/{len(v)}" for g, v in sorted(by_group.items())},
    }


def _review(result: VerifyResult) -> bool:
    return result.action == "review"


def _high_or_medium(result: VerifyResult) -> bool:
    return any(w.severity in ("high", "medium") for w in result.warnings)


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def print_table(name: str, profile: str, report: dict[str, Any]) -> None:
    print(f"\n{name}  [profile: {profile}]  ({report['items']} items: {report['positives']} positive, "
          f"{report['negatives']} negative)")
    print(f"  precision {_fmt(report['precision'])}   recall {_fmt(report['recall'])}   "
          f"false-positive rate {_fmt(report['false_positive_rate'])}   "
          f"bacc {_fmt(report['balanced_accuracy'])}   AUROC(score) {_fmt(report['auroc_score'])}   "
          f"FP {report['fp']}   time/item mean {_fmt(report['ms_per_item_mean'])} ms, "
          f"p50 {_fmt(report['ms_per_item_p50'])} ms")
    if report.get("recall_per_group"):
        print("  recall by kind: " + ", ".join(f"{g} {_fmt(r)}" for g, r in report["recall_per_group"].items()))
    if report.get("paired_recall") is not None:
        print(f"  where the faithful answer proceeds ({report['edits_of_proceeding_faithful']} edits): recall "
              f"{_fmt(report['paired_recall'])}; by kind: "
              + ", ".join(f"{g} {n}" for g, n in report["paired_recall_per_group"].items()))
    if report["per_type"]:
        print(f"  {'warning type':<24}{'on positives':>14}{'on negatives':>14}{'precision':>11}")
        for wtype, row in report["per_type"].items():
            print(f"  {wtype:<24}{row['fires_on_positive']:>8} ({_fmt(row['share_of_positives'])})"
                  f"{row['fires_on_negative']:>6} ({_fmt(row['share_of_negatives'])}){_fmt(row['precision']):>9}")


#: Data set names for ``--only``.
DATASETS: tuple[str, ...] = ("paraphrase_suite", "long_answers_suite", *HELDOUT_SETS, "halueval_qa",
                             "faithful_summaries", "summedits")


def print_summedits(profile: str, reports: dict[str, dict[str, Any]]) -> None:
    """One line per SummEdits domain, then the five together."""
    print(f"\nsummedits  [profile: {profile}]  (positive = inconsistent summary; flagged = review)")
    print(f"  {'domain':<12}{'items':>6}{'bacc':>7}{'recall':>8}{'FPR':>7}{'AUROC':>7}{'p50 ms':>8}")
    for domain, r in reports.items():
        print(f"  {domain:<12}{r['items']:>6}{_fmt(r['balanced_accuracy']):>7}{_fmt(r['recall']):>8}"
              f"{_fmt(r['false_positive_rate']):>7}{_fmt(r['auroc_score']):>7}{_fmt(r['ms_per_item_p50']):>8}")


def _summedits_total(reports: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Mean balanced accuracy over the domains, worst FPR, and the AUROC of the pooled scores."""
    baccs = [r["balanced_accuracy"] for r in reports.values() if r["balanced_accuracy"] is not None]
    pos = [s for r in reports.values() for s in r["_scores"][0]]
    neg = [s for r in reports.values() for s in r["_scores"][1]]
    area = auroc(pos, neg)
    return {"mean_balanced_accuracy": round(statistics.fmean(baccs), 4) if baccs else None,
            "max_false_positive_rate": max(r["false_positive_rate"] for r in reports.values()),
            "auroc_score_pooled": round(area, 4) if area is not None else None}


def run(profiles: Iterable[str], only: Iterable[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"machine": platform.platform(), "python": platform.python_version(),
                           "when": time.strftime("%Y-%m-%d %H:%M:%S"), "sets": {}}
    wanted = set(only or DATASETS)
    loaders: list[tuple[str, Callable[[], Any], Callable[[VerifyResult], bool], str]] = [
        ("paraphrase_suite", load_suite, _high_or_medium, str(SUITE.relative_to(ROOT))),
        ("long_answers_suite", load_long_suite, _review, str(LONG_SUITE.relative_to(ROOT))),
        *((name, lambda name=name: load_heldout(name), _review, str(held.path.relative_to(ROOT)))
          for name, held in HELDOUT_SETS.items()),
        ("halueval_qa", load_halueval, _review, str(HALUEVAL)),
        ("faithful_summaries", load_summaries, _review, str(SUMMARIES.relative_to(ROOT))),
        ("summedits", load_summedits, _review, str(SUMMEDITS)),
    ]
    datasets = [(name, load(), flagged, source) for name, load, flagged, source in loaders if name in wanted]
    for profile in profiles:
        verifier = Verifier(**PROFILES[profile])
        verifier.verify("warm-up", ["The model loads once."], "The model loads once.")
        for name, items, flagged, source in datasets:
            if items is None:
                print(f"\n{name}: MISSING — expected at {source}; skipped.")
                out["sets"].setdefault(name, {})[profile] = {"missing": source}
                continue
            if name == "summedits":
                reports = {domain: evaluate(verifier, rows, flagged) for domain, rows in items.items()}
                print_summedits(profile, reports)
                total = _summedits_total(reports)
                print(f"  all five: mean bacc {_fmt(total['mean_balanced_accuracy'])}, max FPR "
                      f"{_fmt(total['max_false_positive_rate'])}, pooled AUROC(score) {_fmt(total['auroc_score_pooled'])}")
                for r in reports.values():
                    del r["_scores"]
                out["sets"].setdefault(name, {})[profile] = {"domains": reports, "all": total}
                continue
            report = evaluate(verifier, items, flagged)
            del report["_scores"]
            print_table(name, profile, report)
            out["sets"].setdefault(name, {})[profile] = report
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=sorted(PROFILES), action="append",
                        help="profile(s) to run (default: all)")
    parser.add_argument("--only", choices=DATASETS, action="append",
                        help="data set(s) to run (default: all)")
    parser.add_argument("--out", type=Path, default=None,
                        help=f"where to write the JSON (default: {RESULTS.relative_to(ROOT)}; with --only, "
                             "quality-<sets>.json beside it)")
    args = parser.parse_args(argv)
    if args.out is None:
        args.out = RESULTS if not args.only else RESULTS.with_name(f"quality-{'-'.join(sorted(set(args.only)))}.json")
    report = run(args.profile or list(PROFILES), args.only)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
