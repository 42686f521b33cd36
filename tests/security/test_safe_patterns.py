"""The matchers behind every user-supplied pattern: literal terms, RE2 regexes, their bounds and their errors."""

from __future__ import annotations

import random
import threading
import time

import pytest

from contexteer.errors import InputError
from contexteer.patterns import PatternTooSlow, literal_terms, safe_regex
from contexteer.shaping.signals import compile_terms
from contexteer.shaping.store import compile_pattern

HOSTILE = "(a+)+$" + "a" * 5000 + "!"
#: Defeats RE2's DFA on random a/b text (each position starts a new 1000-state run), so RE2 falls back to its
#: NFA: linear, but slow enough per character to observe a match in progress.
DFA_KILLER = "[ab]*a[ab]{999}c"
FAST = 10.0  # seconds: a hang guard for a loaded machine, not a performance claim


def _random_ab(n: int) -> str:
    rnd = random.Random(18)
    return "".join(rnd.choice("ab") for _ in range(n))


@pytest.mark.timeout(60)
def test_literal_terms_are_taken_literally_and_case_insensitively():
    terms = compile_terms(["(a+)+$", "Needle"])
    assert terms is not None
    text = "aaaa\nfind (A+)+$ here\nno NEEDLE? yes, a needle\n"
    expected = [(text.index(w), w) for w in ("(A+)+$", "NEEDLE", "needle")]
    assert [(m.start(), m.group()) for m in terms.finditer(text)] == expected
    assert terms.search("aaaaaaaa!") is None
    assert compile_terms(["  ", ""]) is None


@pytest.mark.timeout(60)
def test_a_long_literal_term_on_a_long_run_of_the_same_letter_is_found_in_linear_time():
    # escaped for RE2 instead, this term overflows the DFA and the NFA takes ~27 s per MB of 'a'
    terms = compile_terms(["a" * 5000 + "!", HOSTILE])
    assert terms is not None
    text = "a" * 1_000_000 + "!\n" + "a" * 3000 + "\n"
    t0 = time.monotonic()
    found = [m.span() for m in terms.finditer(text)]
    assert time.monotonic() - t0 < FAST
    assert found == [(1_000_000 - 5000, 1_000_001)]


def test_literal_offsets_stay_character_offsets_when_case_folding_changes_length():
    terms = literal_terms(["istanbul"])
    assert terms is not None
    text = "İİ x İSTANBUL"  # 'İ'.lower() is two characters: folding must not shift what follows
    m = terms.search(text)
    assert m is not None and m.span() == (5, 13) and m.group() == "İSTANBUL"


@pytest.mark.timeout(60)
def test_regex_terms_run_on_re2_and_find_lines_a_backtracking_engine_never_reaches():
    terms = compile_terms([r"(a+)+$"], regex=True)
    assert terms is not None
    text = ("a" * 60 + "!\n") * 2000 + "aaa\n" + "b" * 10 + "\n"
    t0 = time.monotonic()
    starts = [m.start() for m in terms.finditer(text)]
    assert time.monotonic() - t0 < FAST
    assert starts == [62 * 2000]  # only the line that ends in a run of 'a' (multiline: $ ends each line)


def test_regex_terms_re2_cannot_run_or_that_match_nothing_are_taken_literally():
    look = compile_terms([r"foo(?=bar)"], regex=True)  # a lookahead: RE2 refuses it, highlighting must not
    assert look is not None and look.search("xx foo(?=bar) yy") is not None and look.search("foobar") is None
    empty = compile_terms(["a*"], regex=True)  # would mark every line: taken literally
    assert empty is not None and empty.search("bbb") is None and empty.search("x a* y") is not None
    both = compile_terms([r"err\w+", "a*"], regex=True)
    assert both is not None
    assert [m.group() for m in both.finditer("a* then errors\n")] == ["a*", "errors"]


