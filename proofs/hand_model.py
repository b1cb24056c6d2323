"""Hand resolution from the sequence of round results (HND-1, HND-2, HND-3, HND-4, HND-5, HND-6, HND-7, HND-8,
HND-9, HND-10, AMB-1, AMB-2, AMB-3, AMB-4).

Encoding shared with truco_rules.spec.rules.hands: a round result is 0 or 1 (the side that won it), TIE or
NOT_PLAYED; an outcome is 0 or 1 (that side wins the hand), UNDECIDED or NOBODY (HND-9).

Two encodings live here. `outcome` is the model: a function of the rounds played. `allowed` is
the rulebook's clauses read as a relation: each clause whose condition holds names a result. The
proofs show that the relation names exactly one result wherever the hand stops, and that it is
the model's; where a rulebook's own wording names two results (AMB-2) or none (AMB-3), Z3 shows it.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from truco_rules.proofs.setup import Setup

TIE, NOT_PLAYED = 2, 3
UNDECIDED, NOBODY = 2, 3
OUTCOMES = (0, 1, UNDECIDED, NOBODY)
SIDES = (0, 1)


@dataclass(frozen=True)
class Rounds:
    r1: z3.ArithRef
    r2: z3.ArithRef
    r3: z3.ArithRef
    dealer: z3.ArithRef  # the side that dealt (HND-10)

    @classmethod
    def fresh(cls, prefix: str = "") -> Rounds:
        return cls(*z3.Ints(f"{prefix}r1 {prefix}r2 {prefix}r3 {prefix}dealer_side"))

    @property
    def variables(self) -> list[z3.ArithRef]:
        return [self.r1, self.r2, self.r3, self.dealer]

    @property
    def rounds(self) -> tuple[z3.ArithRef, z3.ArithRef, z3.ArithRef]:
        return (self.r1, self.r2, self.r3)

    def domain(self) -> z3.BoolRef:
        """Results in range, rounds played in order (no round after a NOT_PLAYED one)."""
        rs = self.rounds
        return z3.And(*[z3.And(r >= 0, r <= NOT_PLAYED) for r in rs],
                      z3.Implies(rs[0] == NOT_PLAYED, rs[1] == NOT_PLAYED),
                      z3.Implies(rs[1] == NOT_PLAYED, rs[2] == NOT_PLAYED),
                      z3.Or(self.dealer == 0, self.dealer == 1))

    def played(self) -> z3.ArithRef:
        return sum((z3.If(r != NOT_PLAYED, 1, 0) for r in self.rounds), z3.IntVal(0))


def _wins(rounds: tuple[z3.ArithRef, ...], side: int) -> z3.ArithRef:
    return sum((z3.If(r == side, 1, 0) for r in rounds), z3.IntVal(0))


def _ties(rounds: tuple[z3.ArithRef, ...]) -> z3.ArithRef:
    return sum((z3.If(r == TIE, 1, 0) for r in rounds), z3.IntVal(0))


def all_tied_result(reading: str | None, h: Rounds) -> z3.ArithRef:
    """AMB-1 `all-rounds-tied`: nobody scores (HND-9), the dealer's side wins (HND-10), or the
    starter's side, the other one (ARG-4)."""
    if reading == "nobody-scores":
        return z3.IntVal(NOBODY)
    return h.dealer if reading == "dealer-side-wins" else 1 - h.dealer


def all_tied_clause(setup: Setup) -> str | None:
    """The clause by which `setup` resolves a hand of three tied rounds: its file's clause for its
    default reading (ARG-4), else the clause that states the reading in force (HND-9, HND-10);
    None where only the register states it (AMB-1)."""
    reading = setup.reading("all-rounds-tied") or ""
    stated = {"nobody-scores": "HND-9", "dealer-side-wins": "HND-10"}.get(reading)
    return setup.rules.reading_clause("all-rounds-tied") or stated


