"""The executable rules: one function per normative clause, parameterised by ruleset and readings.

The finite functions (card strength, round result, hand resolution, the raise ladder, envido and
flor points, the falta) are pure functions on small ints so that a solver model can be checked
against them over their whole domain; most of them also accept z3 terms (see `symbolic`).
`state` puts them together into the play procedure: who may act when, and what each action does.
"""
