"""Names the dead-code check (vulture, in tests/run-all.sh) cannot see used, each with its reason.

Framework hooks and name-dispatched handlers are ignored by pattern in `[tool.vulture]`
(pyproject.toml); what is left here is used from outside Python's view, or is dead code awaiting
a rewrite already under way. Keep it small: anything else vulture reports is deleted.
"""

from unittest.mock import Mock

_ = Mock()

# MkDocs reads the configuration that docs/hooks/mkdocs_hooks.py sets.
_(_.site_url, _.site_name, _.nav)
# http.server calls them: tests/docs/conftest.py silences the request log; the bot behind HTTP of
# tests/referee/test_compliance.py answers POST.
_(_.log_message, _.do_POST)
# The console script `truco` (pyproject.toml [project.scripts]).
_(_.main)
# A signal handler's signature (spec/monitor/follow.py; the signal timeout is being replaced).
_(_.signum, _.frame)
# The contract engine authors implement, written as a Protocol for them to read and type-check
# against (spec/adapter.py); the checker itself only calls the methods.
_(_.EngineAdapter)
# Unused, in code being rewritten now: delete them with the rewrite (engine/bots.py `Bot`,
# engine/cards.py `card_variant`, which only a test used; spec/rules/ladder.py `is_top`).
_(_.Bot, _.card_variant, _.is_top)
# Named by string on the command line of the tests (`--engine tests.planted.engines:NAME`,
# `tests.check.test_perft:no_stacking`, `tests.check.test_resync:no_position_two_bugs`), never
# called from Python.
_(_.lying_senas, _.starter_with_play, _.start_value, _.no_tied_rounds, _.leaky_observation,
  _.covered_face_up, _.blind_peek, _.plays_on_after_forfeit, _.plays_past_target, _.exits,
  _.crashes_on_illegal, _.hangs, _.no_stacking, _.raises_html, _.lists_html,
  _.raises_base_exceptions, _.bad_records, _.prints, _.forks,
  _.forks_and_hangs, _.no_truco_after_two_ties, _.no_position_two_bugs, _.ignores_readings,
  _.refuses_the_prefix)
# html.parser calls it: tests/check/test_hostile_text.py collects the tags of a rendered page.
_(_.handle_starttag)
# click calls a ParamType's convert (truco_rules/cli/options.py).
_(_.convert)
# Attributes a test sets to show that a cache is no part of a game's state (test_engine_api.py).
_(_._scratch, _.scratch)
# A field of the engine's hello answer, kept with the others (spec/protocol/client.py).
_(_.author)
# PyTrucoEngine calls them: the adapter's overrides of its signals and round controller
# (truco_rules/adapters/pytrucoengine.py).
_(_.sendMessageAll, _.sendMessageToPlayer, _.get_action, _.showError, _.returnStatus, _.showWinnerEnvido,
  _.give_cards)
# MkDocs reads it: the footer's stamp of version, rules date and commit (truco_rules/site/hooks.py).
_(_.copyright)
# Babel calls it (babel.cfg), with its extractor protocol's arguments (truco_rules/text/schema_words.py).
_(_.extract, _.keywords, _.comment_tags)
