"""Every Spanish, Italian and Portuguese page in its language: the share of English function words
in its article text (rulebook quotes, code and card tables left out) stays below the threshold
tests/docs/english_share.py sets from what the quotes and names explain."""

from __future__ import annotations

from tests.docs.english_share import THRESHOLD, english_share, worst_pages
from tests.docs.served_site import BuiltSite


def test_no_page_is_left_in_english(site: BuiltSite) -> None:
    worst = worst_pages(site.root)
    listed = "\n".join(f"  {share:.1%} of {n} words: {page}" for share, n, page in worst[:20])
    assert not worst, f"{len(worst)} pages over {THRESHOLD:.0%} English, worst first:\n{listed}"


def test_the_measure_sees_english() -> None:
    english = "<article><p>" + "The hand is worth the points of the call. " * 10 + "</p></article>"
    quoted = "<article><p>" + "La mano vale los puntos. " * 10 + "</p><blockquote>" + \
        "The hand is worth the points of the call. " * 10 + "</blockquote><pre>the of and</pre></article>"
    assert english_share(english)[0] > THRESHOLD
    assert english_share(quoted)[0] == 0.0
