#!/usr/bin/env node
// Truco Mineiro, one against one, as the Spanish rulebook (000) plays it: ruleset mineiro-1v1-es
// with the default reading of every ambiguity of the register. An example engine for the engine
// protocol of truco-rules (one JSON object per line on stdin/stdout); Node 20, no dependencies.
// The protocol itself is truco-protocol.js, beside this file: this file is only the game.
//
// Written from the clause catalogue (spec/data/clauses.yaml), the register's defaults for
// mineiro-1v1-es (spec/data/ambiguities.yaml) and the play procedure (docs/en/guide/procedure.md).
// Each rule names its clause ID or register key. Check it with:
//
//     truco check --engine-cmd "node examples/js-mineiro/engine.js" --ruleset mineiro-1v1-es
"use strict";

const { BadRequest, Refusal, serve } = require("./truco-protocol.js");

const RULESET = "mineiro-1v1-es";
const SEATS = 2; // SET-1: two players
const NOBODY = -1;
const TIE = "tie";

// DECK-1 / AMB-13 deck = forty-cards: ranks 4 5 6 7 Q J K A 2 3 in clubs, hearts, spades, diamonds.
const RANKS = ["4", "5", "6", "7", "Q", "J", "K", "A", "2", "3"];
const SUITS = ["C", "H", "S", "D"];
const DECK = RANKS.flatMap((r) => SUITS.map((s) => r + s));

// CARD-2, CARD-3: the manilhas 4C > 7H > AS > 7D beat every common card.
const MANILHAS = ["7D", "AS", "7H", "4C"]; // weakest first
// CARD-1: common cards by rank, 3 > 2 > A > K > J > Q > 7 > 6 > 5 > 4; CARD-4: suits do not count.
function strength(card, covered) {
  if (covered) return 0; // COV-1 / AMB-6 worth-nothing: below every face-up card
  const m = MANILHAS.indexOf(card);
  if (m >= 0) return 20 + m;
  return 1 + RANKS.indexOf(card.slice(0, -1));
}

// VAL-1: a hand starts at 2; BET-6: the calls go 4, 6, 10, 12, one step at a time; BET-8: 12 is the top.
const LADDER = [2, 4, 6, 10, 12];
const TARGET = 12; // MAT-1
const TEN_VALUE = 4; // TEN-2

// The readings this engine implements: the defaults of mineiro-1v1-es.
const READINGS = {
  "all-rounds-tied": "nobody-scores",
  "split-then-tie": "first-round-winner",
  "first-two-tied": "third-round-decides",
  "hand-length": "ends-when-decided",
  "covered-card": "worth-nothing",
  "covering": "allowed",
  "cover-round": "any-round",
  "ten-truco": "caller-loses-match",
  "iron-hand": "like-hand-of-ten",
  "iron-blind": "blind",
  "ten-choice": "must-play",
  "deck": "forty-cards",
  "round-leader": "winner-leads-tie-same",
  "hand-starter": "rotate-with-play",
};

// A small seeded generator (mulberry32): the same seed and hand number give the same deal.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffledDeal(seed, handNumber) {
  const next = generator((Number(BigInt.asUintN(32, BigInt(seed))) ^ Math.imul(handNumber, 0x9e3779b1)) >>> 0);
  const cards = DECK.slice();
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  // DEAL-1: three cards to each player.
  return [cards.slice(0, 3), cards.slice(3, 6)];
}

function checkDeal(hands) {
  if (!Array.isArray(hands) || hands.length !== SEATS || hands.some((h) => !Array.isArray(h) || h.length !== 3)) {
    throw new Error("a deal gives three cards to each of the two players");
  }
  const flat = hands.flat();
  if (flat.some((c) => !DECK.includes(c)) || new Set(flat).size !== flat.length) {
    throw new Error(`the deal ${JSON.stringify(hands)} is not six distinct cards of the deck`);
  }
}

