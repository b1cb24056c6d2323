"""The stakes of envido and of flor as transition systems (ENV-1, ENV-5, ENV-6, FLR-2, FLR-3, FLR-4, FLR-5,
FLR-6, FLR-7, FLR-8, AMB-20, AMB-22, AMB-27).

Envido chain (AMB-20 `classic`). State: envidos called (0..2), real envido called, falta envido
called, the chain's sum (2 per envido, 3 for real envido), the value of the last call, what a
refusal pays now, and whether the contest is over and what it paid. Actions: a call of each kind
(the first call, or an answer with a later call, which accepts the call it answers), accept, run.

Flor exchange. State: the phase (the singer's partner to answer, the opponents holding flor to
answer, a contraflor to answer, a contraflor al resto to answer, over), the stake in force, the
stake before the last call, how many opponents hold flor, answered and accepted, and what was paid
to whom. The falta (AMB-22) is a free variable of at least 1: the proofs hold for any falta.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from truco_rules.proofs.setup import Setup

ENVIDO, REAL, FALTA, ACCEPT, RUN = 0, 1, 2, 3, 4


@dataclass(frozen=True)
class ChainShape:
    """The file's envido calls, where they make the chain this model knows: envido (up to `times`),
    then real envido, then falta envido, only forward (ENV-5, ENV-6, ARG-5, URU-8)."""

    envido: int  # an envido's stake (2)
    times: int  # how many envidos (2)
    real: int  # real envido's stake (ENV-5: "Se agregan 3 puntos")


def chain_shape(setup: Setup) -> ChainShape | None:
    """The chain's stakes, or None where the ruleset has no envido or its calls form another chain."""
    if not setup.has("envido"):
        return None
    calls = setup.rules.data["envido"]["calls"]
    shape = {"envido": ["envido", "real-envido", "falta-envido"], "real-envido": ["falta-envido"],
             "falta-envido": []}
    if {k: list(v["then"]) for k, v in calls.items()} != shape or calls["falta-envido"]["stake"] != "falta":
        return None
    e, r = calls["envido"]["stake"], calls["real-envido"]["stake"]
    if e == "falta" or r == "falta" or int(e) == int(r) or "times" in calls["real-envido"]:
        return None
    return ChainShape(int(e), int(calls["envido"].get("times", 1)), int(r))


@dataclass(frozen=True)
class Chain:
    e: z3.ArithRef
    r: z3.ArithRef
    f: z3.ArithRef
    total: z3.ArithRef
    last: z3.ArithRef
    refusal: z3.ArithRef
    over: z3.BoolRef
    paid: z3.ArithRef

    @classmethod
    def fresh(cls, tag: str) -> Chain:
        i = lambda n: z3.Int(f"{n}_{tag}")  # noqa: E731
        return cls(i("envidos"), i("real"), i("falta"), i("sum"), i("last"), i("refusal"),
                   z3.Bool(f"over_{tag}"), i("paid"))

    @property
    def variables(self) -> list[z3.ExprRef]:
        return [self.e, self.r, self.f, self.total, self.last, self.refusal, self.over, self.paid]

    def calls(self) -> z3.ArithRef:
        return self.e + self.r + self.f