def test_regex_finditer_offsets_are_right_past_the_first_block_and_in_non_ascii_text():
    rx = safe_regex("café", ignore_case=True, multiline=True)
    text = ("x" * 99 + "\n") * 2000 + "— un CAFÉ\n"  # > 64k characters: matched block by block
    m = list(rx.finditer(text))
    assert [x.group() for x in m] == ["CAFÉ"] and m[0].start() == text.index("CAFÉ")
    assert rx.search("lone \ud800 surrogate, café") is not None  # text that is not valid UTF-8 is matched, not refused


def test_python_only_escapes_are_translated_for_re2():
    assert safe_regex(r"caf\u00e9\Z").search("un café") is not None
    assert safe_regex(r"caf\u00e9\Z").search("un café!") is None
    assert safe_regex(r"\\Z").search(r"a \Z b") is not None  # an escaped backslash stays a backslash


@pytest.mark.parametrize(
    ("pattern", "says", "instead"),
    [
        (r"(ab).*\1", "backreference", "ab.*ab"),
        (r"(?P<w>a)(?P=w)", "backreference", "instead"),
        (r"foo(?= bar)", "lookaround", "'foo bar' instead"),
        (r"(?<!x)foo", "lookaround", "instead"),
        (r"a++", "possessive", "'a+' instead"),
        (r"(?>a+)", "atomic group", "'a+' instead"),
        (r"(?x) a b", "inline flag", "instead"),
        (r"a{5000}", "more than 1000", "'+' instead"),
        (r"\p{L}{100}", "instructions", "shorter pattern instead"),
        (r"(unclosed", "not a valid regular expression", "plain word instead"),
    ],
)
def test_a_fetch_pattern_re2_cannot_run_is_refused_saying_what_to_write_instead(pattern: str, says: str, instead: str):
    with pytest.raises(InputError) as info:
        compile_pattern(pattern)
    assert says in str(info.value) and instead in str(info.value), str(info.value)


@pytest.mark.timeout(60)
def test_a_fetch_pattern_over_its_time_budget_is_stopped_with_an_error_that_says_how_to_simplify():
    lines = [_random_ab(2000) for _ in range(200)]
    rx = safe_regex(DFA_KILLER, budget_seconds=0.05)
    with pytest.raises(PatternTooSlow) as info:
        for line in lines:
            rx.search(line)
    msg = str(info.value)
    assert "took more than 0.05 s" in msg and "simplify" in msg and "'+' instead of '{n}'" in msg
    assert isinstance(info.value, InputError)  # a tool error, not a crash


@pytest.mark.timeout(60)
def test_a_highlighting_regex_over_its_budget_stops_marking_instead_of_failing():
    rx = safe_regex(DFA_KILLER, budget_seconds=0.05, stop_when_slow=True)
    text = "\n".join(_random_ab(2000) for _ in range(200)) + "\n" + "a" * 1000 + "c\n"
    t0 = time.monotonic()
    assert list(rx.finditer(text)) == []  # stopped before the matching last line: a hint lost, no error
    assert time.monotonic() - t0 < FAST and rx.stopped
    assert rx.search("a" * 1000 + "c") is None


@pytest.mark.timeout(60)
def test_a_long_regex_match_lets_other_threads_run():
    """RE2 releases the GIL while it matches: another thread keeps running (under `re` it would stop)."""
    text = _random_ab(400_000)
    rx = safe_regex(DFA_KILLER, budget_seconds=60)
    ticks: list[float] = []
    stop = threading.Event()

    def ticker() -> None:
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.002)

    thread = threading.Thread(target=ticker)
    thread.start()
    time.sleep(0.05)
    t0 = time.monotonic()
    assert rx.search(text) is None
    t1 = time.monotonic()
    stop.set()
    thread.join()
    during = [t for t in ticks if t0 <= t <= t1]
    assert t1 - t0 > 0.2, f"the match took only {t1 - t0:.3f} s: too short to show anything"
    assert len(during) >= 0.25 * (t1 - t0) / 0.002, f"{len(during)} ticks in {t1 - t0:.2f} s: the GIL was held"
