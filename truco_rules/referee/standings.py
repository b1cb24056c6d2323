"""What a tournament's records add up to: points, a crosstable, ratings, faults per bot.

A match won scores 1 and lost 0, however it ended (the termination says how); a match that nobody
won scores a half to each side when it was played (adjudicated level, abandoned) and nothing when
it was not (both bots disqualified). Ratings come from openskill (Plackett-Luce: a rating `mu` and
its uncertainty `sigma`; the table ranks by the conservative `mu - 3 sigma`), over the matches
played, in the schedule's order, so that they are the same in every run. Chosen because it is kept
up (MIT, no dependencies, typed), rates teams and draws, and gives the uncertainty that a short
tournament must show; Elo would be a few lines but has none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from truco_rules.referee.faults import DISQUALIFICATION, Policy
from truco_rules.referee.schedule import Scheduled

RESULTS_FORMAT = "truco-tournament-results/1"


def match_points(schedule: Sequence[Scheduled], records: Sequence[dict[str, Any]]) -> dict[str, float]:
    points: dict[str, float] = {}
    for m, record in zip(schedule, records, strict=False):
        for side, score in enumerate(_scores(record)):
            points[m.sides[side]] = points.get(m.sides[side], 0.0) + score
    return points


def _scores(record: dict[str, Any]) -> tuple[float, float]:
    ref = record["referee"]
    if ref["winner"] is not None:
        return (1.0, 0.0) if ref["winner"] == 0 else (0.0, 1.0)
    return (0.0, 0.0) if ref["termination"] == DISQUALIFICATION else (0.5, 0.5)


def _decisions_and_faults(records: Sequence[dict[str, Any]]) -> tuple[Counter[str], Counter[str]]:
    decisions: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    for record in records:
        ref = record["referee"]
        bot = {p["seat"]: p["bot"] for p in ref["players"]}
        for seat, n in enumerate(ref["decisions"]):
            decisions[bot[seat]] += n
        for f in ref["faults"]:
            faults[bot[f["seat"]]] += 1
    return decisions, faults


def disqualified(records: Sequence[dict[str, Any]], policy: Policy) -> set[str]:
    """The bots whose faults exceed the policy's rate of their decisions, once they made enough."""
    decisions, faults = _decisions_and_faults(records)
    return {b for b, n in decisions.items()
            if n >= max(policy.min_decisions, 1) and faults[b] > policy.fault_rate * n}


def ratings(schedule: Sequence[Scheduled], records: Sequence[dict[str, Any]],
            bots: Sequence[str]) -> dict[str, dict[str, float]]:
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rating = {b: model.rating(name=b) for b in bots}
    for m, record in zip(schedule, records, strict=True):
        if record["referee"]["termination"] == DISQUALIFICATION:
            continue  # not played: it tells nothing of strength
        a, b = m.sides
        w = record["referee"]["winner"]
        ranks = [0.0, 0.0] if w is None else ([0.0, 1.0] if w == 0 else [1.0, 0.0])
        [[rating[a]], [rating[b]]] = model.rate([[rating[a]], [rating[b]]], ranks=ranks)
    return {b: {"mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "ordinal": round(r.ordinal(), 2)}
            for b, r in rating.items()}


def summarize(name: str, ruleset: str, system: str, policy: Policy, bots: Sequence[str],
              schedule: Sequence[Scheduled], records: Sequence[dict[str, Any]],
              byes: Sequence[str] = ()) -> dict[str, Any]:
    """The results of a tournament (truco-tournament-results/1), a function of its records."""
    points = match_points(schedule, records)
    decisions, _ = _decisions_and_faults(records)
    rated = ratings(schedule, records, bots)
    rows: dict[str, dict[str, Any]] = {
        b: {"bot": b, "points": points.get(b, 0.0), "played": 0, "wins": 0, "draws": 0, "losses": 0,
            "rating": rated[b], "decisions": decisions[b], "faults": Counter(), "clauses": Counter(),
            "disqualified": False} for b in bots}
    cross: dict[str, dict[str, list[int]]] = {b: {} for b in bots}
    terminations: Counter[str] = Counter()
    matches = []
    out = disqualified(records, policy)
    for m, record in zip(schedule, records, strict=True):
        ref = record["referee"]
        terminations[ref["termination"]] += 1
        seat_bot = {p["seat"]: p["bot"] for p in ref["players"]}
        for f in ref["faults"]:
            row = rows[seat_bot[f["seat"]]]
            row["faults"][f["kind"]] += 1
            if f["clause"]:
                row["clauses"][f["clause"]] += 1
        scores = _scores(record)
        for side in (0, 1):
            me, other = m.sides[side], m.sides[1 - side]
            if ref["termination"] == DISQUALIFICATION and ref["winner"] is None:
                continue  # neither bot may play any more: nobody scores
            row = rows[me]
            row["played"] += 1
            k = 0 if scores[side] == 1.0 else 1 if scores[side] == 0.5 else 2
            row[("wins", "draws", "losses")[k]] += 1
            cross[me].setdefault(other, [0, 0, 0])[k] += 1
        matches.append({"id": m.id, "round": m.round, "sides": list(m.sides),
                        "termination": ref["termination"], "winner": ref["winner"],
                        "faults": len(ref["faults"])})
    for b in out:
        rows[b]["disqualified"] = True
    table = sorted(rows.values(), key=lambda r: (r["disqualified"], -r["points"], -r["rating"]["ordinal"],
                                                 bots.index(r["bot"])))
    for rank, row in enumerate(table, 1):
        row["rank"] = rank
        row["faults"] = dict(sorted(row["faults"].items()))
        row["clauses"] = dict(sorted(row["clauses"].items()))
    return {"format": RESULTS_FORMAT, "tournament": name, "ruleset": ruleset, "system": system,
            "policy": policy.to_dict(), "matches_played": len(records), "standings": table,
            "crosstable": cross, "terminations": dict(sorted(terminations.items())), "byes": list(byes),
            "matches": matches}
