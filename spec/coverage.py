"""How much of each rulebook the catalogue accounts for, sentence by sentence.

A *segment* is a sentence or a bullet: a line of the rulebook, split after '.', '!' or '?'. A
segment is accounted for when every letter and digit in it lies inside a clause's quote (any
occurrence of it) or inside a line listed as non-normative (a title, a heading).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from truco_rules.spec.catalogue import Catalogue, Source

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Segment:
    doc: str
    line: int  # 1-based line number in the source
    start: int  # character offsets in the source
    end: int
    text: str
    covered_by: tuple[str, ...]  # clause IDs whose quotes cover part of it, or ("non-normative",)
    covered: bool


@dataclass(frozen=True)
class DocCoverage:
    doc: str
    segments: tuple[Segment, ...]

    @property
    def ratio(self) -> float:
        return sum(s.covered for s in self.segments) / len(self.segments) if self.segments else 1.0

    @property
    def uncovered(self) -> list[Segment]:
        return [s for s in self.segments if not s.covered]


def sentences_of_line(line: str) -> list[tuple[int, int]]:
    """(start, end) of every sentence or bullet of one line of a rulebook, in order."""
    out = []
    pos = 0
    for piece in _SENTENCE_END.split(line):
        start = line.index(piece, pos)
        pos = start + len(piece)
        if piece.strip():
            out.append((start, pos))
    return out


def segments_of(source: Source) -> list[tuple[int, int, int]]:
    """(line number, start, end) of every sentence or bullet of a rulebook."""
    out: list[tuple[int, int, int]] = []
    offset = 0
    for number, line in enumerate(source.text.split("\n"), start=1):
        out.extend((number, offset + start, offset + end) for start, end in sentences_of_line(line))
        offset += len(line) + 1
    return out


def coverage(catalogue: Catalogue) -> dict[str, DocCoverage]:
    result = {}
    for code, source in catalogue.sources.items():
        owner: list[set[str]] = [set() for _ in source.text]
        for clause in catalogue.clauses.values():
            for quote in clause.sources:
                if quote.doc != code:
                    continue
                for start, end in quote.spans(source):
                    for i in range(start, end):
                        owner[i].add(clause.id)
        lines = source.text.split("\n")
        line_starts = [0]
        for line in lines:
            line_starts.append(line_starts[-1] + len(line) + 1)
        for nn in catalogue.nonnormative:
            if nn.doc != code:
                continue
            for number, line in enumerate(lines):
                if line == nn.line:
                    for i in range(line_starts[number], line_starts[number] + len(line)):
                        owner[i].add("non-normative")
        segments = []
        for number, start, end in segments_of(source):
            text = source.text[start:end]
            significant = [i for i in range(start, end) if source.text[i].isalnum()]
            ids = sorted({cid for i in range(start, end) for cid in owner[i]})
            segments.append(Segment(
                doc=code, line=number, start=start, end=end, text=text.strip(),
                covered_by=tuple(ids), covered=all(owner[i] for i in significant),
            ))
        result[code] = DocCoverage(doc=code, segments=tuple(segments))
    return result
