// The bot side of the bot protocol (truco-bot/1) for Node bots: no dependencies, copy it.
//
//   const { run } = require("./trucobot");
//   run((view, legal, rng) => legal[Math.floor(rng() * legal.length)], { name: "my-bot" });
//
// `run` answers hello with the bot's name, version and rulesets, and each decide with what
// decide(view, legal, rng) returns (one of legal); rng() is a generator seeded by the referee, so
// that a tournament can be played again with the same results. Write nothing else on stdout:
// debug output goes to stderr (console.error).
"use strict";
const readline = require("readline");

const PROTOCOL = "truco-bot/1";

// mulberry32: a small seeded generator (Math.random cannot be seeded)
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The strength of a card in this hand (0: the weakest group), from the view's card_order.
function strength(view, card) {
  return view.card_order.findIndex((group) => group.includes(card));
}

// The cards this seat still holds and can see (none in a blind hand).
function myCards(view) {
  return view.hand.filter((c) => c.card !== null).map((c) => c.card);
}

function run(decide, { name, version = "1.0", rulesets = ["*"] }) {
  let rng = seeded(0);
  const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");
  readline.createInterface({ input: process.stdin }).on("line", (line) => {
    const message = JSON.parse(line);
    if (message.type === "hello") {
      rng = seeded(message.seed % 4294967296);
      send({ type: "hello", protocol: PROTOCOL, name, version, rulesets });
    } else if (message.type === "decide") {
      send({ type: "action", id: message.id, action: decide(message.view, message.legal, rng) });
    } else if (message.type === "over") {
      process.exit(0);
    }
  });
}

module.exports = { run, strength, myCards, PROTOCOL };
