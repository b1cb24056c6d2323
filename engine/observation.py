"""What one seat may see (Game.observation), as a Game mixin."""

from __future__ import annotations

from typing import Any

from truco_rules.engine.errors import ArgumentTypeError, GameArgumentError
from truco_rules.engine.hand import TEN
from truco_rules.engine.match_fields import MatchFields
from truco_rules.engine.phases import (
    ENVIDO,
    FLOR_CONTRA,
    FLOR_OPP,
    FLOR_PARTNER,
    FLOR_RESTO,
    TEN_CHOICE,
    TRUCO,
)
from truco_rules.engine.tricks import TIE

_HAND_KINDS = ("normal", "ten", "iron")


class ObservationMixin(MatchFields):
    """Hides other seats' cards, covered cards, and (in a blind hand) the seat's own cards."""

    def observation(self, seat: int) -> dict[str, Any]:
        """Only what `seat` may know now."""
        cfg = self._cfg
        h = self.hand
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ArgumentTypeError(f"seat must be an int, not {type(seat).__name__}")
        if not 0 <= seat < cfg.n:
            raise GameArgumentError(f"seat must be 0..{cfg.n - 1}")
        names = cfg.deck.names
        deal = h.deal[seat]
        left = h.left[seat]
        blind = h.blind
        hand: list[dict[str, Any]]
        if blind:  # IRN-2: the holder cannot see their own cards, only which slots remain
            hand = [{"slot": k + 1, "card": None} for k in left]
        else:
            hand = [{"slot": k + 1, "card": names[deal[k]]} for k in left]

        def shown(s: int, card: int, covered: bool) -> dict[str, Any]:
            # COV-1: a covered card is seen by nobody but its player, and not even by them if blind
            visible = not covered or (s == seat and not blind)
            return {"seat": s, "card": names[card] if visible else None, "covered": covered}

        obs: dict[str, Any] = {
            "ruleset": cfg.ruleset.name,
            "seat": seat,
            "side": seat & 1,
            "to_act": h.to_act,
            "score": list(self._scores),
            "partida": self._partida,
            "partidas": list(self._partidas),
            "hand_number": self._hand_no,
            "dealer": h.dealer,
            "starter": h.starter,
            "hand_kind": _HAND_KINDS[h.kind],
            "blind": blind,
            "hand_value": h.value,
            "hand": hand,
        }
        if cfg.deck.has_muestra:
            obs["muestra"] = names[h.muestra]  # URU-2: face up, every seat sees it
        obs.update({
            "table": [shown(*p) for p in h.table],
            "rounds": [{"result": "tie" if r == TIE else r, "plays": [shown(*p) for p in plays]}
                       for r, plays in zip(h.rounds, h.past, strict=True)],
            "pending": self._pending_call(),
            "over": self._winner is not None,
            "winner": self._winner,
        })
        partners = [p % cfg.n for p in range(seat + 2, seat + cfg.n, 2)]
        ten = cfg.ten
        if ten is not None and ten.partners_see and h.kind == TEN and seat & 1 == h.ten_side and partners:
            # TEN-7: partners at ten see each other's cards
            obs["partner_cards"] = [names[h.deal[p][k]] for p in partners for k in h.left[p]]
        if cfg.contests:
            obs["side_points"] = [{"contest": c, "side": s, "points": p} for c, s, p in h.side_pts]
            if cfg.senas:  # SEN-1, SEN-2, SEN-3: only the partners see a seña
                obs["signs"] = [{"seat": s, "sign": sign} for s, sign in h.signs if s in partners]
            if cfg.envido is not None and not blind:
                obs["envido_points"] = h.env_pts[seat]
        return obs

    def _pending_call(self) -> dict[str, Any] | None:
        h = self.hand
        ph = h.phase
        if ph == TRUCO:
            return {"kind": "truco", "value": self._cfg.ladder[h.ladder_i + 1], "by": h.call_by}
        if ph == TEN_CHOICE:
            return {"kind": "ten-choice", "side": h.ten_side}
        pending: dict[str, Any] | None = None
        if ph == ENVIDO:
            pending = {"kind": "envido", "chain": list(h.env_chain), "by": h.env_caller}
        elif ph in (FLOR_PARTNER, FLOR_OPP):
            pending = {"kind": "flor", "stake": h.fl_stake, "by": h.fl_singer}
        elif ph == FLOR_CONTRA:
            pending = {"kind": "contraflor", "stake": h.fl_stake, "by": h.fl_contra}
        elif ph == FLOR_RESTO:
            pending = {"kind": "contraflor-resto", "by": h.fl_singer}
        if pending is not None and h.truco_paused >= 0:  # AMB-29: a truco call waits for it
            pending["truco"] = {"value": self._cfg.ladder[h.ladder_i + 1], "by": h.call_by}
        return pending
