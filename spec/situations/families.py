"""The families of situations (spec.situations.generate lists what each distinguishes): each yields
the plans of a ruleset from its data alone, never from its name."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.cards import card_strength, deck
from truco_rules.spec.rules.procedure.parts import Illegal
from truco_rules.spec.rules.state import Rules
from truco_rules.spec.situations.plans import SKIP, Dealer, Plan, Step, complete, muestras, realise, suit
from truco_rules.spec.situations.play import SpecRun


def first(run: SpecRun, card: str) -> str | None:
    return f"play {card}" if f"play {card}" in run.legal() else None


def play_card(card: str) -> Step:
    return lambda run: first(run, card)


# --- families ------------------------------------------------------------------------------------------
def card_plans(rules: Rules) -> Iterator[Plan]:
    n = rules.players
    for muestra in muestras(rules):
        dealer = Dealer(rules, muestra)
        groups = dealer.groups
        tag = f"muestra-{muestra}/" if muestra else ""
        for i, j in itertools.combinations_with_replacement(range(len(groups)), 2):
            if i == j and len(groups[i]) < 2:
                continue
            a, b = groups[i][0], groups[j][1 if i == j else 0]
            if (i + j) % 2:  # who holds the stronger card alternates over the pairs
                a, b = b, a
            deal = dealer.deal({0: [a], 1: [b]})
            if deal is None:
                continue
            steps: list[Step] = [play_card(a), play_card(b)]
            if n > 2:  # the partners play their weakest cards
                steps += [_weakest_play, _weakest_play][: n - 2]
            about = (
                f"{a} against {b} in the first round"
                + (f", under the muestra {muestra}" if muestra else "")
                + (": equal cards" if i == j else "")
            )
            yield Plan("cards", f"{tag}{a}-{b}", about, (deal,), tuple(steps))


def _weakest_play(run: SpecRun) -> str | None:
    plays = [a for a in run.legal() if a.startswith("play ")]
    if not plays:
        return None
    return min(plays, key=lambda a: card_strength(run.rules, a[5:], muestra=_muestra_of(run)))


def _muestra_of(run: SpecRun) -> str | None:
    return run.hand.muestra if run.hand is not None else None


_RESULTS = ("0", "1", "tie")


def round_plans(rules: Rules) -> Iterator[Plan]:
    """Every pattern of round results: seat 0's and seat 1's cards of round k decide it."""
    dealer = Dealer(rules, muestras(rules)[0])
    groups = dealer.groups
    # three well-separated groups with two cards or more, from the middle of the order
    wide = [k for k in range(len(groups) - 2) if len(groups[k]) >= 2 and len(groups[k + 1]) >= 1]
    if len(wide) < 3:
        return
    picks = [wide[len(wide) // 4], wide[len(wide) // 2], wide[(3 * len(wide)) // 4]]
    for pattern in itertools.product(_RESULTS, repeat=3):
        cards: dict[int, list[str]] = {0: [], 1: []}
        for k, res in enumerate(pattern):
            g = picks[k]
            hi, lo = groups[g][0], groups[g + 1][0] if res != "tie" else groups[g][1]
            a, b = (hi, lo) if res in ("0", "tie") else (lo, hi)
            cards[0].append(a)
            cards[1].append(b)
        deal = dealer.deal(cards)
        if deal is None:
            continue
        steps: list[Step] = []
        for k in range(3):
            for _ in range(rules.players):
                steps.append(_round_card(cards, k))
        yield Plan(
            "rounds",
            "-".join(pattern),
            f"rounds won by {', '.join(pattern)} (as far as the hand goes)",
            (deal,),
            tuple(steps),
        )


def _round_card(cards: Mapping[int, Sequence[str]], k: int) -> Step:
    def choose(run: SpecRun) -> str | None:
        hand = run.hand
        if hand is None or hand.over or len(hand.rounds) != k:
            return _skip(run)
        seat = hand.to_act()
        if seat is not None and seat in cards:
            return first(run, cards[seat][k])
        return _weakest_play(run)

    return choose


def _skip(run: SpecRun) -> str | None:
    """A step of a plan that the hand no longer needs (it ended, or a round went otherwise): play on."""
    return complete(run) if not run.over else SKIP


def _strong_deal(rules: Rules, seat: int) -> dict[str, Any] | None:
    """A deal where `seat` holds three of the strongest cards, the others weak cards."""
    dealer = Dealer(rules, muestras(rules)[0])
    top = [c for g in dealer.groups for c in g]
    chosen: list[str] = []
    for c in top:
        if len(chosen) == 3:
            break
        if sum(suit(x) == suit(c) for x in chosen) < 2:
            chosen.append(c)
    return dealer.deal({seat: chosen})


def target_plans(rules: Rules) -> Iterator[Plan]:
    """Scores one call short of the target and one point short of that, under each way of scoring."""
    target = int(rules.data["match"]["target"])
    ladder = rules.ladder
    ways: list[tuple[str, int, tuple[str, ...]]] = [("hand-won", ladder[0], ())]
    if len(ladder) > 1:
        ways.append(("truco-accepted", ladder[1], (f"raise {ladder[1]}", "accept")))
        ways.append(("truco-refused", int(lad.run_payout(rules, ladder[1])), (f"raise {ladder[1]}", "run")))
    if rules.has("envido"):
        ways.append(("envido-refused", 1, ("envido", "run")))
    for side_ in (0, 1):
        deal = _strong_deal(rules, side_)
        if deal is None:
            continue
        for name, points, opening in ways:
            steps = _opening(rules, side_, opening)
            starts = {
                "reached": target - points,
                "one-point-short": target - 1,
                "one-short": target - points - 1,
            }
            for short, start in starts.items():
                if short == "one-point-short" and start == target - points:
                    continue
                if start < 0:
                    continue
                scores = (start, 0) if side_ == 0 else (0, start)
                yield Plan(
                    "target",
                    f"{name}/side-{side_}/{short}",
                    f"side {side_} at {start} of {target}, {name.replace('-', ' ')}"
                    + (" (one point short of what reaches the target)" if short == "one-short" else ""),
                    (deal,),
                    steps,
                    scores,
                )
    if rules.has("envido"):
        yield from _envido_target_plans(rules, target)
    if rules.has("flor"):
        yield from _flor_target_plans(rules, target)
    accepted = [w for w in ways if w[0] == "truco-accepted"]
    if rules.reading("score-cap") == "capped" and accepted:
        yield from _capped_score_plans(rules, target, accepted[0])


def _capped_score_plans(rules: Rules, target: int, way: tuple[str, int, tuple[str, ...]]) -> Iterator[Plan]:
    """AMB-59 score-cap `capped`: a side wins more points than it lacks to reach the target; its
    final score stops at the target (the case's end says so). From a score a match can come to:
    a truco accepted one point past the target where every value is a multiple of one, and the hand
    of ten played (TEN-2, PAU-8) where it is worth more than the point its side lacks."""
    name, points, opening = way
    start = target - points + 1
    step = math.gcd(*rules.ladder, *(int(lad.run_payout(rules, v)) for v in rules.ladder[1:]))
    for side_ in (0, 1):
        deal = _strong_deal(rules, side_)
        scores = (start, 0) if side_ == 0 else (0, start)
        if deal is None or points < 2 or start < 0 or start % step \
                or lad.hand_kind(rules, *scores) != lad.NORMAL:
            continue
        yield Plan("target", f"capped/{name}/side-{side_}",
                   f"side {side_} at {start} of {target} wins {points} ({name.replace('-', ' ')}); "
                   f"its score stops at {target} (AMB-59)", (deal,), _opening(rules, side_, opening), scores)
    ten = rules.data.get("hand_of_ten") if rules.has("hand_of_ten") else None
    if ten is not None and int(ten["score"]) + int(ten["value"]) > target:
        at, worth = int(ten["score"]), int(ten["value"])
        for side_ in (0, 1):
            deal = _strong_deal(rules, side_)
            if deal is not None:
                yield Plan("target", f"capped/ten-played/side-{side_}",
                           f"side {side_} at {at} of {target} plays the hand of ten, worth {worth}; "
                           f"its score stops at {target} (AMB-59)", (deal,), (_ten_play_if_offered,),
                           (at, 0) if side_ == 0 else (0, at))
    if rules.has("flor"):  # where a flor is sung before any truco (AMB-26, AMB-42), by the flor's points
        for plan in _flor_target_plans(rules, target):
            if plan.detail.endswith("one-point-short"):
                yield replace(plan, detail="capped/flor/side-0",
                              about=f"{plan.about}; its score stops at {target} (AMB-59)")


def _flor_target_plans(rules: Rules, target: int) -> Iterator[Plan]:
    """A flor sung against no flor, its side at the flor's stake short of the target, one point short,
    and one short of what reaches it."""
    dealer = Dealer(rules, muestras(rules)[0])
    by_suit: dict[str, list[str]] = {}
    for c in (c for g in dealer.groups for c in g):
        by_suit.setdefault(suit(c), []).append(c)
    flor = by_suit[sorted(by_suit)[0]][:3]
    deal = dealer.deal({0: flor})
    if deal is None:
        return
    stake = int(rules.data["flor"]["stake"])
    for short, start in (
        ("reached", target - stake),
        ("one-point-short", target - 1),
        ("one-short", target - stake - 1),
    ):
        if start >= 0:
            yield Plan(
                "target",
                f"flor/side-0/{short}",
                f"side 0 at {start} of {target}, a flor sung against none",
                (deal,),
                ("flor",),
                (start, 0),
            )


def _opening(rules: Rules, side_: int, opening: Sequence[str]) -> tuple[Step, ...]:
    """The opening actions by the side that scores: the seat to act of that side calls, the other
    side answers. With the scoring side second to act, the first seat plays a card first."""
    if not opening:
        return ()
    call, answer = opening

    def caller(run: SpecRun) -> str | None:
        hand = run.hand
        if hand is None:
            return None
        if hand.to_act() is not None and hand.to_act() % 2 != side_:  # type: ignore[operator]
            return _weakest_play(run)
        return call if call in run.legal() else None

    def answerer(run: SpecRun) -> str | None:
        done = [a["action"] for a in run.actions]
        if call not in done:
            return caller(run)
        if answer in done[done.index(call) :]:
            return SKIP
        return answer if answer in run.legal() else None

    return (caller, answerer, answerer)


def _envido_target_plans(rules: Rules, target: int) -> Iterator[Plan]:
    dealer = Dealer(rules, muestras(rules)[0])
    rich = _envido_hand(dealer)
    if rich is None:
        return
    deal = dealer.deal({0: rich})
    if deal is None:
        return
    for call in ("envido", "falta-envido"):
        for start in (target - 2, target - 3, 0):
            if start < 0:
                continue
            yield Plan(
                "target",
                f"{call}-accepted/at-{start}",
                f"side 0 at {start} of {target} wins {call.replace('-', ' ')} accepted: "
                "where envido points count at once the match may end in the middle of the hand",
                (deal,),
                (call, "accept"),
                (start, 0),
            )


def _envido_hand(dealer: Dealer) -> list[str] | None:
    """Two cards of one suit worth as much envido as the deck allows, and a third of another suit."""
    values = {str(k): int(v) for k, v in dealer.rules.data["envido"]["values"].items()}
    cards = [c for g in dealer.groups for c in g]
    best: tuple[int, list[str]] | None = None
    for a, b in itertools.combinations(cards, 2):
        if suit(a) == suit(b):
            v = values.get(a[:-1], 0) + values.get(b[:-1], 0)
            if best is None or v > best[0]:
                best = (v, [a, b])
    if best is None:
        return None
    third = next(c for c in reversed(cards) if suit(c) != suit(best[1][0]) and c not in best[1])
    return [*best[1], third]


def ten_plans(rules: Rules) -> Iterator[Plan]:
    """The hand of ten for either side (played, declined, a truco call) and the iron hand."""
    ten = rules.data.get("hand_of_ten") if rules.has("hand_of_ten") else None
    if ten is not None:
        score = int(ten["score"])
        for side_ in (0, 1):
            deal = _strong_deal(rules, side_)
            if deal is None:
                continue
            scores = (score, 0) if side_ == 0 else (0, score)
            for what, steps in (
                ("played", ("ten-play",)),
                ("declined", ("ten-decline",)),
                ("as-dealt", ()),
                ("truco-called", (_ten_play_if_offered, _raise_any)),
            ):
                yield Plan(
                    "ten",
                    f"side-{side_}/{what}",
                    f"the hand of ten of side {side_}, {what.replace('-', ' ')}",
                    (deal,),
                    steps,
                    scores,
                )
    iron = rules.data.get("iron_hand") if rules.has("iron_hand") else None
    if iron is not None:
        score = int(iron["score"])
        for side_ in (0, 1):
            deal = _strong_deal(rules, side_)
            if deal is not None:
                yield Plan(
                    "ten",
                    f"iron/side-{side_}-strong",
                    f"the iron hand, side {side_} holding the best cards",
                    (deal,),
                    (),
                    (score, score),
                )


def _ten_play_if_offered(run: SpecRun) -> str | None:
    """Where the side at ten chooses (TEN-5), it plays: the call comes after."""
    return "ten-play" if "ten-play" in run.legal() else SKIP


def _raise_any(run: SpecRun) -> str | None:
    return next((a for a in run.legal() if a.startswith("raise ")), None)


def contest_plans(rules: Rules) -> Iterator[Plan]:
    dealer = Dealer(rules, muestras(rules)[0])
    if rules.has("envido"):
        yield from _envido_plans(rules, dealer)
    if rules.has("flor"):
        yield from _flor_plans(rules, dealer)


def _chains(
    rules: Rules, deal: Mapping[str, Any], verbs: tuple[str, ...], opener: str, depth: int = 6
) -> list[tuple[str, ...]]:
    """Every sequence of contest actions (`verbs` and the answers) from `opener` to the contest's end."""
    out: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...]) -> None:
        run = SpecRun(rules, (deal,))
        try:
            for a in path:
                run.apply(a)
        except Illegal:
            return
        hand = run.hand
        if hand is None or hand.over or (path and hand.phase not in ("envido", "flor")):
            out.append(path)
            return
        if len(path) >= depth:
            return
        nxt = [a for a in run.legal() if a.split(" ")[0] in verbs or a in ("accept", "run")]
        if not path:
            nxt = [opener] if opener in run.legal() else []
        for a in nxt:
            walk((*path, a))

    walk(())
    return out


