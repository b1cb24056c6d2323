"""The bare playout: the same rules as the reference engine, played by a tight loop over plain ints
and lists, with no API, no undo, no record and no refusal reasons: the honest limit the engine is
measured against (`truco bench`'s bare_ratio).

It reads only the ruleset's tables (cards, strength, ladder, stakes, the readings' flags) through
the engine's loader; it imports none of the game's code, so it is a second, independent playout,
checked against the engine move for move by tests/benchmarks/test_bare.py. A ruleset it does not
cover (a muestra, the envido before the truco, the flor mandatory or replacing the envido, points
scored at the end of the hand, the third round always played, best of three, the hand of ten that
may be declined) gives None.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

_PLAY, _TRUCO, _ENVIDO, _FL_PARTNER, _FL_OPP, _FL_CONTRA, _FL_RESTO, _TEN_CHOICE = range(8)
# action codes: 0..2 play slot k, 3..5 cover slot k, then these
_CALL, _ACCEPT, _RUN, _RAISE, _FLOR, _FL_RAISE, _FL_PASS, _CONTRA, _RESTO, _TEN_PLAY, _TEN_DECLINE, \
    _SIGN0 = range(6, 18)
_ENV0 = 20  # 20 + i: the i-th envido call of the file
_TIE, _NOBODY = 2, 3


@dataclass(frozen=True)
class BareTables:
    """What the bare playout needs of a ruleset, as plain values."""

    n: int
    cards: tuple[int, ...]
    names: tuple[str, ...]
    strength: tuple[int, ...]
    suit: tuple[int, ...]
    envido_value: tuple[int, ...]
    pair_bonus: int
    ladder: tuple[int, ...]
    refused: tuple[int, ...]
    other_side_next: bool
    target: int
    halves: int | None
    ten: tuple[int, int] | None  # (score, value)
    ten_forfeits: bool  # a call where truco is barred loses the match (else the hand)
    ten_call_barred: bool  # no call at all where truco is barred
    ten_decline: int | None  # the side at ten may decline the hand, giving these points
    iron: int | None  # the score of the iron hand
    iron_decides: bool
    iron_like_ten: bool
    iron_blind: bool
    all_tied: str
    split_first_winner: bool
    partner_tie_is_tie: bool
    cover_allowed: bool
    cover_not_first: bool
    tie_leader_same: bool
    starter_step: int
    env_calls: tuple[str, ...]  # names, in the file's order (action code _ENV0 + i)
    env_stake: tuple[int | None, ...]  # None: the falta
    env_times: tuple[int, ...]
    env_then: tuple[tuple[int, ...], ...]
    env_sum_without_pair: bool
    env_all_three: bool
    falta_leader: bool
    falta_to_buenas: bool
    falta_added: bool
    flor: tuple[int, int | None, tuple[int, ...]] | None  # (stake, partner raise, accepted)
    flor_refusal_before: bool
    contra_double_quiero: bool
    signs: tuple[tuple[str, int | None, tuple[int, int] | None], ...]  # (name, below, envido range)
    signs_truthful: bool
    signs_before_first: bool


def bare_tables(ruleset: str) -> BareTables | None:
    """The tables of `ruleset` (default readings), or None where the bare playout does not cover it."""
    from truco_rules.engine.config import make_config  # the ruleset's data as read from its file

    c = make_config(ruleset)
    if (c.deck.has_muestra or c.envido_first or c.flor_replaces_envido or c.flor_mandatory
            or not c.side_points_now or c.always_three or c.partidas_to_win != 1
            or c.cover_concedes or c.iron_covered or c.ten_call != "next-step"):
        return None
    d = c.deck
    env = c.envido
    calls = tuple(env.calls) if env else ()
    return BareTables(
        n=c.n, cards=d.cards, names=d.names, strength=d.strength, suit=d.suit, envido_value=d.envido,
        pair_bonus=d.pair_bonus, ladder=c.ladder, refused=c.refused, other_side_next=c.other_side_next,
        target=c.target, halves=c.halves, ten=(c.ten.score, c.ten.value) if c.ten else None,
        ten_forfeits=c.ten_truco == "caller-loses-match", ten_call_barred=c.ten_truco == "refused",
        ten_decline=(2 if c.ten is None or c.ten.decline_payout is None else c.ten.decline_payout)
        if c.ten_may_decline else None, iron=c.iron.score if c.iron else None,
        iron_decides=bool(c.iron and c.iron.decides_match), iron_like_ten=c.iron_like_ten,
        iron_blind=c.iron_blind, all_tied=c.all_rounds_tied, split_first_winner=c.split_first_winner,
        partner_tie_is_tie=c.partner_tie_is_tie, cover_allowed=c.cover_allowed,
        cover_not_first=c.cover_not_first, tie_leader_same=c.tie_leader_same,
        starter_step=c.starter_step, env_calls=calls,
        env_stake=tuple(env.calls[k].stake for k in calls) if env else (),
        env_times=tuple(env.calls[k].times for k in calls) if env else (),
        env_then=tuple(tuple(calls.index(x) for x in env.calls[k].then) for k in calls) if env else (),
        env_sum_without_pair=c.envido_sum_without_pair, env_all_three=c.envido_all_three,
        falta_leader=c.falta_leader, falta_to_buenas=c.falta_to_buenas, falta_added=c.falta_added,
        flor=(c.flor.stake, c.flor.partner_raise, c.flor.accepted) if c.flor else None,
        flor_refusal_before=c.flor_refusal_before, contra_double_quiero=c.contraflor_double_quiero,
        signs=tuple((s.name, s.below, s.envido) for s in c.senas), signs_truthful=c.senas_truthful,
        signs_before_first=c.senas_before_first,
    )


def _bare_envido(t: BareTables, cards: list[int]) -> int:
    value, suit, bonus = t.envido_value, t.suit, t.pair_bonus
    a, b, c = cards
    if t.env_all_three and suit[a] == suit[b] == suit[c]:
        return bonus + value[a] + value[b] + value[c]
    best = -1
    for x, y in ((a, b), (a, c), (b, c)):
        if suit[x] == suit[y] and bonus + value[x] + value[y] > best:
            best = bonus + value[x] + value[y]
    if best >= 0:
        return best
    return value[a] + value[b] + value[c] if t.env_sum_without_pair else max(value[a], value[b], value[c])


def _bare_flor(t: BareTables, cards: list[int]) -> int | None:
    a, b, c = cards
    suit = t.suit
    if suit[a] == suit[b] == suit[c]:
        return t.pair_bonus + t.envido_value[a] + t.envido_value[b] + t.envido_value[c]
    return None


_TEXTS = {_ACCEPT: "accept", _RUN: "run", _FLOR: "flor", _FL_RAISE: "flor-raise", _FL_PASS: "flor-pass",
          _CONTRA: "contraflor", _RESTO: "contraflor-resto", _TEN_PLAY: "ten-play",
          _TEN_DECLINE: "ten-decline"}


def _bare_text(t: BareTables, code: int, blind: bool, cards: list[int], ladder_i: int) -> str:
    """The record form of an action code (for traces only: the timed loop never writes text)."""
    if code < 6:
        verb = "play" if code < 3 else "cover"
        return f"{verb} #{code % 3 + 1}" if blind else f"{verb} {t.names[cards[code % 3]]}"
    if code == _CALL:
        return f"raise {t.ladder[ladder_i + 1]}"
    if code == _RAISE:
        return f"raise {t.ladder[ladder_i + 2]}"
    if code >= _ENV0:
        return t.env_calls[code - _ENV0]
    if code >= _SIGN0:
        return f"sign {t.signs[code - _SIGN0][0]}"
    return _TEXTS[code]


def bare_match(t: BareTables, rng: random.Random, trace: list[Any] | None = None) -> int:
    """Play one random match (uniform over the legal moves, like the engine bench); return how
    many actions it took. With `trace`, append ("deal", cards per seat) at each hand and
    (seat, legal actions, chosen action) in the record's text at each action (tests compare it
    with the engine)."""
    n = t.n
    cards, strength_of = t.cards, t.strength
    ladder, refused, top_i = t.ladder, t.refused, len(t.ladder) - 1
    target = t.target
    other_side_next = t.other_side_next
    cover_allowed, cover_not_first = t.cover_allowed, t.cover_not_first
    has_env, flor, signs = bool(t.env_calls), t.flor, t.signs
    contests = has_env or flor is not None or bool(signs)
    env_all = tuple(range(_ENV0, _ENV0 + len(t.env_calls)))
    sample, choice = rng.sample, rng.choice
    dealt = 3 * n
    scores = [0, 0]
    starter = 0
    actions = 0
    while True:  # one hand
        cs = sample(cards, dealt)
        deal = [cs[3 * s:3 * s + 3] for s in range(n)]
        if trace is not None:
            trace.append(("deal", [list(x) for x in deal]))
        left = [[0, 1, 2] for _ in range(n)]
        table: list[tuple[int, int]] = []
        rounds: list[int] = []
        leader = turn = to_act = starter
        dealer = (starter - 1) % n
        all_tied = _NOBODY if t.all_tied == "nobody-scores" else \
            (dealer if t.all_tied == "dealer-side-wins" else starter) & 1
        phase = _PLAY
        ladder_i, value = 0, ladder[0]
        last_call_side = call_by = -1
        truco_called = no_truco = blind = iron = False
        strength = strength_of
        if contests:
            contest_done = False
            env_pts = [_bare_envido(t, d) for d in deal] if has_env else [0] * n
            flor_pts = [_bare_flor(t, d) for d in deal] if flor is not None else [None] * n
            signed = [False] * n
            true_signs = [[_SIGN0 + i for i, (_, below, rng_) in enumerate(signs)
                           if not t.signs_truthful or (all(strength[c] < below for c in deal[s])
                                                       if below is not None else
                                                       rng_[0] <= env_pts[s] <= rng_[1])]  # type: ignore[index]
                          for s in range(n)]
            env_chain: list[int] = []
            env_caller = fl_singer = fl_contra = -1
            fl_stake = fl_accepts = fl_before = 0
            fl_queue: list[int] = []
            fl_out: list[int] = []
        s0, s1 = scores
        if t.iron is not None and s0 == t.iron and s1 == t.iron:  # both sides at the iron score
            iron = True
            blind = t.iron_blind
            if t.iron_like_ten and t.ten is not None:
                value = t.ten[1]
                ladder_i = ladder.index(value)
                no_truco = True
        elif t.ten is not None and (s0 == t.ten[0]) != (s1 == t.ten[0]):  # one side at ten
            value = t.ten[1]
            ladder_i = ladder.index(value)
            no_truco = True
            if t.ten_decline is not None:  # the first seat of the side at ten chooses
                ten_side = 0 if s0 == t.ten[0] else 1
                phase = _TEN_CHOICE
                to_act = starter if starter & 1 == ten_side else (starter + 1) % n
        end: tuple[int | None, int, int | None] | None = None  # (winner side or _NOBODY, points, forfeit)
        award = None  # (side, points) of a contest
        while end is None:
            seat = to_act
            # ---- the legal moves, in the engine's order
            if phase == _PLAY:
                mine = left[seat]
                legal = list(mine)
                if cover_allowed and not (cover_not_first and not rounds):
                    legal.extend([k + 3 for k in mine])
                if ladder_i < top_i and ((not t.ten_call_barred) if no_truco else
                                         (last_call_side != seat & 1 or not other_side_next)):
                    legal.append(_CALL)
                if contests:
                    if not rounds and not truco_called and not contest_done:
                        if has_env:
                            legal.extend(env_all)
                        if flor_pts[seat] is not None:
                            legal.append(_FLOR)
                    if signs and not signed[seat] and not (t.signs_before_first and len(mine) < 3):
                        legal.extend(true_signs[seat])
            elif phase == _TRUCO:
                legal = [_ACCEPT, _RUN, _RAISE] if ladder_i + 2 <= top_i else [_ACCEPT, _RUN]
            elif phase == _ENVIDO:
                last = env_chain[-1]
                legal = [_ACCEPT, _RUN, *[_ENV0 + i for i in t.env_then[last]
                                          if env_chain.count(i) < t.env_times[i]]]
            elif phase == _FL_PARTNER:
                legal = [_FL_RAISE, _FL_PASS]
            elif phase == _FL_OPP:
                legal = [_ACCEPT, _CONTRA, _RUN]
            elif phase == _FL_CONTRA:
                legal = [_ACCEPT, _RUN, _RESTO]
            elif phase == _TEN_CHOICE:
                legal = [_TEN_PLAY, _TEN_DECLINE]
            else:
                legal = [_ACCEPT, _RUN]
            a = choice(legal)
            actions += 1
            if trace is not None:
                texts = [_bare_text(t, x, blind, deal[seat], ladder_i) for x in legal]
                trace.append((seat, texts, texts[legal.index(a)]))
            # ---- apply it
            if a < 6:  # a card, played or covered
                k = a % 3
                left[seat].remove(k)
                table.append((seat, -1 if a >= 3 else strength[deal[seat][k]]))
                if len(table) < n:
                    turn = to_act = (seat + 1) % n
                    continue
                best = -2
                tops: list[int] = []
                for s, v in table:
                    if v > best:
                        best, tops = v, [s]
                    elif v == best:
                        tops.append(s)
                first = tops[0]
                result = first & 1
                if len(tops) > 1 and (t.partner_tie_is_tie or any(s & 1 != result for s in tops)):
                    result = _TIE
                table = []
                rounds.append(result)
                if result != _TIE or not t.tie_leader_same:
                    leader = first
                won = None
                nr = len(rounds)
                if nr >= 2:
                    if rounds.count(0) >= 2:
                        won = 0
                    elif rounds.count(1) >= 2:
                        won = 1
                    else:
                        r0, r1 = rounds[0], rounds[1]
                        if r0 != _TIE and r1 == _TIE:
                            won = r0
                        elif r0 == _TIE and r1 != _TIE:
                            won = r1
                        elif nr == 3:
                            r2 = rounds[2]
                            if r0 == _TIE:
                                won = r2 if r2 != _TIE else all_tied
                            else:
                                won = r0 if t.split_first_winner else r1
                if won is not None or nr == 3:
                    end = (won, value, None)
                else:
                    turn = to_act = leader
            elif a == _TEN_PLAY:
                phase, to_act = _PLAY, turn
            elif a == _TEN_DECLINE:
                assert t.ten_decline is not None, "a declined hand of ten has its payout (TEN-6)"
                end = (1 - ten_side, t.ten_decline, None)
            elif a == _CALL:
                if no_truco:  # a call where truco is barred
                    end = (1 - (seat & 1), 0, seat & 1) if t.ten_forfeits else (1 - (seat & 1), value, None)
                else:
                    truco_called = True
                    call_by, last_call_side = seat, seat & 1
                    phase = _TRUCO
                    to_act = (seat + 1) % n
            elif phase == _TRUCO:
                if a == _ACCEPT:
                    ladder_i += 1
                    value = ladder[ladder_i]
                    phase = _PLAY
                    to_act = turn
                elif a == _RUN:
                    end = (call_by & 1, refused[ladder_i + 1], None)
                else:  # raise: accepts the call, the caller answers
                    ladder_i += 1
                    value = ladder[ladder_i]
                    to_act, call_by, last_call_side = call_by, seat, seat & 1
            elif a >= _ENV0:
                if phase == _PLAY:
                    contest_done = True
                    env_chain = [a - _ENV0]
                    phase = _ENVIDO
                    to_act = (seat + 1) % n
                else:
                    env_chain.append(a - _ENV0)
                    to_act = env_caller
                env_caller = seat
            elif a >= _SIGN0:
                signed[seat] = True
            elif phase == _ENVIDO:
                if a == _ACCEPT:
                    best_pts = max(env_pts)
                    sides = {s & 1 for s in range(n) if env_pts[s] == best_pts}
                    side = sides.pop() if len(sides) == 1 else starter & 1
                    chain = env_chain
                else:
                    side = env_caller & 1
                    chain = env_chain[:-1]
                if not chain:
                    pts = 1  # the first call refused
                else:
                    fixed = sum(t.env_stake[i] or 0 for i in chain)
                    if any(t.env_stake[i] is None for i in chain):
                        base = max(scores) if t.falta_leader else scores[side]
                        goal = t.halves if (t.halves is not None and t.falta_to_buenas
                                            and base < t.halves) else target
                        pts = goal - base + (fixed if t.falta_added else 0)
                    else:
                        pts = fixed
                award = (side, pts)
            else:  # the flor
                assert flor is not None
                compare = None  # the stake of a comparison of flors; -1: the falta
                if a == _FLOR:
                    contest_done = True
                    fl_singer, fl_stake = seat, flor[0]
                    partner = None
                    if flor[1] is not None:
                        partner = next((p % n for p in range(seat + 2, seat + n, 2)
                                        if flor_pts[p % n] is not None), None)
                    if partner is not None:
                        phase, to_act = _FL_PARTNER, partner
                    else:
                        a = _FL_PASS  # straight to the opponents
                if a in (_FL_RAISE, _FL_PASS):
                    if a == _FL_RAISE:
                        fl_stake = flor[1]  # type: ignore[assignment]
                    fl_queue = [x % n for x in range(fl_singer + 1, fl_singer + n, 2)
                                if flor_pts[x % n] is not None]
                    if not fl_queue:
                        award = (fl_singer & 1, fl_stake)
                    else:
                        phase, to_act = _FL_OPP, fl_queue[0]
                elif phase == _FL_OPP and a != _CONTRA:
                    if a == _ACCEPT:
                        fl_accepts += 1
                    else:
                        fl_out.append(seat)
                    fl_queue = fl_queue[1:]
                    if fl_queue:
                        to_act = fl_queue[0]
                    elif fl_accepts == 0:
                        award = (fl_singer & 1, fl_stake)
                    else:
                        compare = flor[2][min(fl_accepts, len(flor[2])) - 1]
                elif a == _CONTRA:
                    fl_contra, fl_before = seat, fl_stake
                    fl_stake = 2 * (flor[2][0] if t.contra_double_quiero else fl_stake)
                    fl_out.extend(fl_queue[1:])
                    fl_queue = []
                    phase, to_act = _FL_CONTRA, fl_singer
                elif a == _RESTO:
                    phase, to_act = _FL_RESTO, fl_contra
                elif phase == _FL_CONTRA:
                    if a == _ACCEPT:
                        compare = fl_stake
                    else:
                        award = (fl_contra & 1, fl_before if t.flor_refusal_before else fl_stake)
                elif phase == _FL_RESTO:
                    if a == _ACCEPT:
                        compare = -1
                    else:
                        side = fl_singer & 1
                        if t.flor_refusal_before:
                            award = (side, fl_stake)
                        else:
                            base = max(scores) if t.falta_leader else scores[side]
                            goal = t.halves if (t.halves is not None and t.falta_to_buenas
                                                and base < t.halves) else target
                            award = (side, goal - base)
                if compare is not None:
                    seats = [s for s in range(n) if flor_pts[s] is not None and s not in fl_out]
                    best_flor = max(p for s in seats if (p := flor_pts[s]) is not None)
                    sides = {s & 1 for s in seats if flor_pts[s] == best_flor}
                    side = sides.pop() if len(sides) == 1 else starter & 1
                    if compare < 0:
                        base = max(scores) if t.falta_leader else scores[side]
                        goal = t.halves if (t.halves is not None and t.falta_to_buenas
                                            and base < t.halves) else target
                        compare = goal - base
                    award = (side, compare)
            if award is not None:  # contest points count at once; they may end the match
                side, pts = award
                award = None
                scores[side] += pts
                if scores[side] >= target:
                    return actions
                phase, to_act = _PLAY, turn
        won, pts, forfeit = end
        if forfeit is not None:
            return actions
        if won is not None and won != _NOBODY:
            scores[won] += pts
            if scores[won] >= target or (iron and t.iron_decides):
                return actions
        starter = (starter + t.starter_step) % n


def run_bare_bench(ruleset: str, seconds: float = 1.0, *, seed: int = 0) -> dict[str, Any] | None:
    """The bare playout of `ruleset` for about `seconds`: matches/s and actions/s, or None where
    it does not cover the ruleset."""
    tables = bare_tables(ruleset)
    if tables is None:
        return None
    rng = random.Random(seed)
    bare_match(tables, random.Random(-1))  # untimed, like the engine's warm-up
    matches = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        actions += bare_match(tables, rng)
        matches += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return {"matches": matches, "actions": actions, "matches_per_s": round(matches / elapsed, 1),
            "actions_per_s": round(actions / elapsed, 1)}
