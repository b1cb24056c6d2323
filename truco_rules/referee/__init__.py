"""The referee of Truco bot tournaments (`truco tournament`).

A bot is a process (or an HTTP endpoint) that speaks the bot protocol (spec/schemas/bot-protocol.schema.json):
the referee sends it its seat's view and the legal actions, it answers one action. The reference
engine runs each game; the executable spec checks every decision, and a decision it forbids is an
illegal-action fault with the clause that forbids it. Modules, one concern each: messages (the
protocol's lines), connection (a bot process or endpoint, with deadlines), faults (fault kinds,
the organiser's policy), view (what a seat is shown), match (one match, refereed), tournament_file,
schedule (round robin, Swiss), journal (resumable runs), run (matches over cores or Dask),
standings (crosstable, ratings, faults per bot), compliance (`--compliance BOT`), bench.

It uses the spec and the engine, as the proofs do, and never the reverse.
"""
