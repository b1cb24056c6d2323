"""truco-rules: the rules of Truco as code, under one import name.

`truco_rules.spec` (what the rulebooks say, executable), `truco_rules.engine` (the reference engine)
and `truco_rules.proofs` (the Z3 models) are the layout's root folders spec/, engine/ and proofs/,
mapped into this package (pyproject.toml); `cli`, `site`, `text`, `adapters` and `benchmarks` live
here. `truco_rules.protocol`, the engine authors' helper, needs nothing but the standard library,
so this module imports nothing.
"""