def _envido_plans(rules: Rules, dealer: Dealer) -> Iterator[Plan]:
    rich = _envido_hand(dealer) or []
    deal = dealer.deal({0: rich}) if rich else None
    if deal is None:
        return
    for opener in ("envido", "real-envido", "falta-envido"):
        for chain in _chains(rules, deal, ("envido", "real-envido", "falta-envido"), opener):
            if chain:
                yield Plan(
                    "contest",
                    "envido/" + "-".join(chain),
                    f"the envido chain {', '.join(chain)}",
                    (deal,),
                    chain,
                )
    values = {str(k): int(v) for k, v in rules.data["envido"]["values"].items()}
    figures = [r for r, v in values.items() if v == 0]
    numbers = sorted((r for r, v in values.items() if v > 0), key=lambda r: values[r])
    kinds: dict[str, list[str]] = {}
    cards = deck(rules)
    by_rank: dict[str, list[str]] = {}
    for c in cards:
        by_rank.setdefault(c[:-1], []).append(c)
    if len(figures) >= 2:
        f1, f2 = (
            by_rank[figures[0]][0],
            next(c for c in by_rank[figures[1]] if suit(c) == suit(by_rank[figures[0]][0])),
        )
        kinds["two-figures"] = [f1, f2, next(c for c in by_rank[numbers[-1]] if suit(c) != suit(f1))]
        n1 = next(c for c in by_rank[numbers[-1]] if suit(c) == suit(f1))
        kinds["figure-and-number"] = [f1, n1, next(c for c in by_rank[numbers[0]] if suit(c) != suit(f1))]
    if len(numbers) >= 3:
        s = [suit(c) for c in by_rank[numbers[0]]]
        kinds["no-pair"] = [
            by_rank[numbers[-1]][0],
            next(c for c in by_rank[numbers[-2]] if suit(c) != s[0]),
            next(
                c
                for c in by_rank[figures[0] if figures else numbers[0]]
                if suit(c) not in (s[0], suit(next(x for x in by_rank[numbers[-2]] if suit(x) != s[0])))
            ),
        ]
    if rules.has("muestra"):
        muestra = dealer.muestra
        pieza_ranks = [str(p["rank"]) for p in rules.data["muestra"]["piezas"]]
        if muestra is not None:
            pieza = next(
                c for c in cards if c[:-1] == pieza_ranks[0] and suit(c) == suit(muestra) and c != muestra
            )
            kinds["with-pieza"] = [
                pieza,
                by_rank[numbers[-1]][0]
                if suit(by_rank[numbers[-1]][0]) != suit(muestra)
                else by_rank[numbers[-1]][1],
                by_rank[figures[0]][2] if figures else cards[-1],
            ]
    for name, hand0 in kinds.items():
        other = dealer.deal({0: hand0})
        if other is None:
            continue
        for answer in ("accept", "run"):
            yield Plan(
                "contest",
                f"envido-kind/{name}/{answer}",
                f"envido with {name.replace('-', ' ')}, " + ("accepted" if answer == "accept" else "refused"),
                (other,),
                ("envido", answer),
            )
        # The opponent one point above and one point below (as near as the deck allows): any envido
        # counted wrongly for this kind of hand then changes who wins the contest.
        for where, deal in _envido_neighbours(rules, dealer, hand0).items():
            yield Plan(
                "contest",
                f"envido-kind/{name}/opponent-{where}",
                f"envido with {name.replace('-', ' ')} against an envido just {where} it, accepted",
                (deal,),
                ("envido", "accept"),
            )