class HandModel:
    """The model of hand resolution under a ruleset's readings; subclasses break it on purpose."""

    def __init__(self, setup: Setup) -> None:
        self.split = setup.reading("split-then-tie")
        self.all_tied = setup.reading("all-rounds-tied")
        # AMB-3 `first-two-tied` has one reading, third-round-decides, which `after_three` is.

    def after_two(self, h: Rounds) -> z3.ArithRef:
        """The outcome fixed by the first two rounds, or UNDECIDED."""
        two = (h.r1, h.r2)
        w0, w1, t = _wins(two, 0), _wins(two, 1), _ties(two)
        return z3.If(w0 == 2, 0, z3.If(w1 == 2, 1,
               z3.If(z3.And(t == 1, w0 == 1), 0, z3.If(z3.And(t == 1, w1 == 1), 1, UNDECIDED))))

    def after_three(self, h: Rounds) -> z3.ArithRef:
        """The outcome of a third round, reached with the first two split (X, Y) or both tied."""
        both_tied = _ties((h.r1, h.r2)) == 2
        split = h.r1 if self.split == "first-round-winner" else h.r2
        everything_tied = all_tied_result(self.all_tied, h)
        return z3.If(h.r3 != TIE, h.r3, z3.If(both_tied, everything_tied, split))

    def outcome(self, h: Rounds) -> z3.ArithRef:
        n = h.played()
        d2 = self.after_two(h)
        return z3.If(n < 2, UNDECIDED, z3.If(d2 != UNDECIDED, d2,
                     z3.If(n < 3, UNDECIDED, self.after_three(h))))


class WonThenTieUndecided(HandModel):
    """Control: forgets HND-5/HND-8, so X then a tie goes on to a third round."""

    def after_two(self, h: Rounds) -> z3.ArithRef:
        d = super().after_two(h)
        return z3.If(z3.And(h.r1 != TIE, h.r2 == TIE), UNDECIDED, d)


class AllTiedReplaysRound(HandModel):
    """Control: every round tied leaves the hand undecided (a fourth round would be needed)."""

    def after_three(self, h: Rounds) -> z3.ArithRef:
        return z3.If(_ties(h.rounds) == 3, UNDECIDED, super().after_three(h))


class LastRoundDecides(HandModel):
    """Control: the third round, when played (AMB-4 always-three-rounds), overrides the decision."""

    def outcome(self, h: Rounds) -> z3.ArithRef:
        return z3.If(z3.And(h.played() == 3, h.r3 != TIE), h.r3, super().outcome(h))


# --- the clauses as a relation ------------------------------------------------------------------

HAND_CLAUSES = ("HND-3", "HND-4", "HND-5", "HND-6", "HND-7", "HND-8")


@dataclass(frozen=True)
class Wording:
    """Which clauses (and register readings) a ruleset's hand resolution is made of: the hand
    clauses it holds (its rulebook's, or those its file adopts) and how they are read."""

    clauses: frozenset[str]
    literal_split: bool = False  # 000/003's HND-5 read literally, and no AMB-2 reading
    settle_split: bool = False  # HND-5 with 001's HND-6 as its exception, and no AMB-2 reading
    literal_gap: bool = False  # True: 002's clauses only, with no AMB-3 reading
    # 001's own two sentences as two rules: the general HND-5 ("already won the previous round or
    # wins any round after the tie") and HND-6. `exception`: HND-6 is an exception node that
    # overrides the general rule where it applies (Catala style); without it both rules stand.
    own_001: bool = False
    exception: bool = False


def wording_of(setup: Setup) -> Wording:
    rules = setup.rules
    return Wording(frozenset(c for c in HAND_CLAUSES if rules.holds(c)))


def rulebook_of(setup: Setup) -> str | None:
    """The rulebook of spec/sources/ whose wording the ruleset encodes, if any."""
    from truco_rules.spec.catalogue import load_catalogue

    return load_catalogue().ruleset(setup.ruleset).doc


