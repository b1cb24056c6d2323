// A bot that takes any legal action, uniformly at random.
"use strict";
const { run } = require("./trucobot");

run((view, legal, rng) => legal[Math.floor(rng() * legal.length)], { name: "random-js" });
