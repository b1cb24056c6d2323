// The engine's side of the truco-rules engine protocol, for Node 20, with no dependencies: copy
// this file next to your engine, write a class with the engine's methods, and call serve().
//
//   const { Refusal, serve } = require("./truco-protocol.js");
//
//   class MyEngine {
//     stacksDeals = true;  // newGame takes options.deals (feature "deals")
//     newGame(ruleset, seed, readings, options) { ... }  // options: {deals, scores, dealer} as sent
//     toAct() { ... }      // the seat to act, or null once the match is over
//     legal() { ... }      // the action texts the seat to act may take now
//     apply(action) { ... } // throw new Refusal("BET-10", "why") for an action the rules forbid
//     deal() { ... }       // {hands: [[...], [...]], muestra: null}, or just the hands
//     record() { ... }     // the truco-record/1 of the match so far
//   }
//   serve(new MyEngine(), { name: "my-engine", version: "1.0.0", rulesets: ["mineiro-1v1-es"] });
//
// serve() reads the checker's requests from stdin, checks that each follows the protocol, calls
// the method it names and writes the reply. The hello's features: "observation" and "undo" when
// those methods exist, "deals" when the engine has stacksDeals = true, "position" (newGame takes
// options.scores and options.dealer) when it has setsPosition = true. A Refusal (or an instance of
// another class in options.refusals) thrown by apply is the "refused" reply; anything else thrown,
// anywhere, is an "error" reply, with its stack on stderr. While it serves, console.log writes to
// stderr, so that debugging output cannot garble the protocol; log(text) writes a log line, which
// the checker ignores.
"use strict";

const PROTOCOL = 1;
const MAX_LINE = 1 << 20; // bytes: the longest request (new_game with stacked deals) is a few kB
const SEATS = 6; // the most seats a ruleset has (three against three)
const COMMANDS = ["hello", "new_game", "to_act", "legal", "apply", "undo", "deal", "record", "observation", "quit"];
const REQUIRED = ["newGame", "toAct", "legal", "apply", "deal", "record"];
// The lengths the protocol's schema allows in a reply.
const MAX_REASON = 500;
const MAX_CLAUSE = 16;
const MAX_MESSAGE = 2000;

class Refusal extends Error {
  // The rules do not allow this action now (and the game is unchanged); clause may be null.
  constructor(clause, reason) {
    super(reason);
    this.name = "Refusal";
    this.clause = clause;
  }
}

// A request the engine cannot serve (a ruleset or a reading it does not play, a malformed request):
// answered with an error, and no stack on stderr, since nothing in the engine went wrong.
class BadRequest extends Error {}

const brief = (value) => {
  let text;
  try {
    text = value === undefined ? "missing" : JSON.stringify(value) ?? String(value);
  } catch (err) { // a BigInt or a cycle
    text = String(value);
  }
  return text.length <= 80 ? text : text.slice(0, 77) + "...";
};
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isSeat = (v) => Number.isInteger(v) && v >= 0 && v < SEATS;

function checkDeal(deal) {
  if (!isObject(deal) || !Array.isArray(deal.hands)) throw new BadRequest(`a deal is an object with hands and muestra, not ${brief(deal)}`);
  const { hands } = deal;
  const muestra = deal.muestra ?? null;
  if (hands.length < 2 || hands.length > SEATS
      || !hands.every((h) => Array.isArray(h) && h.length === 3 && h.every((c) => typeof c === "string"))) {
    throw new BadRequest(`a deal's hands are three card names per seat, not ${brief(hands)}`);
  }
  if (muestra !== null && typeof muestra !== "string") throw new BadRequest(`a deal's muestra is a card name or null, not ${brief(muestra)}`);
  return { hands: hands.map((h) => h.slice()), muestra };
}

function featuresOf(engine) {
  const found = { deals: engine.stacksDeals === true, observation: typeof engine.observation === "function",
    position: engine.setsPosition === true, undo: typeof engine.undo === "function" };
  return Object.keys(found).filter((f) => found[f]);
}

