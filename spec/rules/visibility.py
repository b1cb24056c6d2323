"""What each seat may see of the cards of the hand being played, each rule with its clause.

- DEAL-1 "Tres cartas para cada participante": a seat sees the three cards dealt to it (until it
  plays them, and after that on the table) and none of the cards dealt to the other seats.
- RND-1 "cada jugador juega una carta": a card played face up is on the table, seen by every seat.
- COV-1 "Carta tirada volteada (boca abajo)": a covered card is seen by nobody but its player.
- IRN-2 "los jugadores no pueden ver sus cartas ("oculto")": in a blind iron hand a seat sees
  none of its own cards, not even the one it covers; a card played face up is seen once on the table.
- TEN-7 "i giocatori della coppia possono vedere le carte l'uno dell'altro": in the hand of ten
  the partners of the side at ten may see each other's cards (a permission, not an obligation).

`sights(hand, seat)` applies these rules to every card of the current deal. A `Sight` says whether
the seat may know the card now, whether an observation of that seat must show it (its own cards
in hand when it can see them, and the cards face up on the table), and the clause behind both.
"""

from __future__ import annotations

from typing import NamedTuple

from truco_rules.spec.rules import ladder as lad
from truco_rules.spec.rules.match import side
from truco_rules.spec.rules.state import Hand


class Sight(NamedTuple):
    """One card of the deal as one seat may see it."""

    card: str
    owner: int  # the seat it was dealt to
    visible: bool  # the seat may know the card now
    required: bool  # an observation of the seat must show it
    clause: str
    why: str


def _played(hand: Hand) -> dict[tuple[int, int], bool]:
    """(seat, slot) -> covered, for every card already played in the hand."""
    out: dict[tuple[int, int], bool] = {}
    for plays in [*hand.past, hand.plays]:
        for seat, slot, covered in plays:
            out[(seat, slot)] = covered
    return out


def _partners_at_ten(hand: Hand, seat: int, owner: int) -> bool:
    """TEN-7 (PAU-13): the two seats are partners on the side at ten, in a ruleset whose hand of ten
    lets partners see each other's cards (its file's `partners_see`)."""
    r = hand.rules
    return (r.players == 4 and owner != seat and side(owner) == side(seat) and hand.kind == lad.TEN
            and side(seat) == hand.ten_side and bool((r.data.get("hand_of_ten") or {}).get("partners_see")))


def sight(hand: Hand, seat: int, owner: int, slot: int, played: dict[tuple[int, int], bool]) -> Sight:
    """How `seat` may see the card in `slot` (0-based) of `owner`'s deal."""
    card = hand.deal[owner][slot]
    own = owner == seat
    if (owner, slot) in played:
        if not played[(owner, slot)]:
            return Sight(card, owner, True, True, "RND-1", "a card played face up is seen by every seat")
        if own and not hand.blind:
            return Sight(card, owner, True, False, "COV-1", "a player may know the card it covered")
        if own:
            return Sight(card, owner, False, False, "IRN-2", "in the blind iron hand a player never sees "
                                                             "its own cards, not even the one it covers")
        return Sight(card, owner, False, False, "COV-1", "a covered card is seen by nobody but its player")
    if own and hand.blind:
        return Sight(card, owner, False, False, "IRN-2", "in the blind iron hand a player cannot see "
                                                         "its own cards")
    if own:
        return Sight(card, owner, True, True, "DEAL-1", "a player sees the cards dealt to it")
    if _partners_at_ten(hand, seat, owner):
        return Sight(card, owner, True, False, hand.rules.clause_or("hand_of_ten", "partners_see", "TEN-7"),
                     "partners at ten may see each other's cards")
    return Sight(card, owner, False, False, "DEAL-1", "a player never sees the cards dealt to another seat")


def sights(hand: Hand, seat: int, played: dict[tuple[int, int], bool] | None = None) -> list[Sight]:
    """Every card of the current deal as `seat` may see it now (`played`: from `played_cards`)."""
    played = _played(hand) if played is None else played
    return [sight(hand, seat, owner, slot, played)
            for owner in range(len(hand.deal)) for slot in range(len(hand.deal[owner]))]


def played_cards(hand: Hand) -> dict[tuple[int, int], bool]:
    """(seat, slot) -> covered for the cards played so far: compute once for every seat's sights."""
    return _played(hand)
