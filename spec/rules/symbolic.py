"""Dual-use connectives: the same rule code runs on Python ints and on z3 terms.

A finite rule written with these helpers (never Python `and`/`or`/`not`/`if` or chained
comparisons on its arguments) evaluates concretely on ints and builds a z3 expression on z3 terms.
z3 is imported only when a symbolic argument shows up, so concrete use stays light.
"""

from __future__ import annotations

import functools
import sys
from typing import Any

Val = Any  # an int/bool, or a z3 expression


def is_symbolic(*values: Val) -> bool:
    """True when any value is a z3 expression (z3 already imported by whoever built it)."""
    z3 = sys.modules.get("z3")
    return z3 is not None and any(isinstance(v, z3.ExprRef) for v in values)


# Plain values take the short way: the monitor evaluates these helpers hundreds of thousands of
# times a second, and checking for z3 terms first would be most of their cost.
_PLAIN = frozenset({int, bool, str, type(None)})


# Before z3 is imported no z3 term can exist, so every value is plain: a process that never
# proves anything (the monitor, validate) answers at once.
_MODULES = sys.modules


def If(cond: Val, then: Val, other: Val) -> Val:  # mirrors z3.If
    if "z3" not in _MODULES:
        return then if cond else other
    if type(cond) in _PLAIN and type(then) in _PLAIN and type(other) in _PLAIN:
        return then if cond else other
    if is_symbolic(cond, then, other):
        import z3

        return z3.If(cond, then, other)
    return then if cond else other


def And(*conds: Val) -> Val:  # mirrors z3.And
    if "z3" not in _MODULES:
        return all(conds)
    for c in conds:
        if type(c) not in _PLAIN:
            break
    else:
        return all(conds)
    if is_symbolic(*conds):
        import z3

        return z3.And(*conds)
    return all(conds)


def Or(*conds: Val) -> Val:  # mirrors z3.Or
    if "z3" not in _MODULES:
        return any(conds)
    for c in conds:
        if type(c) not in _PLAIN:
            break
    else:
        return any(conds)
    if is_symbolic(*conds):
        import z3

        return z3.Or(*conds)
    return any(conds)


def Not(cond: Val) -> Val:  # mirrors z3.Not
    if "z3" not in _MODULES or type(cond) in _PLAIN:
        return not cond
    if is_symbolic(cond):
        import z3

        return z3.Not(cond)
    return not cond


def Max(*values: Val) -> Val:
    """The largest value, as a chain of If (so it works on z3 terms)."""
    best = values[0]
    for v in values[1:]:
        best = If(v > best, v, best)
    return best


def Min(*values: Val) -> Val:
    """The smallest value, as a chain of If (so it works on z3 terms)."""
    least = values[0]
    for v in values[1:]:
        least = If(v < least, v, least)
    return least


def Count(*conds: Val) -> Val:
    """How many conditions hold."""
    return sum((If(c, 1, 0) for c in conds), 0)


def concrete_cache(maxsize: int = 4096, keys: tuple[type, ...] = ()) -> Any:
    """Remember a dual-use rule's results for plain arguments (ints, strings, and lists or tuples
    of them; and instances of `keys`, immutable values such as a ruleset's Rules): the rule itself
    computes each answer the first time, so the answers are the rule's; with a z3 term among the
    arguments the rule is called as it is. For rules of small finite domains (round and hand
    results, card values) that the monitor asks again and again."""
    kinds = _PLAIN | frozenset(keys)
    plain = kinds.issuperset

    def wrap(rule: Any) -> Any:
        remembered = functools.lru_cache(maxsize=maxsize)(rule)
        modules = _MODULES

        @functools.wraps(rule)
        def cached(*args: Any, **kwargs: Any) -> Any:
            if "z3" not in modules:  # no z3 term exists before z3 is imported: every argument is plain
                try:
                    return remembered(*args, **kwargs)
                except TypeError:  # a list among them (unhashable): made a tuple below
                    pass
            elif plain(map(type, args)) and (not kwargs or plain(map(type, kwargs.values()))):
                return remembered(*args, **kwargs)
            key = []
            for a in args:
                t = type(a)
                if t in kinds:
                    key.append(a)
                elif (t is list or t is tuple) and all(type(x) in _PLAIN for x in a):
                    key.append(tuple(a))
                else:
                    return rule(*args, **kwargs)
            for v in kwargs.values():
                if type(v) not in _PLAIN:
                    return rule(*args, **kwargs)
            return remembered(*key, **kwargs)

        return cached

    return wrap
