"""search_text is no oracle for a secret (issue 18, finding 5): a redacted AWS key was rebuilt in 81 match/no-match
calls, because ripgrep's verdict on the raw file was reported as it was. Now a line that holds a secret matches only
where the pattern matches outside the secret, so a right guess and a wrong one get the same answer, in every form a
search can take (literal, regex alternation, anchors, a cap, context lines), while the line itself stays findable
by its other text and is shown with the secret redacted."""

from __future__ import annotations

import string
from typing import Any

import pytest

from tests.navigation.conftest import Answer, Served
from tests.test_secrets import KEY_BODY

AWS_KEY = "AKIAQWERTYUIOPASDFGH"
PASSWORD = "hunter2hunter2"
CONFIG = (
    "# settings for the deploy job\n"
    "region = 'eu-west-1'\n"
    f'aws_access_key_id = "{AWS_KEY}"  # prod account\n'
    f'db_password = "{PASSWORD}"\n'
    "timeout = 30  # prod account\n"
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("oracle") / "repo"
    root.mkdir()
    (root / "config.py").write_text(CONFIG, encoding="utf-8")
    (root / "deploy_key.txt").write_text("-----BEGIN RSA PRIVATE KEY-----\n" + KEY_BODY + "\n-----END RSA PRIVATE KEY-----\n")
    (root / "README.md").write_text("The prod account is configured in config.py.\n", encoding="utf-8")
    return Served(root)


def _seen(a: Answer, pattern: str) -> tuple[str, Any]:
    """What a caller learns from an answer, the echo of its own pattern left out."""
    assert not a.is_error, a.text
    data = dict(a.data or {})
    data.pop("pattern", None)
    data["notes"] = [n.replace(pattern, "<pattern>") for n in data.get("notes", [])]  # (the lines around the rows)
    return a.text.replace(pattern, "<pattern>"), data


def _same_for_right_and_wrong_guess(served: Served, right: str, wrong: str, **args: Any) -> None:
    ra, wa = served.call("search_text", pattern=right, **args), served.call("search_text", pattern=wrong, **args)
    assert _seen(ra, right) == _seen(wa, wrong), (right, wrong, ra.text, wa.text)


def test_search_text_cannot_rebuild_a_redacted_aws_key_by_match_or_no_match(served: Served):
    # the attack of the issue: extend a known prefix one character at a time, keep the one that matches
    prefix = AWS_KEY[:4]
    confirmed = [c for c in string.ascii_uppercase + string.digits
                 if (served.call("search_text", pattern=prefix + c).data or {}).get("matches")]
    assert confirmed == []


@pytest.mark.parametrize("right, wrong, args", [
    (AWS_KEY[:6], "AKIAQX", {}),
    (AWS_KEY[:6].lower(), "akiaqx", {}),  # smart case: lower case searches ignoring case
    (AWS_KEY, "AKIAQWERTYUIOPASDFGX", {}),
    (f"{AWS_KEY[:6]}|prod account", "AKIAQX|prod account", {"regex": True}),  # the hit stays or goes with the guess
    (f"^aws.*{AWS_KEY[:6]}", "^aws.*AKIAQX", {"regex": True}),
    (f"\\b{AWS_KEY[:6]}|^timeout", "\\bAKIAQX|^timeout", {"regex": True, "max_results": 1}),  # the cap's stopping point
    # the total counted past the cap (the first line fills it; the region line and the key's line are counted on)
    (f"^#|^region|{AWS_KEY[:6]}", "^#|^region|AKIAQX", {"regex": True, "max_results": 1}),
    # the count of lines matching in another case (a capital makes smart case case-sensitive; ignoring case, the
    # right guess matches the key's line)
    ("AkiaQW", "AkiaQX", {}),
    ("AkiaQW|Prod", "AkiaQX|Prod", {"regex": True}),
    (AWS_KEY[:6], "AKIAQX", {"context_lines": 2}),  # context lines around a dropped hit
    (f"{AWS_KEY[:6]}|region", "AKIAQX|region", {"regex": True, "context_lines": 1}),
    ('password = "hunt', 'password = "xunt', {}),  # a credential assignment's value
    (KEY_BODY.splitlines()[1][:12], "Zq" + KEY_BODY.splitlines()[1][2:12], {}),  # a key body line
    (KEY_BODY.splitlines()[-1][:6], "Q" + KEY_BODY.splitlines()[-1][1:6], {}),  # its short last line
])
def test_a_right_and_a_wrong_guess_get_the_same_answer(served: Served, right: str, wrong: str, args: dict[str, Any]):
    assert right != wrong
    _same_for_right_and_wrong_guess(served, right, wrong, **args)


def test_a_line_holding_a_secret_is_found_by_its_other_text_with_the_secret_redacted(served: Served):
    a = served.call("search_text", pattern="aws_access_key_id")
    assert not a.is_error and a.data is not None and a.data["matches"] == 1, a.text
    assert AWS_KEY not in a.text + repr(a.data)
    assert "[REDACTED AWS access key]" in a.text and "# prod account" in a.text
    around = served.call("search_text", pattern="region", context_lines=2)
    assert around.data is not None and around.data["matches"] == 1
    assert AWS_KEY not in around.text + repr(around.data) and PASSWORD not in around.text + repr(around.data)
    assert "aws_access_key_id" in around.text  # the context line is shown, its secret masked


def test_a_pattern_that_spans_the_secret_and_its_surroundings_does_not_match(served: Served):
    for pattern in (f'id = "{AWS_KEY}"', 'id = ".*"  #'):
        a = served.call("search_text", pattern=pattern, regex=pattern.endswith("#"))
        assert (a.data or {}).get("matches") == 0, (pattern, a.text)


def test_where_keys_are_stays_findable(served: Served):
    a = served.call("search_text", pattern="BEGIN RSA PRIVATE KEY")
    assert (a.data or {}).get("matches") == 1 and "deploy_key.txt" in a.text, a.text
    for line in KEY_BODY.splitlines():
        assert line not in a.text + repr(a.data)