def _envido_neighbours(rules: Rules, dealer: Dealer, hand0: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Deals where seat 0 holds `hand0` and seat 1 the envido nearest above and nearest below it."""
    base = dealer.deal({0: list(hand0)})
    if base is None:
        return {}
    mine = _seat_envido(rules, base, 0)
    if mine is None:
        return {}
    free = [c for g in dealer.groups for c in g if c not in hand0]
    candidates: list[tuple[int, dict[str, Any]]] = []
    for a, b in itertools.combinations(free, 2):
        third = next((c for c in free if c not in (a, b) and suit(c) not in (suit(a), suit(b))), None)
        if third is None:
            continue
        deal = dealer.deal({0: list(hand0), 1: [a, b, third]})
        if deal is None:
            continue
        theirs = _seat_envido(rules, deal, 1)
        if theirs is not None and theirs != mine:
            candidates.append((theirs, deal))
    above = [c for c in candidates if c[0] > mine]
    below = [c for c in candidates if c[0] < mine]
    out: dict[str, dict[str, Any]] = {}
    if above:
        out["above"] = min(above, key=lambda c: c[0])[1]
    if below:
        out["below"] = max(below, key=lambda c: c[0])[1]
    return out


def _seat_envido(rules: Rules, deal: Mapping[str, Any], seat: int) -> int | None:
    """A seat's envido in a deal, or None where a seat holds flor (the envido is then not sung)."""
    hand = SpecRun(rules, (deal,)).hand
    if hand is None or any(hand.seat_flor(s) for s in range(rules.players)):
        return None
    return hand.envido_points(seat)


def _flor_plans(rules: Rules, dealer: Dealer) -> Iterator[Plan]:
    cards = [c for g in dealer.groups for c in g]
    by_suit: dict[str, list[str]] = {}
    for c in cards:
        by_suit.setdefault(suit(c), []).append(c)
    suits = sorted(by_suit)
    flor_a, flor_b = by_suit[suits[0]][:3], by_suit[suits[1]][:3]
    verbs = ("flor", "flor-raise", "flor-pass", "contraflor", "contraflor-resto")
    n = rules.players
    cases = {"against-none": {0: flor_a}, "against-flor": {0: flor_a, 1: flor_b}}
    if n > 2:
        cases["partner-flor"] = {0: flor_a, 2: flor_b}
        cases["all-opponents"] = {0: flor_a, 1: flor_b, 3: by_suit[suits[2]][:3]}
    for name, named in cases.items():
        deal = dealer.deal(named)
        if deal is None:
            continue
        for chain in _chains(rules, deal, verbs, "flor"):
            if chain:
                yield Plan(
                    "contest",
                    f"flor/{name}/" + "-".join(chain),
                    f"flor {name.replace('-', ' ')}: {', '.join(chain)}",
                    (deal,),
                    chain,
                )


def ladder_plans(rules: Rules) -> Iterator[Plan]:
    """Every step of the ladder called, each raise answered by a raise, then accepted or run from."""
    deal = Dealer(rules, muestras(rules)[0]).deal({})
    if deal is None:
        return
    for k in range(1, len(rules.ladder)):
        calls = tuple(f"raise {v}" for v in rules.ladder[1 : k + 1])
        for answer in ("accept", "run"):
            yield Plan(
                "ladder",
                f"{'-'.join(str(v) for v in rules.ladder[1 : k + 1])}/{answer}",
                f"truco called up to {rules.ladder[k]}, then "
                + ("accepted" if answer == "accept" else "run from"),
                (deal,),
                (*calls, answer),
            )
    if rules.reading("raise-cap") == "capped" and len(rules.ladder) > 2:
        yield from _capped_plans(rules, deal)
    if rules.reading("raise-cap-trailing") == "trailing-need" and len(rules.ladder) > 3:
        yield from _trailing_plans(rules, deal)


def _capped_plans(rules: Rules, deal: Mapping[str, Any]) -> Iterator[Plan]:
    """AMB-43 raise-cap `capped` (PAU-6, PAU-10): a side that lacks just the truco's value to win is
    called truco and may only accept or run; a side at that score that calls truco, raised, may not
    raise again. The probes of each step show the raise that is not offered."""
    target, truco, six = int(rules.data["match"]["target"]), rules.ladder[1], rules.ladder[2]
    start = target - truco
    if start <= 0:
        return
    yield Plan("ladder", "capped/answerer",
               f"side 1 at {start} of {target} is called truco: no raise (AMB-43)",
               (deal,), (f"raise {truco}", "accept"), (0, start))
    yield Plan("ladder", "capped/caller", f"side 0 at {start} of {target} calls truco, raised to {six}: "
               "no raise back (AMB-43)", (deal,), (f"raise {truco}", f"raise {six}", "accept"), (start, 0))


def _trailing_plans(rules: Rules, deal: Mapping[str, Any]) -> Iterator[Plan]:
    """AMB-60 raise-cap-trailing `trailing-need` (PAU-6, PAU-10): with both sides lacking the
    second call's value, the hand rises to it and no further; with the trailing side lacking one
    point more, to the third call and no further. The probes of each step show the raise that is
    not offered."""
    target, ladder = int(rules.data["match"]["target"]), rules.ladder
    even = target - ladder[2]
    for detail, scores, calls in (
        ("even", (even, even), ladder[1:3]),
        ("behind", (even - 1, even), ladder[1:4]),
    ):
        if min(scores) < 0 or lad.hand_kind(rules, *scores) != lad.NORMAL:
            continue
        steps = (*(f"raise {v}" for v in calls), "accept")
        yield Plan("ladder", f"trailing/{detail}",
                   f"sides at {scores[0]} and {scores[1]} of {target}: the hand rises to {calls[-1]} and "
                   "no further (AMB-60)", (deal,), steps, scores)


def mazo_plans(rules: Rules) -> Iterator[Plan]:
    """Going to the mazo (ARG-9, URU-10) where the ruleset has it: at once, after the first card,
    in the second round, instead of answering a truco call, once a truco was accepted, and after
    an envido (AMB-52 mazo-first-round: the first round before any envido, or not)."""
    if not rules.has("mazo"):
        return
    deal = Dealer(rules, muestras(rules)[0]).deal({})
    if deal is None:
        return
    n = rules.players
    plans: list[tuple[str, str, tuple[Step, ...]]] = [
        ("at-once", "the starter goes to the mazo before playing", ("mazo",)),
        ("after-a-card", "a seat goes to the mazo after the first card of the hand", (complete, "mazo")),
        ("round-2", "a seat goes to the mazo in the second round", (*[complete] * n, "mazo")),
        ("truco-answer", "the mazo answers a truco call", (f"raise {rules.ladder[1]}", "mazo")),
        ("truco-accepted", "the mazo once a truco was accepted",
         (f"raise {rules.ladder[1]}", "accept", "mazo")),
    ]
    if rules.has("envido"):
        plans.append(("after-envido", "the mazo after an envido was refused",
                      (_first_envido, "run", "mazo")))
    for detail, about, steps in plans:
        yield Plan("mazo", detail, about, (deal,), steps)


def _first_envido(run: SpecRun) -> str | None:
    return next((a for a in run.legal() if a in ("envido", "real-envido", "falta-envido")), None)


def cover_plans(rules: Rules) -> Iterator[Plan]:
    """A card covered in each round where covering is allowed (COV-1)."""
    deal = Dealer(rules, muestras(rules)[0]).deal({})
    if deal is None:
        return
    for k in range(3):
        steps: list[Step] = [complete] * (rules.players * k)
        yield Plan("cover", f"round-{k + 1}", f"a card covered in round {k + 1}", (deal,), (*steps, _cover))


def _cover(run: SpecRun) -> str | None:
    return next((a for a in run.legal() if a.startswith("cover ")), None)


def sena_plans(rules: Rules) -> Iterator[Plan]:
    """Each seña, made by a seat whose cards allow it."""
    if not rules.has("senas"):
        return
    dealer = Dealer(rules, muestras(rules)[0])
    candidates = [dealer.deal({})]
    rich = _envido_hand(dealer)
    if rich:
        candidates.append(dealer.deal({0: rich}))
    values = (
        {str(k): int(v) for k, v in rules.data["envido"]["values"].items()} if rules.has("envido") else {}
    )
    cards = deck(rules)
    for a, b in itertools.combinations(cards, 2):  # every envido of a pair, for the señas of the tanto
        if suit(a) == suit(b) and values:
            third = next((c for c in cards if suit(c) != suit(a) and values.get(c[:-1], 0) == 0), None)
            if third:
                candidates.append(dealer.deal({0: [a, b, third]}))
    for name in sorted(k for k in rules.data["senas"] if isinstance(rules.data["senas"][k], Mapping)):
        for deal in candidates:
            if deal is None:
                continue
            plan = Plan("sena", name, f"the seña {name}", (deal,), (f"sign {name}",))
            if realise(rules, plan) is not None:
                yield plan
                break


FAMILIES: tuple[Callable[[Rules], Iterable[Plan]], ...] = (
    card_plans,
    round_plans,
    ladder_plans,
    mazo_plans,
    cover_plans,
    sena_plans,
    target_plans,
    ten_plans,
    contest_plans,
)


READING_FAMILIES = FAMILIES[1:]  # the card order is read the same way under every reading