class EnvidoChain:
    """The envido chain under AMB-20 `classic`, with the file's stakes; subclasses break it on purpose."""

    def __init__(self, shape: ChainShape) -> None:
        self.shape = shape
        self.values = {ENVIDO: shape.envido, REAL: shape.real, FALTA: 0}  # the falta apart

    def may_call(self, kind: int, e: z3.ArithRef, r: z3.ArithRef, f: z3.ArithRef) -> z3.BoolRef:
        """The order envido, envido, real-envido, falta-envido, only forward (ENV-5, ENV-6)."""
        if kind == ENVIDO:
            return z3.And(e < self.shape.times, r == 0, f == 0)
        if kind == REAL:
            return z3.And(r == 0, f == 0)
        return f == 0

    def refusal_after_call(self, calls_before: z3.ArithRef, total_before: z3.ArithRef) -> z3.ArithRef:
        """What refusing the new call pays: the accepted sum before it, or 1 if it is the first."""
        return z3.If(calls_before == 0, 1, total_before)

    def accepted(self, s: Chain, falta: z3.ArithRef) -> z3.ArithRef:
        return z3.If(s.f == 1, falta, s.total)  # ENV-6: falta envido stakes the falta

    def init(self, s: Chain) -> z3.BoolRef:
        return z3.And(s.e == 0, s.r == 0, s.f == 0, s.total == 0, s.last == 0, s.refusal == 0,
                      z3.Not(s.over), s.paid == 0)

    def transition(self, s: Chain, t: Chain, act: z3.ArithRef, falta: z3.ArithRef) -> z3.BoolRef:
        live = z3.Not(s.over)
        calls = []
        for kind, value in self.values.items():
            calls.append(z3.And(
                act == kind, live, self.may_call(kind, s.e, s.r, s.f),
                t.e == s.e + (1 if kind == ENVIDO else 0), t.r == s.r + (1 if kind == REAL else 0),
                t.f == s.f + (1 if kind == FALTA else 0), t.total == s.total + value, t.last == value,
                t.refusal == self.refusal_after_call(s.calls(), s.total), z3.Not(t.over), t.paid == 0))
        answered = z3.And(live, s.calls() > 0, t.over, t.e == s.e, t.r == s.r, t.f == s.f,
                          t.total == s.total, t.last == s.last, t.refusal == s.refusal)
        accept = z3.And(act == ACCEPT, answered, t.paid == self.accepted(s, falta))
        run = z3.And(act == RUN, answered, t.paid == s.refusal)
        return z3.Or(*calls, accept, run)

    def invariant(self, s: Chain) -> z3.BoolRef:
        e, r = self.shape.envido, self.shape.real
        return z3.And(
            s.e >= 0, s.e <= self.shape.times, z3.Or(s.r == 0, s.r == 1), z3.Or(s.f == 0, s.f == 1),
            s.total == e * s.e + r * s.r,
            z3.Implies(s.calls() == 0, z3.And(s.refusal == 0, z3.Not(s.over), s.paid == 0, s.last == 0)),
            z3.Implies(s.calls() == 1, s.refusal == 1),
            z3.Implies(s.calls() >= 2, s.refusal == s.total - s.last),
            z3.Or(s.last == 0, s.last == e, s.last == r),
            z3.Implies(s.f == 1, s.last == 0),
            z3.Implies(z3.And(s.f == 0, s.calls() > 0), z3.Or(z3.And(s.last == e, s.e >= 1),
                                                             z3.And(s.last == r, s.r == 1))),
            z3.Implies(z3.Not(s.over), s.paid == 0),
        )

    def rank(self, s: Chain) -> z3.ArithRef:
        """Calls still possible, twice, plus one while the contest is open: falls with every action."""
        return 2 * (self.longest() - s.calls()) + z3.If(s.over, 0, 1)

    def longest(self) -> int:
        """The most calls a chain can have: every envido, real envido, falta envido."""
        return self.shape.times + 2


class EndlessEnvido(EnvidoChain):
    """Control: envido may be called any number of times (no 'at most twice')."""

    def may_call(self, kind: int, e: z3.ArithRef, r: z3.ArithRef, f: z3.ArithRef) -> z3.BoolRef:
        return z3.And(r == 0, f == 0) if kind == ENVIDO else super().may_call(kind, e, r, f)


class RefusalPaysCalled(EnvidoChain):
    """Control: refusing a call pays the chain's sum with that call in it."""

    def transition(self, s: Chain, t: Chain, act: z3.ArithRef, falta: z3.ArithRef) -> z3.BoolRef:
        plain = super().transition(s, t, act, falta)
        return z3.If(act == RUN, z3.And(z3.Not(s.over), s.calls() > 0, t.over, t.paid == s.total,
                                        t.e == s.e, t.r == s.r, t.f == s.f, t.total == s.total,
                                        t.last == s.last, t.refusal == s.refusal), plain)


# --- flor -----------------------------------------------------------------------------------------

PARTNER, OPPONENTS, CONTRA, RESTO, OVER = 0, 1, 2, 3, 4
FLOR_RAISE, FLOR_PASS, QUIERO, CONTRAFLOR, CONTRAFLOR_RESTO, ME_ACHICO = 0, 1, 2, 3, 4, 5
SINGERS, ANSWERERS, COMPARED = 0, 1, 2  # who scores: the singer's side, the other side, the best flor


