"""The `truco` command line: connects the catalogue (spec), the reference engine and the proofs."""
