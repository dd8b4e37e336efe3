"""Close-match suggestions compare with difflib only the names that can reach the cutoff: the cheap bounds never
leave out a name difflib would have suggested, and a name close to nothing never loads difflib."""

from __future__ import annotations

import difflib
import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from mtg_daynight.catalog import CardDatabase
from mtg_daynight.catalog.database import TYPO_CUTOFF, reachable_lengths, within_reach
from mtg_daynight.catalog.names import name_key

# Short strings over a small alphabet, so that close pairs (the interesting case) are common.
NAMES = st.text(alphabet="abcdeor /'-", min_size=1, max_size=12)


def _difflib_reaches(query: str, candidate: str, cutoff: float) -> bool:
    return difflib.SequenceMatcher(a=candidate, b=query, autojunk=False).ratio() >= cutoff


@settings(max_examples=300, deadline=None)
@given(NAMES, st.lists(NAMES, max_size=30), st.sampled_from([0.0, 0.3, 0.6, TYPO_CUTOFF, 0.95, 1.0]))
def test_within_reach_keeps_every_name_difflib_would_score_at_the_cutoff(
    query: str, candidates: list[str], cutoff: float
) -> None:
    kept = within_reach(query, candidates, cutoff)
    assert kept == [c for c in candidates if c in kept]  # in order, a sub-list
    assert [c for c in candidates if _difflib_reaches(query, c, cutoff)] == [
        c for c in kept if _difflib_reaches(query, c, cutoff)
    ]


# Names beyond ASCII too (accents, kana, a character outside the BMP), for queries of either kind.
WIDE_NAMES = st.text(alphabet="abeor /'-\u00e9\u00f6\u00c6\u30ab\u3099\U0001d400", min_size=1, max_size=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(NAMES, WIDE_NAMES), st.lists(st.one_of(NAMES, WIDE_NAMES), max_size=30),
       st.sampled_from([0.0, 0.3, 0.6, TYPO_CUTOFF, 0.95, 1.0]))
def test_within_reach_keeps_every_name_difflib_would_score_beyond_ascii_too(
    query: str, candidates: list[str], cutoff: float
) -> None:
    kept = within_reach(query, candidates, cutoff)
    assert kept == [c for c in candidates if c in kept]
    assert [c for c in candidates if _difflib_reaches(query, c, cutoff)] == [
        c for c in kept if _difflib_reaches(query, c, cutoff)
    ]


@given(st.integers(1, 200), st.integers(1, 200), st.sampled_from([0.0, 0.3, 0.6, TYPO_CUTOFF, 0.95, 1.0]))
def test_reachable_lengths_hold_every_length_difflib_s_length_bound_lets_through(
    size: int, length: int, cutoff: float
) -> None:
    shortest, longest = reachable_lengths(size, cutoff)
    if 2.0 * min(size, length) / (size + length) >= cutoff:  # difflib's real_quick_ratio
        assert shortest <= length <= longest


def test_suggestions_are_difflib_s_best_matches(db: CardDatabase) -> None:
    for name in ("Tavern Rufian", "kessig naturalst", "Lord of Ulvenwald", "Brutal", "Moonrage Brut"):
        for cutoff in (0.6, TYPO_CUTOFF):
            pool = db._pool_keys  # every key a suggestion can come from
            expected = sorted(
                (-difflib.SequenceMatcher(a=k, b=name_key(name), autojunk=False).ratio(), k) for k in pool
            )
            best = [db._pool[k][0] for score, k in expected if -score >= cutoff]
            got = [s.name for s in db.suggest(name, cutoff=cutoff, limit=len(pool))]
            assert got == list(dict.fromkeys(best))


def test_a_typo_is_still_suggested_and_a_name_close_to_nothing_is_not(db: CardDatabase) -> None:
    (best, *_) = db.suggest("Tavern Rufian", cutoff=TYPO_CUTOFF)
    assert best.name == "Tavern Ruffian"
    assert db.suggest("Lightning Bolt", cutoff=TYPO_CUTOFF) == ()


PROBE = """\
import json, sys
from mtg_daynight.catalog import CardDatabase
from mtg_daynight.catalog.snapshot import read_snapshot
sys.path.insert(0, sys.argv[1])
from catalog_fixture import write_fixture
import tempfile, pathlib
with tempfile.TemporaryDirectory() as tmp:
    db = CardDatabase.build(read_snapshot(write_fixture(pathlib.Path(tmp))))
    far = [db.suggest(name, cutoff=0.8) for name in ("Lightning Bolt", "Mountain", "Fire // Ice")]
    print(json.dumps([far == [(), (), ()], "difflib" in sys.modules]))
"""


def test_names_close_to_nothing_never_load_difflib() -> None:
    from pathlib import Path

    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(Path(__file__).parent)],
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert json.loads(done.stdout) == [True, False]