def rules(h: Rounds, setup: Setup, w: Wording) -> list[tuple[str, z3.BoolRef, z3.ArithRef]]:
    """(clause, condition on the rounds played, result it names) for every clause that applies."""
    rs = h.rounds
    n = h.played()
    out: list[tuple[str, z3.BoolRef, z3.ArithRef]] = []
    split_case = z3.And(n == 3, rs[0] != TIE, rs[1] != TIE, rs[0] != rs[1], rs[2] == TIE)
    if w.own_001:
        return _rules_001(h, setup, w, split_case)
    for x in SIDES:
        x_val = z3.IntVal(x)
        # HND-3 / HND-4: two rounds won (the more rounds of 002).
        out.append(("HND-4" if "HND-4" in w.clauses else "HND-3", _wins(rs, x) == 2, x_val))
        if "HND-5" in w.clauses:
            # HND-5, 000/003: "en caso de empate en una de las rondas, el jugador que haya ganado
            # cualquier ronda anterior o posterior lleva la mano"; 001: "already won the previous
            # round or wins any round after the tie".
            cond = z3.And(_ties(rs) >= 1, _wins(rs, x) >= 1)
            if not w.literal_split:
                cond = z3.And(cond, z3.Not(split_case))  # that case is the register's (AMB-2)
            out.append(("HND-5", cond, x_val))
        if "HND-7" in w.clauses:
            out.append(("HND-7", z3.And(rs[0] == TIE, rs[1] == x), x_val))
        if "HND-8" in w.clauses:
            out.append(("HND-8", z3.And(rs[0] == x, rs[1] == TIE), x_val))
    if w.settle_split:
        out.append(("HND-6", split_case, rs[0]))  # 001's wording, as the exception to HND-5
    elif not w.literal_split:
        split = setup.reading("split-then-tie")
        stated = "HND-6" in w.clauses and split == "first-round-winner"
        out.append(("HND-6" if stated else "AMB-2", split_case,
                    rs[0] if split == "first-round-winner" else rs[1]))
    if not w.literal_gap and setup.reading("first-two-tied") == "third-round-decides":
        out.append(("AMB-3", z3.And(rs[0] == TIE, rs[1] == TIE, rs[2] != TIE, n == 3), rs[2]))
    all_tied = z3.And(n == 3, _ties(rs) == 3)
    reading = setup.reading("all-rounds-tied")
    out.append((all_tied_clause(setup) or "AMB-1", all_tied, all_tied_result(reading, h)))
    return out


def _rules_001(h: Rounds, setup: Setup, w: Wording,
               split_case: z3.BoolRef) -> list[tuple[str, z3.BoolRef, z3.ArithRef]]:
    """001 alone: HND-3, its general tie sentence, HND-6, HND-9 (no register reading)."""
    rs = h.rounds
    out: list[tuple[str, z3.BoolRef, z3.ArithRef]] = []
    for x in SIDES:
        out.append(("HND-3", _wins(rs, x) == 2, z3.IntVal(x)))
        # "the player that already won the previous round or wins any round after the tie": a tied
        # round k whose previous round, or some later round, x won.
        named = z3.Or(*[z3.And(rs[k] == TIE, z3.Or(*([rs[k - 1] == x] if k else []),
                                                     *[rs[j] == x for j in range(k + 1, 3)]))
                        for k in range(3)])
        if w.exception:
            named = z3.And(named, z3.Not(split_case))  # HND-6 overrides the general rule
        out.append(("HND-5", named, z3.IntVal(x)))
    out.append(("HND-6", split_case, rs[0]))
    out.append(("HND-9", z3.And(h.played() == 3, _ties(rs) == 3), z3.IntVal(NOBODY)))
    return out


def allowed(h: Rounds, setup: Setup, w: Wording, o: z3.ArithRef) -> z3.BoolRef:
    """`o` is a result the clauses give for the rounds played (UNDECIDED when none applies)."""
    rs = rules(h, setup, w)
    fires = z3.Or(*[c for _, c, _ in rs])
    return z3.Or(z3.And(z3.Not(fires), o == UNDECIDED), *[z3.And(c, o == r) for _, c, r in rs])


def decided(h: Rounds, setup: Setup, w: Wording) -> z3.BoolRef:
    return z3.Or(*[c for _, c, _ in rules(h, setup, w)])


def stops_when_decided(h: Rounds, setup: Setup, w: Wording) -> z3.BoolRef:
    """The rounds are those of a hand played until decided: no round after a decided prefix."""
    two = Rounds(h.r1, h.r2, z3.IntVal(NOT_PLAYED), h.dealer)
    return z3.Implies(h.r3 != NOT_PLAYED, z3.Not(decided(two, setup, w)))
