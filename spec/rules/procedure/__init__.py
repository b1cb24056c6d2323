"""The play procedure (docs/en/guide/procedure.md) as a state machine, by rule area.

`hand` holds a hand's state and who acts; `play`, `truco`, `envido`, `flor` and `senas` each give
the checks and the changes of their actions; `dispatch` maps an action to them; `legal` lists the
legal actions; `match` scores hands and ends partidas and the match.
"""
