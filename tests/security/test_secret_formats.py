"""Redaction covers 35 common secret formats (issue 18, finding 5): before the fix Google API keys, npm, PyPI, Hugging
Face, SendGrid, Azure AccountKey, Twilio, Mailgun, Square, DigitalOcean, Shopify, Telegram, Discord webhooks and
`Authorization: Bearer/Basic` headers passed through every answer and were stored by memory."""

from __future__ import annotations

import random
import string
from pathlib import Path

import pytest

from contexteer.secrets import RULES, find_secrets, may_hold_secrets, neutralize_controls, redact
from tests.navigation.conftest import Served

_rnd = random.Random(18)
ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"


def r(n: int, alphabet: str = ALNUM) -> str:
    return "".join(_rnd.choice(alphabet) for _ in range(n))


KEY_LINES = [r(64, B64) for _ in range(3)]
KEY_BODY = "\n".join(KEY_LINES) + "\n" + r(20, B64) + "=="


def block(kind: str) -> str:
    return f"-----BEGIN {kind}-----\n{KEY_BODY}\n-----END {kind}-----"


#: format -> (text holding it, the secret itself). The first 18 were redacted before the fix, the rest were not.
FORMATS: dict[str, tuple[str, str]] = {}


def fmt(name: str, template: str, secret: str) -> None:
    FORMATS[name] = (template.format(s=secret), secret)


fmt("AWS access key", "aws_access_key_id = {s}", "AKIA" + r(16, string.ascii_uppercase + "234567"))
fmt("AWS secret key", "aws_secret_access_key = {s}", r(40, B64))
fmt("GitHub token", "GITHUB_TOKEN: {s}", "ghp_" + r(36))
fmt("GitHub fine-grained token", "token {s}", "github_pat_" + r(82))
fmt("GitLab token", "CI_TOKEN {s}", "glpat-" + r(20))
fmt("Slack token", "slack({s!r})", "xoxb-" + r(12, string.digits) + "-" + r(12, string.digits) + "-" + r(24))
fmt("Slack webhook", "post to https://hooks.slack.com/services/{s}", "T" + r(8) + "/B" + r(8) + "/" + r(24))
fmt("OpenAI key", "client = OpenAI(api_key={s!r})", "sk-proj-" + r(48))
fmt("Anthropic key", "ANTHROPIC={s}", "sk-ant-api03-" + r(40))
fmt("Stripe key", "stripe.key = {s!r}", "sk_live_" + r(24))
fmt("JWT", "cookie: {s}", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + r(43))
fmt("RSA private key", "{s}", block("RSA PRIVATE KEY"))
fmt("OpenSSH private key", "{s}", block("OPENSSH PRIVATE KEY"))
fmt("EC private key", "{s}", block("EC PRIVATE KEY"))
fmt("PGP private key", "{s}", block("PGP PRIVATE KEY BLOCK"))
fmt("password in URL", "DATABASE_URL=postgres://app:{s}@db.internal:5432/prod", r(16))
fmt("password assignment", 'db_password = "{s}"', r(14))
fmt("key material", "{s}", KEY_BODY)
# not redacted before the fix
fmt("Google API key", "const key = '{s}';", "AIza" + r(35))
fmt("Google OAuth client secret", '"client_secret_id": "{s}"', "GOCSPX-" + r(28))
fmt("npm token", "//registry/:_authToken={s}", "npm_" + r(36))
fmt("PyPI token", "upload with {s}", "pypi-AgEIcHlwaS5vcmc" + r(60))
fmt("Hugging Face token", "HfApi(token={s!r})", "hf_" + r(34, string.ascii_letters))
fmt("SendGrid key", "sg = SendGridAPIClient({s!r})", "SG." + r(22) + "." + r(43))
fmt("Azure storage key", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={s};EndpointSuffix=core",
    r(86, B64) + "==")
fmt("Twilio key", "twilio sid {s}", "SK" + r(32, HEX))
fmt("Mailgun key", "mailgun.auth = ('api', {s!r})", "key-" + r(32, HEX))
fmt("Square token", "square access {s}", "sq0atp-" + r(22))
fmt("DigitalOcean token", "doctl auth init -t {s}", "dop_v1_" + r(64, HEX))
fmt("Shopify token", "X-Shopify-Access-Token: {s}", "shpat_" + r(32, HEX))
fmt("Telegram bot token", "https://api.telegram.org/bot{s}/sendMessage", "123456789:AA" + r(33))
fmt("Discord webhook", "https://discord.com/api/webhooks/123456789012345678/{s}", r(68))
fmt("Discord bot token", "client.run({s!r})", "M" + r(25) + "." + r(6) + "." + r(38))
fmt("Authorization: Bearer", "curl -H 'Authorization: Bearer {s}' https://api", r(40))
fmt("Authorization: Basic", "Authorization: Basic {s}", r(24, B64) + "==")