// Who wins the hand from its round results so far (0, 1 or "tie"): a side, NOBODY, or null.
function handWinner(rounds) {
  if (rounds.length < 2) return null;
  const [a, b, c] = rounds;
  for (const side of [0, 1]) {
    if (rounds.filter((r) => r === side).length === 2) return side; // HND-3: two rounds win
  }
  if (a !== TIE && b === TIE) return a; // HND-5: a tie after a won round
  if (a === TIE && b !== TIE) return b; // HND-5: a won round after a tie
  if (rounds.length < 3) return null; // AMB-3 third-round-decides: play the third round
  if (a === TIE && b === TIE) return c === TIE ? NOBODY : c; // HND-9 / AMB-1 nobody-scores
  if (c === TIE) return a; // AMB-2 split-then-tie = first-round-winner
  return null; // unreachable: three decisive rounds give one side two wins
}

class Match {
  // `scores` and `dealer` (feature "position"): the points the first partida starts from and the
  // seat that deals the first hand (the next seat starts it).
  constructor(seed, deals, scores, dealer) {
    this.seed = seed;
    this.stacked = deals || [];
    this.start = scores || dealer !== undefined ? { scores: (scores || [0, 0]).slice(),
      dealer: dealer ?? SEATS - 1 } : null;
    this.score = this.start ? this.start.scores.slice() : [0, 0];
    this.hands = []; // finished hands, as the record writes them
    this.winner = null;
    this.partidas = [];
    this.number = 0;
    this.starter = this.start ? (this.start.dealer + 1) % SEATS : 0; // procedure: seat 0 starts the first hand
    this.startHand();
  }

  startHand() {
    this.number += 1;
    const stacked = this.stacked[this.number - 1];
    this.deal = stacked ? stacked.hands.map((h) => h.slice()) : shuffledDeal(this.seed, this.number);
    this.dealer = (this.starter + SEATS - 1) % SEATS; // AMB-15: the dealer sits before the starter
    this.played = [[], []]; // slots (0..2) each seat has played
    this.table = []; // this round: {seat, slot, covered}
    this.rounds = []; // results of the finished rounds
    this.past = []; // the plays of each finished round
    this.leader = this.starter;
    this.turn = this.starter; // the seat whose next move is to play a card
    this.actions = [];
    this.lastCaller = null; // BET-10: the side of the last call
    this.pending = null; // {value, caller, responder}
    const [s0, s1] = this.score;
    // IRN-1: both sides at 10 is the iron hand; TEN-1: one side at 10 is the hand of ten.
    this.kind = s0 === 10 && s1 === 10 ? "iron" : s0 === 10 || s1 === 10 ? "ten" : "normal";
    // TEN-2 / AMB-10 like-hand-of-ten: worth 4, and no truco (TEN-3).
    this.value = this.kind === "normal" ? LADDER[0] : TEN_VALUE;
    this.blind = this.kind === "iron"; // IRN-2 / AMB-11 blind: nobody sees their own cards
  }

  get over() {
    return this.winner !== null;
  }

  toAct() {
    if (this.over) return null;
    return this.pending ? this.pending.responder : this.turn;
  }

  nextStep() {
    const i = LADDER.indexOf(this.value);
    return i >= 0 && i + 1 < LADDER.length ? LADDER[i + 1] : null;
  }

  legal() {
    if (this.over) return [];
    if (this.pending) {
      // BET-2: accept, run or raise; BET-8: at 12 only accept or run.
      const out = ["accept", "run"];
      const i = LADDER.indexOf(this.pending.value);
      if (i + 1 < LADDER.length) out.push(`raise ${LADDER[i + 1]}`); // BET-5
      return out;
    }
    const seat = this.turn;
    const out = [];
    for (let slot = 0; slot < 3; slot++) {
      if (this.played[seat].includes(slot)) continue;
      const name = this.blind ? `#${slot + 1}` : this.deal[seat][slot]; // IRN-2: by slot when blind
      out.push(`play ${name}`, `cover ${name}`); // COV-1, AMB-7 allowed, AMB-8 any-round
    }
    const step = this.nextStep();
    // BET-1: on one's turn, before playing; BET-10: not by the side that made the last call.
    // TEN-3 / AMB-9 caller-loses-match: in the hand of ten the call may be made, and loses (TEN-4).
    if (step !== null && (this.kind !== "normal" || this.lastCaller !== seat % 2)) out.push(`raise ${step}`);
    return out;
  }