class Session {
  constructor(engine, options = {}) {
    const missing = REQUIRED.filter((m) => typeof engine[m] !== "function");
    // An author's mistake: say so at once, before the checker's first request.
    if (missing.length) throw new TypeError(`the engine has no method ${missing.join(", ")}`);
    this.engine = engine;
    this.features = options.features ? options.features.slice() : featuresOf(engine);
    const unknown = this.features.filter((f) => !["deals", "observation", "position", "undo"].includes(f));
    if (unknown.length) throw new TypeError(`unknown features ${unknown.join(", ")}`);
    for (const method of ["observation", "undo"]) {
      if (this.features.includes(method) && typeof engine[method] !== "function") {
        throw new TypeError(`feature ${method} announced, but the engine has no ${method}()`);
      }
    }
    const info = { name: options.name || engine.constructor.name };
    if (options.version !== undefined) info.version = options.version;
    if (options.author !== undefined) info.author = options.author;
    this.helloOk = { protocol: PROTOCOL, engine: info, features: this.features };
    if (options.rulesets) this.helloOk.rulesets = options.rulesets.slice();
    this.refusals = options.refusals || [Refusal];
    this.playing = false; // a new_game succeeded
  }

  // The reply to one line of stdin (null: no reply, for quit).
  replyToLine(text) {
    let request;
    try {
      request = JSON.parse(text);
    } catch (err) {
      return { id: null, error: { message: "a request is one JSON object on one line (UTF-8)" } };
    }
    if (!isObject(request)) return { id: null, error: { message: `a request is a JSON object, not ${brief(request)}` } };
    if (!Number.isInteger(request.id) || request.id < 0) {
      return { id: null, error: { message: `a request's id is a whole number from 0, not ${brief(request.id)}` } };
    }
    if (request.cmd === "quit") return null;
    return { id: request.id, ...this.answer(request) };
  }

  answer(request) {
    const cmd = request.cmd;
    try {
      return { ok: this.run(cmd, request) };
    } catch (err) {
      if (err instanceof BadRequest) return { error: { message: `${cmd}: ${err.message}`.slice(0, MAX_MESSAGE) } };
      // Only apply may be refused: elsewhere a refusal is a fault of the engine.
      if (cmd === "apply" && this.refusals.some((type) => err instanceof type)) {
        const clause = typeof err.clause === "string" && err.clause.length <= MAX_CLAUSE ? err.clause : null;
        return { refused: { clause, reason: String(err.message).slice(0, MAX_REASON) } };
      }
      // stderr is free, and the checker quotes its end: the stack without Node's own frames.
      const stack = err && err.stack ? err.stack.split("\n").filter((l) => !l.includes("(node:")).join("\n") : err;
      process.stderr.write(`${stack}\n`);
      const what = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      return { error: { message: `${cmd}: ${what}`.slice(0, MAX_MESSAGE) } };
    }
  }

  run(cmd, request) {
    const e = this.engine;
    if (cmd === "hello") {
      if (request.protocol !== PROTOCOL) throw new BadRequest(`this engine speaks protocol ${PROTOCOL}, not ${brief(request.protocol)}`);
      return this.helloOk;
    }
    if (cmd === "new_game") {
      this.playing = false;
      e.newGame(...this.newGameArguments(request));
      this.playing = true;
      return {};
    }
    if (!COMMANDS.includes(cmd)) throw new BadRequest(`unknown command ${brief(cmd)}`);
    if ((cmd === "undo" || cmd === "observation") && !this.features.includes(cmd)) {
      throw new BadRequest(`this engine has no ${cmd} (it did not announce the feature)`);
    }
    if (!this.playing) throw new BadRequest("no game: send new_game first");
    switch (cmd) {
      case "to_act": {
        const seat = e.toAct() ?? null;
        if (seat !== null && !isSeat(seat)) throw new TypeError(`toAct() returned ${brief(seat)}, not a seat or null`);
        return { seat };
      }
      case "legal": {
        const actions = e.legal();
        if (!Array.isArray(actions) || !actions.every((a) => typeof a === "string")) {
          throw new TypeError(`legal() returned ${brief(actions)}, not an array of action texts`);
        }
        return { actions };
      }
      case "apply":
        // Any text goes to the engine, malformed or not: the checker sends malformed actions on
        // purpose, and they must be refused by the engine's rules, not by the transport.
        if (typeof request.action !== "string") throw new BadRequest(`action is ${brief(request.action)}, not an action text`);
        e.apply(request.action);
        return {};
      case "undo":
        e.undo();
        return {};
      case "deal": {
        const deal = e.deal();
        try {
          return checkDeal(Array.isArray(deal) ? { hands: deal, muestra: null } : deal);
        } catch (err) {
          throw new TypeError(`deal() returned ${brief(deal)}: ${err.message}`);
        }
      }
      case "record": {
        const record = e.record();
        if (!isObject(record)) throw new TypeError(`record() returned ${brief(record)}, not a truco-record/1 object`);
        return record;
      }
      default: { // observation
        if (!isSeat(request.seat)) throw new BadRequest(`seat is ${brief(request.seat)}, not a seat 0 to ${SEATS - 1}`);
        const seen = e.observation(request.seat);
        if (!isObject(seen)) throw new TypeError(`observation() returned ${brief(seen)}, not an object`);
        return seen;
      }
    }
  }

