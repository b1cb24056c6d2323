"""The state of the hand in play: one explicit home for everything a hand changes.

The game and the contests (envido, flor, señas) both work on a HandState. Every field holds an
immutable value (ints, tuples), so a snapshot is a shallow copy of the fields and undo restores
one; equality compares exactly the fields listed in FIELDS.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from truco_rules.engine.features import PLAYER_COUNTS
from truco_rules.engine.phases import PLAY

NORMAL, TEN, IRON = 0, 1, 2  # hand kinds: TEN-1, IRN-1
NO_SEAT = -1


class HandState:
    """What one hand has dealt, played, called and scored so far."""

    FIELDS = (
        # the deal
        "starter", "dealer", "deal", "muestra", "strength", "pieza",
        # the rounds
        "left", "table", "past", "rounds", "leader", "turn", "to_act", "phase", "decided",
        "all_tied", "opened",
        # truco
        "ladder_i", "value", "last_call_side", "call_by", "truco_called", "truco_paused",
        # hand of ten and iron hand
        "kind", "no_truco", "blind", "ten_side",
        # contests: envido, flor, señas
        "contest_done", "side_pts", "pending_pts", "signed", "signs", "sign_moves", "env_pts", "flor_pts",
        "env_chain", "env_caller", "fl_singer", "fl_stake", "fl_queue", "fl_accepts", "fl_out",
        "fl_contra", "fl_before",
    )

    starter: int  # AMB-15: the seat that starts the hand (the mano)
    dealer: int  # the seat just before the starter
    deal: tuple[tuple[int, ...], ...]  # DEAL-1: three card indices per seat, in slot order
    muestra: int  # URU-2: the card turned up, or NO_SEAT where the ruleset has none
    strength: tuple[int, ...]  # this hand's card strength (the piezas where there is a muestra)
    pieza: tuple[int, ...] | None  # URU-5: each card's pieza points, None without a muestra
    left: tuple[tuple[int, ...], ...]  # the slots each seat has not played yet
    table: tuple[tuple[int, int, bool], ...]  # the round being played: (seat, card, covered)
    past: tuple[tuple[tuple[int, int, bool], ...], ...]  # the rounds played
    rounds: tuple[int, ...]  # each round's result: a side, or TIE
    leader: int  # AMB-14: who leads the round being played
    turn: int  # whose turn it is to play a card
    to_act: int | None  # who acts now (a call may be answered by another seat)
    phase: int  # truco_rules.engine.phases
    decided: int | None  # AMB-4 always-three-rounds: the winner fixed while play goes on
    all_tied: int  # AMB-1: the hand result when every round is tied
    opened: int  # how many moves the match had when the hand was dealt (its moves follow)
    ladder_i: int  # VAL-1, VAL-2, BET-3, BET-6, BET-9: the index of the hand's value on the ladder
    value: int  # what the hand is worth now
    last_call_side: int  # BET-10
    call_by: int  # the seat whose call is pending or was accepted last
    truco_called: bool  # AMB-23: a truco call closes the window of the side contests
    truco_paused: int  # AMB-29 envido-first: the seat that answers the truco after the contest
    kind: int  # NORMAL, TEN or IRON
    no_truco: bool  # TEN-3, IRN-3
    blind: bool  # IRN-2
    ten_side: int  # TEN-1: the side at ten
    contest_done: bool  # AMB-23: one envido or flor contest per hand
    side_pts: tuple[tuple[str, int, int], ...]  # (contest, side, points) scored in the hand
    pending_pts: tuple[int, int]  # AMB-25 end-of-hand: contest points not yet added
    signed: tuple[bool, ...]  # SEN-1, SEN-2, SEN-3: one seña per seat and hand
    signs: tuple[tuple[int, str], ...]
    # SEN-1, SEN-2, SEN-3, AMB-28: the señas each seat may make in this hand
    sign_moves: tuple[tuple[Any, ...], ...]
    env_pts: tuple[int, ...]  # ENV-4: each seat's envido points
    flor_pts: tuple[int | None, ...]  # each seat's flor points, None without flor
    env_chain: tuple[str, ...]  # ENV-5, ENV-6: the calls of the pending chain
    env_caller: int
    fl_singer: int
    fl_stake: int
    fl_queue: tuple[int, ...]  # FLR-4: the opponents holding flor still to answer
    fl_accepts: int
    fl_out: tuple[int, ...]  # AMB-40 in-turn: opponents whose flor is not compared (they ran, or a
    # contraflor closed the answers before their turn)
    fl_contra: int
    fl_before: int  # AMB-27: the stake before the contraflor

    def snapshot(self) -> dict[str, Any]:
        """The fields as they are now (what undo keeps). The values are immutable, so a shallow
        copy is a full one."""
        return self.__dict__.copy()

    @classmethod
    def restore(cls, snapshot: dict[str, Any]) -> HandState:
        hand = cls()  # no __init__: the fields come in one dict
        hand.__dict__ = snapshot.copy()  # its own copy (a dict clone, faster than update): the snapshot stays
        return hand

    def copy(self) -> HandState:
        return self.restore(self.__dict__)

    def state(self) -> tuple[Any, ...]:
        """Exactly the fields of FIELDS, in order: what equality compares."""
        return _STATE(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return self.state() == other.state()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<HandState phase {self.phase} to_act {self.to_act} rounds {self.rounds}>"


_STATE = attrgetter(*HandState.FIELDS)

def _fresh(n: int) -> dict[str, Any]:
    """What a hand dealt to `n` seats starts with: every field, in FIELDS order; those of the deal
    (who starts, the cards, what the hand is worth) hold None until the game fills them in."""
    fields: dict[str, Any] = dict.fromkeys(HandState.FIELDS)
    fields.update(
        left=((0, 1, 2),) * n, table=(), past=(), rounds=(), phase=PLAY, decided=None,
        all_tied=NO_SEAT, opened=0, ladder_i=0, last_call_side=NO_SEAT, call_by=NO_SEAT, truco_called=False,
        truco_paused=NO_SEAT, kind=NORMAL, no_truco=False, blind=False, ten_side=NO_SEAT,
        contest_done=False, side_pts=(), pending_pts=(0, 0), signed=(False,) * n, signs=(), sign_moves=(),
        env_pts=(), flor_pts=(), env_chain=(), env_caller=NO_SEAT, fl_singer=NO_SEAT, fl_stake=0,
        fl_queue=(), fl_accepts=0, fl_out=(), fl_contra=NO_SEAT, fl_before=0,
    )
    return fields


# By player count. A new hand's fields are a copy of these with the deal's values stored in: a
# dict clone and a store per field, never grown (cheaper than building a dict of the deal's).
FRESH = {n: _fresh(n) for n in PLAYER_COUNTS}


def hand_of(fields: dict[str, Any]) -> HandState:
    """The HandState whose fields are `fields`: that dict itself, which the caller gives up."""
    h = HandState()  # no __init__: its fields are given whole (and HandState() is a faster
    h.__dict__ = fields  # call than object.__new__(HandState))
    return h