def test_redaction_covers_35_common_formats():
    assert len(FORMATS) == 35
    missed = []
    for name, (text, secret) in FORMATS.items():
        out, counts = redact(text)
        if not counts or any(line in out for line in secret.splitlines() if len(line) >= 8):
            missed.append(name)
        assert may_hold_secrets(text), name  # the cheap pre-check never skips a text that holds one
    assert missed == []


def test_each_format_is_named_by_its_kind_in_the_marker():
    for name, kind in [("Google API key", "Google API key"), ("Twilio key", "Twilio key"),
                       ("Authorization: Bearer", "Authorization header"), ("Discord webhook", "Discord webhook"),
                       ("Azure storage key", "Azure storage key"), ("npm token", "npm token")]:
        text, _ = FORMATS[name]
        assert [f.kind for f in find_secrets(text)] == [kind], name


def test_templates_and_placeholders_of_the_new_formats_are_not_secrets():
    for text in ("Authorization: Bearer <token>", "Authorization: Bearer ${CONTEXTEER_TOKEN}",
                 "headers = {'Authorization': 'Bearer ' + token}", "Authorization: Bearer YOUR_TOKEN",
                 'auth = f"Bearer {self.token}"', "AccountKey=<your key>", "the key-value store", "npm_config_cache",
                 "SK_LIMIT = 32", "hf_hub_download(repo_id)", "sq0atp-",
                 'Authorization: Digest username="bob", realm="api"'):
        assert find_secrets(text) == [], text


def test_every_data_rule_names_its_source():
    assert len(RULES) >= 30
    for rule in RULES:
        assert rule.source.startswith(("gitleaks:", "contexteer")), rule.kind


@pytest.fixture
def served(tmp_path: Path) -> Served:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "app.py").write_text("print('hi')\n", encoding="utf-8")
    return Served(root)


def test_memory_refuses_to_store_any_of_35_formats(served: Served):
    stored = []
    for i, (name, (text, _secret)) in enumerate(FORMATS.items()):
        a = served.call("memory", action="save", name=f"note-{i}", content=f"Deploy notes: {text}")
        if not a.is_error:
            stored.append(name)
        else:
            assert "secret" in a.text and "redact=true" in a.text, a.text
    assert stored == []
    listing = served.call("memory", action="list")
    assert "note-" not in listing.text


def test_a_file_holding_every_format_is_read_back_with_each_secret_redacted(served: Served):
    body = "\n\n".join(text for text, _ in FORMATS.values()) + "\n"
    (served.root / "creds.txt").write_text(body, encoding="utf-8")
    a = served.call("read_code_range", path="creds.txt", start_line=1, end_line=400)
    assert not a.is_error, a.text
    shown = a.text + repr(a.data)
    leaked = [name for name, (_, secret) in FORMATS.items()
              if any(line in shown for line in secret.splitlines() if len(line) >= 8)]
    assert leaked == []


def test_ansi_escapes_and_bidi_overrides_reach_the_client_spelled_out(served: Served):
    evil = "ok = 1  # \x1b[2J\x1b]0;pwned\x07 \u202eevil\u202c \U000e0041\U000e0042 done\r\n"
    (served.root / "evil.py").write_text(evil, encoding="utf-8", newline="")
    for a in (served.call("read_code_range", path="evil.py", start_line=1, end_line=1),
              served.call("search_text", pattern="done")):
        assert not a.is_error, a.text
        shown = a.text + repr(a.data)
        for ch in ("\x1b", "\x07", "\u202e", "\u202c", "\U000e0041"):
            assert ch not in shown, (repr(ch), a.text)
        assert "\\x1b[2J" in a.text and "\\u202e" in a.text


def test_neutralized_text_keeps_tabs_newlines_and_line_ends():
    assert neutralize_controls("a\tb\r\nc\n") == "a\tb\r\nc\n"
    assert neutralize_controls("x\ry") == "x\\x0dy"
