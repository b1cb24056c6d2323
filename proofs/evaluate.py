"""Run a Z3 term on concrete ints, fast: the term is compiled once into a Python function.

The agreement tests enumerate a rule's whole finite domain; evaluating the very term that was
proved (rather than a Python copy of the model) is what makes "the model proved is the rule
checked" true. Only the operators the models use are supported; anything else is an error.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import z3

_INFIX = {
    z3.Z3_OP_ADD: "+", z3.Z3_OP_SUB: "-", z3.Z3_OP_MUL: "*",
    z3.Z3_OP_MOD: "%",  # a positive divisor: Python and Z3 agree (never negative)
    z3.Z3_OP_LT: "<", z3.Z3_OP_LE: "<=", z3.Z3_OP_GT: ">", z3.Z3_OP_GE: ">=",
    z3.Z3_OP_EQ: "==", z3.Z3_OP_AND: "and", z3.Z3_OP_OR: "or", z3.Z3_OP_XOR: "^",
}


def compile_term(term: z3.ExprRef, variables: Sequence[z3.ExprRef]) -> Callable[..., Any]:
    """A function of the variables' values (in order) that returns the term's value."""
    names = {v.get_id(): f"a{i}" for i, v in enumerate(variables)}
    lines: list[str] = []
    done: dict[int, str] = {}

    def emit(e: z3.ExprRef) -> str:
        key = e.get_id()
        if key in names:
            return names[key]
        if key in done:
            return done[key]
        kind = e.decl().kind()
        if z3.is_int_value(e):
            return str(e.as_long())
        if z3.is_true(e):
            return "True"
        if z3.is_false(e):
            return "False"
        args = [emit(c) for c in e.children()]
        if kind == z3.Z3_OP_ITE:
            code = f"({args[1]} if {args[0]} else {args[2]})"
        elif kind == z3.Z3_OP_NOT:
            code = f"(not {args[0]})"
        elif kind == z3.Z3_OP_UMINUS:
            code = f"(-{args[0]})"
        elif kind == z3.Z3_OP_DISTINCT:
            code = f"(len({{{', '.join(args)}}}) == {len(args)})"
        elif kind == z3.Z3_OP_IMPLIES:
            code = f"((not {args[0]}) or {args[1]})"
        elif kind in _INFIX:
            code = "(" + f" {_INFIX[kind]} ".join(args) + ")"
        else:
            raise ValueError(f"cannot evaluate operator {e.decl().name()!r} (in {e})")
        name = f"t{len(done)}"
        lines.append(f"    {name} = {code}")
        done[key] = name
        return name

    result = emit(term)
    params = ", ".join(f"a{i}" for i in range(len(variables)))
    source = f"def f({params}):\n" + "\n".join(lines) + f"\n    return {result}\n"
    scope: dict[str, Any] = {}
    exec(compile(source, "<z3 term>", "exec"), scope)  # the source is generated above, from the term
    return scope["f"]