@dataclass(frozen=True)
class Flor:
    phase: z3.ArithRef
    stake: z3.ArithRef
    before: z3.ArithRef
    opponents: z3.ArithRef  # opponents holding flor (0..2)
    answered: z3.ArithRef
    accepts: z3.ArithRef
    paid: z3.ArithRef
    scorer: z3.ArithRef

    @classmethod
    def fresh(cls, tag: str) -> Flor:
        return cls(*[z3.Int(f"{n}_{tag}") for n in
                     ("phase", "stake", "before", "opponents", "answered", "accepts", "paid", "scorer")])

    @property
    def variables(self) -> list[z3.ExprRef]:
        return [self.phase, self.stake, self.before, self.opponents, self.answered, self.accepts,
                self.paid, self.scorer]


class FlorExchange:
    """The flor exchange; subclasses break it on purpose."""

    def __init__(self, setup: Setup) -> None:
        self.refusal = setup.reading("flor-refusal") or "stake-before-call"
        flor = setup.rules.data["flor"]
        self.stake = int(flor["stake"])  # FLR-2: 3
        raised = flor.get("partner_raise")  # FLR-3: the partner raises to 6 (pairs only)
        self.raised = None if raised is None else int(raised)
        self.accepted = [int(x) for x in flor["accepted"]]  # FLR-5: one quiero 9, two 12
        self.opponents = setup.players // 2  # at most every opponent holds flor
        self.contraflor_reading = setup.reading("contraflor-stake") or "double-stake"  # AMB-34

    def stakes(self) -> list[int]:
        """The stakes in force before any contraflor: the flor's, and the partner's raise."""
        return [self.stake] + ([self.raised] if self.raised is not None else [])

    def accepted_stake(self, accepts: z3.ArithRef) -> z3.ArithRef:
        out: z3.ArithRef = z3.IntVal(self.accepted[-1])
        for n in reversed(range(1, len(self.accepted))):
            out = z3.If(accepts <= n, self.accepted[n - 1], out)
        return out

    def contraflor(self, stake: z3.ArithRef) -> z3.ArithRef:
        """FLR-6: "dobla la puntuación actual de FLOR"; AMB-34 double-quiero: twice one quiero."""
        if self.contraflor_reading == "double-quiero":
            return z3.IntVal(2 * self.accepted[0])
        if self.contraflor_reading == "three-more":  # AMB-34 three-more: the flor's stake more
            return stake + self.stake
        return 2 * stake

    def refused(self, before: z3.ArithRef, called: z3.ArithRef) -> z3.ArithRef:
        """FLR-8 / AMB-27: what me achico pays the side that sang last."""
        return before if self.refusal == "stake-before-call" else called

    def init(self, s: Flor, partner_flor: z3.BoolRef) -> z3.BoolRef:
        first = z3.If(partner_flor, PARTNER, z3.If(s.opponents > 0, OPPONENTS, OVER))
        return z3.And(s.stake == self.stake, s.before == 0, s.opponents >= 0, s.opponents <= self.opponents,
                      s.answered == 0, s.accepts == 0, s.phase == first,
                      s.paid == z3.If(first == OVER, self.stake, 0), s.scorer == SINGERS,
                      z3.Implies(partner_flor, self.raised is not None))  # a partner only in pairs

    def transition(self, s: Flor, t: Flor, act: z3.ArithRef, falta: z3.ArithRef) -> z3.BoolRef:
        keep = lambda *names: z3.And(*[getattr(t, n) == getattr(s, n) for n in names])  # noqa: E731
        ended = lambda paid, scorer: z3.And(t.phase == OVER, t.paid == paid, t.scorer == scorer)  # noqa: E731
        # FLR-3: the partner raises to 6 or passes; then the opponents holding flor, or (FLR-2) the
        # singers score the stake in force.
        partner = []
        for a, stake in ((FLOR_RAISE, self.raised), (FLOR_PASS, self.stake)):
            if stake is None:
                continue
            partner.append(z3.And(act == a, s.phase == PARTNER, t.stake == stake,
                                  keep("before", "opponents", "answered", "accepts"),
                                  z3.If(s.opponents > 0, z3.And(t.phase == OPPONENTS, t.paid == 0,
                                                                t.scorer == SINGERS),
                                        ended(stake, SINGERS))))
        # FLR-4 / FLR-5 / FLR-8: each opponent answers quiero or me achico; when all have answered,
        # one quiero makes 9, two 12 (flors compared), none: the singers score the stake in force.
        opp = []
        for a, add in ((QUIERO, 1), (ME_ACHICO, 0)):
            acc = s.accepts + add
            last = s.answered + 1 == s.opponents
            opp.append(z3.And(act == a, s.phase == OPPONENTS, t.answered == s.answered + 1, t.accepts == acc,
                              keep("stake", "before", "opponents"),
                              z3.If(last, z3.If(acc == 0, ended(s.stake, SINGERS),
                                                ended(self.accepted_stake(acc), COMPARED)),
                                    z3.And(t.phase == OPPONENTS, t.paid == 0, t.scorer == SINGERS))))
        contra = z3.And(act == CONTRAFLOR, s.phase == OPPONENTS, t.phase == CONTRA,
                        t.stake == self.contraflor(s.stake), t.before == s.stake, t.paid == 0,
                        t.scorer == SINGERS, keep("opponents", "answered", "accepts"))
        # FLR-6 / FLR-7 / FLR-8: a contraflor is accepted, refused or answered al resto; al resto
        # is accepted or refused.
        answers = [
            z3.And(act == QUIERO, s.phase == CONTRA, ended(s.stake, COMPARED)),
            z3.And(act == ME_ACHICO, s.phase == CONTRA, ended(self.refused(s.before, s.stake), ANSWERERS)),
            z3.And(act == CONTRAFLOR_RESTO, s.phase == CONTRA, t.phase == RESTO, t.paid == 0,
                   t.scorer == SINGERS),
            z3.And(act == QUIERO, s.phase == RESTO, ended(falta, COMPARED)),
            z3.And(act == ME_ACHICO, s.phase == RESTO, ended(self.refused(s.stake, falta), SINGERS)),
        ]
        answers = [z3.And(a, keep("stake", "before", "opponents", "answered", "accepts")) for a in answers]
        return z3.Or(*partner, *opp, contra, *answers)

    def invariant(self, s: Flor) -> z3.BoolRef:
        return z3.And(
            z3.Or(*[s.phase == p for p in (PARTNER, OPPONENTS, CONTRA, RESTO, OVER)]),
            s.opponents >= 0, s.opponents <= 2, s.answered >= 0, s.accepts >= 0, s.accepts <= s.answered,
            s.answered <= s.opponents, s.opponents <= self.opponents,
            z3.Implies(s.phase == OPPONENTS, s.answered < s.opponents),
            z3.Implies(s.phase == PARTNER, z3.And(s.answered == 0, s.stake == self.stake,
                                                  self.raised is not None)),
            z3.Implies(z3.Or(s.phase == PARTNER, s.phase == OPPONENTS), z3.And(
                z3.Or(*[s.stake == x for x in self.stakes()]), s.before == 0)),
            z3.Implies(z3.Or(s.phase == CONTRA, s.phase == RESTO), z3.And(
                z3.Or(*[s.before == x for x in self.stakes()]), s.stake == self.contraflor(s.before))),
            z3.Implies(s.phase != OVER, z3.And(s.paid == 0, s.scorer == SINGERS)),
        )

    def rank(self, s: Flor) -> z3.ArithRef:
        """Answers still to come at most: falls with every action, 0 once over."""
        return z3.If(s.phase == PARTNER, 3 + self.opponents,
                     z3.If(s.phase == OPPONENTS, 2 + s.opponents - s.answered,
                     z3.If(s.phase == CONTRA, 2, z3.If(s.phase == RESTO, 1, 0))))


class EndlessContraflor(FlorExchange):
    """Control: a contraflor may be answered by another contraflor, doubling again."""

    def transition(self, s: Flor, t: Flor, act: z3.ArithRef, falta: z3.ArithRef) -> z3.BoolRef:
        again = z3.And(act == CONTRAFLOR, s.phase == CONTRA, t.phase == CONTRA,
                       t.stake == self.contraflor(s.stake),
                       t.before == s.stake, t.paid == 0, t.scorer == SINGERS, t.opponents == s.opponents,
                       t.answered == s.answered, t.accepts == s.accepts)
        return z3.Or(super().transition(s, t, act, falta), again)


class OtherRefusal(FlorExchange):
    """Control: AMB-27 read the other way from the setup's reading."""

    def __init__(self, setup: Setup) -> None:
        super().__init__(setup)
        self.refusal = "stake-called" if self.refusal == "stake-before-call" else "stake-before-call"
