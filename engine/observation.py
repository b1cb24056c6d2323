"""What one seat may see (Game.observation), as a Game mixin."""

from __future__ import annotations

from typing import Any

from engine.phases import ENVIDO, FLOR_CONTRA, FLOR_OPP, FLOR_PARTNER, FLOR_RESTO, TEN_CHOICE, TRUCO

_HAND_KINDS = ("normal", "ten", "iron")


class ObservationMixin:
    """Hides other seats' cards, covered cards, and (in a blind hand) the seat's own cards."""

    def observation(self, seat: int) -> dict[str, Any]:
        """Only what `seat` may know now."""
        cfg = self._cfg
        if not 0 <= seat < cfg.n:
            raise ValueError(f"seat must be 0..{cfg.n - 1}")
        names = cfg.deck.names
        deal = self._deal[seat]
        left = self._left[seat]
        if self._blind:  # IRN-2: the holder cannot see their own cards, only which slots remain
            hand = [{"slot": k + 1, "card": None} for k in left]
        else:
            hand = [{"slot": k + 1, "card": names[deal[k]]} for k in left]

        def shown(s: int, card: int, covered: bool) -> dict[str, Any]:
            # COV-1: a covered card is seen by nobody but its player, and not even by them if blind
            visible = not covered or (s == seat and not self._blind)
            return {"seat": s, "card": names[card] if visible else None, "covered": covered}

        obs: dict[str, Any] = {
            "ruleset": cfg.ruleset.name,
            "seat": seat,
            "side": seat & 1,
            "to_act": self.to_act,
            "score": list(self._scores),
            "partida": self._partida,
            "partidas": list(self._partidas),
            "hand_number": self._hand_no,
            "dealer": self._dealer,
            "starter": self._starter,
            "hand_kind": _HAND_KINDS[self._hand_kind],
            "blind": self._blind,
            "hand_value": self._value,
            "hand": hand,
            "table": [shown(*p) for p in self._table],
            "rounds": [{"result": "tie" if r == 2 else r, "plays": [shown(*p) for p in plays]}
                       for r, plays in zip(self._rounds, self._past, strict=True)],
            "pending": self._pending_call(),
            "over": self._winner is not None,
            "winner": self._winner,
        }
        ten_side = self._ten_side
        if cfg.ruleset.ten_partners_see and self._hand_kind == 1 and seat & 1 == ten_side and cfg.n == 4:
            partner = (seat + 2) % cfg.n  # TEN-7: partners at ten see each other's cards
            obs["partner_cards"] = [names[self._deal[partner][k]] for k in self._left[partner]]
        if cfg.gauderio:
            obs["side_points"] = [{"contest": c, "side": s, "points": p} for c, s, p in self._side_pts]
            partner = (seat + 2) % cfg.n
            obs["signs"] = [{"seat": s, "sign": sign} for s, sign in self._signs if s == partner]  # SEN-*
            if not self._blind:
                obs["envido_points"] = self._env_pts[seat]
        return obs

    def _pending_call(self) -> dict[str, Any] | None:
        ph = self._phase
        if ph == TRUCO:
            return {"kind": "truco", "value": self._cfg.ladder[self._ladder_i + 1], "by": self._call_by}
        if ph == TEN_CHOICE:
            return {"kind": "ten-choice", "side": self._ten_side}
        if ph == ENVIDO:
            return {"kind": "envido", "chain": list(self._env_chain), "by": self._env_caller}
        if ph in (FLOR_PARTNER, FLOR_OPP):
            return {"kind": "flor", "stake": self._fl_stake, "by": self._fl_singer}
        if ph == FLOR_CONTRA:
            return {"kind": "contraflor", "stake": self._fl_stake, "by": self._fl_contra}
        if ph == FLOR_RESTO:
            return {"kind": "contraflor-resto", "by": self._fl_singer}
        return None