  refusal(action) {
    const words = String(action).split(" ");
    if (this.over) return new Refusal("MAT-1", "the match is over");
    if (this.pending && !["accept", "run", "raise"].includes(words[0])) {
      return new Refusal("BET-2", "a call is pending: accept, run or raise");
    }
    if (words[0] === "play" || words[0] === "cover") {
      const seat = this.turn;
      if (words.length !== 2) return new Refusal("RND-1", `${action} is not an action`);
      const bySlot = words[1].startsWith("#");
      if (bySlot !== this.blind) {
        return new Refusal("IRN-2", this.blind ? "the iron hand is blind: choose a slot, '#1' to '#3'"
          : "cards are chosen by slot only in the blind iron hand");
      }
      if (!bySlot && !this.deal[seat].includes(words[1])) return new Refusal("DEAL-1", `seat ${seat} does not hold ${words[1]}`);
      return new Refusal("RND-1", `${action}: that card is not in seat ${seat}'s hand`);
    }
    if (words[0] === "raise") {
      if (this.pending) return new Refusal(this.pending.value === 12 ? "BET-8" : "BET-6", "one step at a time");
      if (this.kind === "normal" && this.lastCaller === this.turn % 2) {
        return new Refusal("BET-10", "the side that made the last call cannot call again");
      }
      return new Refusal(this.value === 12 ? "BET-8" : "BET-6", `the next call is ${this.nextStep()}, not ${words[1]}`);
    }
    if (words[0] === "accept" || words[0] === "run") return new Refusal("BET-2", "there is no call to answer");
    return new Refusal("RND-1", `${JSON.stringify(action)} is not an action of Truco Mineiro`);
  }

  apply(action) {
    if (!this.legal().includes(action)) throw this.refusal(action);
    const seat = this.toAct();
    this.actions.push({ seat, action });
    const [verb, arg] = action.split(" ");
    if (verb === "play" || verb === "cover") return this.playCard(seat, arg, verb === "cover");
    if (verb === "accept") {
      this.value = this.pending.value; // BET-3: the hand is worth the value called
      this.pending = null; // the seat whose turn it was to play goes on
      return;
    }
    if (verb === "run") {
      // BET-4: the caller's side wins at the value before the refused call.
      return this.endHand(this.pending.caller % 2, this.value);
    }
    const value = Number(arg);
    if (this.kind !== "normal") {
      // TEN-4 / AMB-9 caller-loses-match: calling truco in the hand of ten loses the match.
      return this.endHand(1 - (seat % 2), 0, seat % 2);
    }
    if (this.pending) {
      // BET-5: a raise accepts the pending call and passes the answer back to its caller.
      this.value = this.pending.value;
      this.pending = { value, caller: seat, responder: this.pending.caller };
    } else {
      this.pending = { value, caller: seat, responder: (seat + 1) % SEATS };
    }
    this.lastCaller = seat % 2; // BET-10
  }

  playCard(seat, name, covered) {
    const slot = this.blind ? Number(name.slice(1)) - 1 : this.deal[seat].indexOf(name);
    this.played[seat].push(slot);
    this.table.push({ seat, slot, covered });
    if (this.table.length < SEATS) {
      this.turn = (seat + 1) % SEATS; // RND-1: each player plays one card, in turn
      return;
    }
    // RND-2: the highest card wins the round; RND-3: equal highest cards tie it.
    const [a, b] = this.table.map((p) => strength(this.deal[p.seat][p.slot], p.covered));
    const first = this.table[0].seat;
    const result = a === b ? TIE : a > b ? first : this.table[1].seat;
    this.rounds.push(result);
    this.past.push(this.table);
    this.table = [];
    if (result !== TIE) this.leader = result; // AMB-14 winner-leads-tie-same
    this.turn = this.leader;
    const winner = handWinner(this.rounds);
    if (winner !== null) this.endHand(winner, this.value);
  }