  newGameArguments(request) {
    const { ruleset, seed, readings, deals, scores, dealer } = request;
    if (typeof ruleset !== "string" || !ruleset) throw new BadRequest(`ruleset is ${brief(ruleset)}, not a ruleset name`);
    if (!Number.isInteger(seed)) throw new BadRequest(`seed is ${brief(seed)}, not a whole number`);
    if (!isObject(readings) || !Object.values(readings).every((v) => typeof v === "string")) {
      throw new BadRequest(`readings is ${brief(readings)}, not an object of reading names`);
    }
    const options = {};
    if (deals !== undefined && deals !== null && !(Array.isArray(deals) && deals.length === 0)) {
      if (!this.features.includes("deals")) throw new BadRequest("this engine takes no stacked deals (it did not announce the feature)");
      if (!Array.isArray(deals)) throw new BadRequest(`deals is ${brief(deals)}, not a list of deals`);
      options.deals = deals.map(checkDeal);
    }
    if ((scores ?? null) !== null || (dealer ?? null) !== null) {
      if (!this.features.includes("position")) {
        throw new BadRequest("this engine takes no set scores and dealer (it did not announce the feature position)");
      }
      if ((scores ?? null) !== null) {
        if (!Array.isArray(scores) || scores.length !== 2 || !scores.every((s) => Number.isInteger(s) && s >= 0)) {
          throw new BadRequest(`scores is ${brief(scores)}, not the points of side 0 and side 1`);
        }
        options.scores = scores.slice();
      }
      if ((dealer ?? null) !== null) {
        if (!isSeat(dealer)) throw new BadRequest(`dealer is ${brief(dealer)}, not a seat 0 to ${SEATS - 1}`);
        options.dealer = dealer;
      }
    }
    return [ruleset, seed, { ...readings }, options];
  }
}

let output = null; // where log() writes: the protocol's stdout while serve() runs

function write(message) {
  output.write(JSON.stringify(message) + "\n");
}

// A log line, which the checker ignores (to stderr when serve() is not running).
function log(text) {
  if (output) write({ log: String(text) });
  else process.stderr.write(`${text}\n`);
}

// Serve the engine on stdin and stdout until quit or the end of stdin. options: name, version,
// author, rulesets (what the hello says), features (in place of those the engine shows),
// refusals (the error classes of apply that mean "refused"; default [Refusal]).
function serve(engine, options = {}, input = process.stdin, out = process.stdout) {
  const session = new Session(engine, options);
  output = out;
  console.log = (...args) => console.error(...args); // debugging output must not garble the protocol
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let buffer = Buffer.alloc(0);
  let skipping = false; // inside a line longer than MAX_LINE, read to its end and dropped
  const reply = (message) => {
    try {
      write(message);
    } catch (err) { // an ok payload that is not JSON (a cycle, a BigInt)
      write({ id: message.id ?? null, error: { message: `the reply is not JSON: ${err.message}`.slice(0, MAX_MESSAGE) } });
    }
  };
  input.on("data", (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let end = buffer.indexOf(10); end >= 0; end = buffer.indexOf(10)) {
      const line = buffer.subarray(0, end);
      buffer = buffer.subarray(end + 1);
      if (skipping) {
        skipping = false;
        continue;
      }
      if (line.length > MAX_LINE) {
        reply({ id: null, error: { message: `a request line is at most ${MAX_LINE} bytes` } });
        continue;
      }
      let text;
      try {
        text = utf8.decode(line);
      } catch (err) {
        reply({ id: null, error: { message: "a request is one JSON object on one line (UTF-8)" } });
        continue;
      }
      if (!text.trim()) continue; // a blank line is no request
      const answer = session.replyToLine(text);
      if (answer === null) process.exit(0);
      reply(answer);
    }
    if (buffer.length > MAX_LINE && !skipping) {
      reply({ id: null, error: { message: `a request line is at most ${MAX_LINE} bytes` } });
      skipping = true;
    }
    if (skipping) buffer = Buffer.alloc(0);
  });
  input.on("end", () => process.exit(0));
}

module.exports = { PROTOCOL, MAX_LINE, BadRequest, Refusal, Session, log, serve };
