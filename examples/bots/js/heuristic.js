// A simple heuristic bot: it wins a round as cheaply as it can, raises and accepts with strong cards.
"use strict";
const { run, strength, myCards } = require("./trucobot");

function decide(view, legal, rng) {
  const top = view.card_order.length - 1;
  const strong = myCards(view).filter((c) => strength(view, c) >= top - 3).length;
  const raises = legal.filter((a) => a.startsWith("raise"));
  if (view.pending !== null) {
    if (strong >= 2 && raises.length) return raises[0];
    if (legal.includes("accept") && (strong >= 1 || view.pending.kind !== "truco")) return "accept";
    if (legal.includes("ten-play")) return strong ? "ten-play" : "ten-decline";
    return legal.includes("run") ? "run" : legal[0];
  }
  if (raises.length && strong >= 2) return raises[0];
  const plays = legal.filter((a) => a.startsWith("play ") && !a.includes("#"));
  if (!plays.length) return legal[Math.floor(rng() * legal.length)];
  const cardOf = (a) => a.split(" ")[1];
  const rivals = view.table.filter((p) => p.card !== null && !p.covered && p.seat % 2 !== view.side);
  const best = Math.max(-1, ...rivals.map((p) => strength(view, p.card)));
  plays.sort((a, b) => strength(view, cardOf(a)) - strength(view, cardOf(b)));
  return plays.find((a) => strength(view, cardOf(a)) > best) || plays[0];
}

run(decide, { name: "heuristic-js" });