  endHand(winner, points, forfeit = null) {
    const result = { rounds: this.rounds.slice(), winner: winner === NOBODY ? null : winner,
      points: winner === NOBODY ? 0 : points };
    if (forfeit !== null) result.forfeit = forfeit;
    if (winner !== NOBODY && forfeit === null) this.score[winner] += points;
    result.score = this.score.slice();
    this.hands.push({ partida: 1, number: this.number, dealer: this.dealer, starter: this.starter,
      deal: this.deal.map((h) => h.slice()), actions: this.actions, result });
    this.pending = null;
    if (forfeit !== null) return this.endMatch(1 - forfeit); // TEN-4: the caller's side loses
    if (winner !== NOBODY && this.score[winner] >= TARGET) return this.endMatch(winner); // MAT-1
    this.starter = (this.starter + 1) % SEATS; // AMB-15 rotate-with-play, also after HND-9
    this.startHand();
  }

  endMatch(side) {
    this.winner = side;
    this.partidas = [side];
  }

  record() {
    const rec = {
      format: "truco-record/1", ruleset: RULESET, readings: {}, seed: this.seed, engine: "js-mineiro example",
      hands: this.hands.map((h) => JSON.parse(JSON.stringify(h))),
      result: this.over ? { winner: this.winner, score: this.score.slice(), partidas: this.partidas.slice() } : null,
    };
    if (this.start) rec.start = { scores: this.start.scores.slice(), dealer: this.start.dealer };
    return rec;
  }

  // What `seat` may see: its own cards (not in the blind iron hand, IRN-2), every card played face
  // up, its own covered cards (COV-1: nobody else sees them), never the other player's hand.
  observation(seat) {
    const shown = (p) => {
      const mine = p.seat === seat && !this.blind;
      return { seat: p.seat, covered: p.covered, card: !p.covered || mine ? this.deal[p.seat][p.slot] : null };
    };
    const hand = [0, 1, 2].filter((k) => !this.played[seat].includes(k))
      .map((k) => ({ slot: k + 1, card: this.blind ? null : this.deal[seat][k] }));
    return {
      seat, to_act: this.toAct(), score: this.score.slice(), hand_number: this.number, kind: this.kind,
      value: this.value, blind: this.blind, pending: this.pending ? { value: this.pending.value, by: this.pending.caller } : null,
      my_cards: this.over ? [] : hand, table: this.table.map(shown),
      rounds: this.past.map((plays, i) => ({ winner: this.rounds[i], plays: plays.map(shown) })),
      winner: this.winner,
    };
  }
}

// The protocol's commands, as truco-protocol.js calls them; it answers everything else itself
// (hello, malformed requests, commands before new_game) and turns a Refusal into "refused".
class MineiroEngine {
  stacksDeals = true; // new_game takes stacked deals (feature "deals")
  setsPosition = true; // and a set position: scores and dealer (feature "position")

  newGame(ruleset, seed, readings, options) {
    if (ruleset !== RULESET) throw new BadRequest(`this engine plays only ${RULESET}`);
    for (const [key, reading] of Object.entries(readings)) {
      if (READINGS[key] !== reading) throw new BadRequest(`this engine plays only the default reading of ${key}`);
    }
    const deals = options.deals || [];
    deals.forEach((d) => checkDeal(d.hands));
    this.match = new Match(seed, deals, options.scores, options.dealer);
  }

  toAct() {
    return this.match.toAct();
  }

  legal() {
    return this.match.legal();
  }

  apply(action) {
    this.match.apply(action);
  }

  deal() {
    return { hands: this.match.deal.map((h) => h.slice()), muestra: null };
  }

  record() {
    return this.match.record();
  }

  observation(seat) {
    return this.match.observation(seat);
  }
}

serve(new MineiroEngine(), { name: "js-mineiro", version: "1.0.0", rulesets: [RULESET] });
