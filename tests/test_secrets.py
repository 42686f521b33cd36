"""The secret scanner shared by shaping (outgoing text) and memory (refused saves): what counts as a secret."""

from __future__ import annotations

from contexteer.secrets import find_secrets, may_hold_secrets, redact

KEY_LINE = "MbDN+KML0UZPnToLjPE8WIQAG4lL5L3Z+UwaD1pd9oehE5KMtj8tqkLox/kDRYZ/"
KEY_BODY = "\n".join([KEY_LINE, KEY_LINE[::-1], KEY_LINE.swapcase(), "Zx8Kq2Lm4R=="])


def test_a_password_in_a_url_is_redacted_and_the_rest_of_the_url_kept():
    out, counts = redact('DATABASE_URL = "postgres://admin:hunter2sup3r@db.example.com:5432/prod"')
    assert out == 'DATABASE_URL = "postgres://admin:[REDACTED password in URL]@db.example.com:5432/prod"'
    assert counts == {"password in URL": 1}


def test_placeholder_passwords_in_documented_urls_are_left_alone():
    for text in ("https://user:password@host/path", "redis://:${REDIS_PASSWORD}@cache:6379", "git@github.com:org/repo.git",
                 "ftp://anonymous:<password>@ftp.example.org"):
        assert find_secrets(text) == [], text


def test_json_keys_holding_credentials_are_redacted():
    out, counts = redact('{\n  "password": "hunter2hunter2",\n  "apiKey": "Zx8Kq2LmN4pR7sT9vW1y"\n}')
    assert "hunter2hunter2" not in out and "Zx8Kq2LmN4pR7sT9vW1y" not in out
    assert counts == {"credential assignment": 2}


def test_a_key_body_read_without_its_begin_line_is_redacted_to_its_last_short_line():
    numbered = "\n".join(f"{n:>3}│{line}" for n, line in enumerate(KEY_BODY.splitlines(), start=2))
    out, counts = redact("key.txt:2-5 (of 27 lines)\n" + numbered)
    assert counts == {"key material": 4}
    for line in KEY_BODY.splitlines():
        assert line not in out
    assert out.splitlines()[1] == "  2│[REDACTED key material]"


def test_hash_lists_and_single_long_words_are_not_key_material():
    hashes = "\n".join(f"--hash=sha256:{c * 64}" for c in "abcdef")  # hex: public digests
    assert find_secrets(hashes) == []
    assert find_secrets("x = '" + KEY_LINE + "'\nprint(x)\n") == []  # one line alone is not a block


def test_stripe_live_keys_are_found():
    assert [f.kind for f in find_secrets("stripe.api_base; sk_live_4eC39HqLyjWDarjtT1zdp7dc")] == ["Stripe key"]


def test_the_pre_check_is_true_for_every_kind_found():
    samples = ["postgres://u:s3cretpw99@db/x", "sk_live_4eC39HqLyjWDarjtT1zdp7dc", KEY_BODY, '"secret": "zz9988776655"']
    for text in samples:
        assert find_secrets(text), text
        assert may_hold_secrets(text), text


def test_code_that_names_a_credential_variable_is_not_redacted():
    code = [
        "refresh_token: RefreshTokenT,", "password=auth_info[2]", "client_token=client_token,", '"LockToken": lock_token',
        'self.master_user_password = master_user_password or ""', "token = token[:-1]",
        "password: _PasswordType | None = None,", "token = tokens2", '"input_token": "pagination_token"',
        'AWS_SESSION_TOKEN = "session-token"',
        # a statement of code assigning a name the code declares (Capacitor's UriMatcher.java had two lines redacted)
        "void addURI(String scheme, String authority) {\n  String token;\n  if (i == -2) token = scheme;\n"
        "  else if (i == -1) token = authority;  // the host\n}",
        "            if (i == -2) token = scheme;",  # (a read of a few lines: no declaration in sight)
        # an expression begun by an operator word (TanStack query-core run 503 read `[REDACTED ..] skipToken`)
        "export type SkipToken = typeof skipToken", "default_token = lambda: None",
    ]
    for line in code:
        assert find_secrets(line) == [], line


def test_credential_literals_in_config_and_code_are_redacted():
    for line in ("PASSWORD=hunter2hunter2", "db_passwd: s3cr3t-v4lue", 'api_key = "abcd1234efgh"', "my_token: tok_12345678",
                 'password = "correcthorsebattery"', "password = hunter22x"):
        assert [f.kind for f in find_secrets(line)] == ["credential assignment"], line


def test_unquoted_config_secrets_without_digits_are_still_redacted():
    for line in ("password: correcthorsebatterystaple", "export GITHUB_TOKEN=abcdefghijkl", "password = hunter2",
                 "password = hunter2 ; an INI comment", "TOKEN=abcdefghijkl;", 'token = "abcdefghij1";',
                 # a value before a ';' that names nothing else in the text (the review's connection strings)
                 "Server=db;Database=app;User Id=sa;Password=hunterabc;", "password=Xy7kLm2pQ9wZ;",
                 "export api_token=a8f5f167f44f4964e6c998dee827110c;", "auth_token = Xy7kLm2pQ9wZ; # prod"):
        assert [f.kind for f in find_secrets(line)] == ["credential assignment"], line
    for line in ("api_key = apikey", "password: str", "secret = self.secret", "token = value"):
        assert find_secrets(line) == [], line


def test_a_credential_key_at_a_line_end_does_not_swallow_the_next_line():
    text = ("mcp/client/streamable_http.py:278:         if ctx.metadata and ctx.metadata.resumption_token:\n"
            "mcp/client/streamable_http.py:279:             headers[LAST_EVENT_ID] = ctx.metadata.resumption_token\n")
    assert redact(text)[0] == text


def test_a_begin_line_without_its_end_does_not_hide_the_rest_of_a_search_answer():
    text = "x.py:1: _SK_START = '-----BEGIN OPENSSH PRIVATE KEY-----'\nx.py:9: later hit\n"
    out, counts = redact(text)
    assert "x.py:9: later hit" in out and counts == {"private key block": 1}
    from contexteer.secrets import secret_fragments

    assert "_SK_START" not in secret_fragments(text)  # a variable name next to the marker is not key material


def test_long_paths_and_json_pointers_are_not_key_material():
    pointers = "\n".join(f'"/Resources/MyLambdaFunction{i}/Properties/Environment/Variables/TableName{i}"' for i in range(3))
    assert find_secrets(pointers) == []


def test_a_django_secret_key_is_redacted():
    assert [f.kind for f in find_secrets("SECRET_KEY = 'django-insecure-8x#k2!v@q9zz'")] == ["credential assignment"]


def test_a_sentence_after_the_word_token_is_not_a_secret_but_a_value_is():
    message = ("refusing to bind 0.0.0.0 without a token: anyone who can reach this address could read the "
               "repository. Set a token with the CONTEXTEER_TOKEN environment variable")
    out, counts = redact(message)
    assert out == message and not counts
    for line in ("password: correcthorsebatterystaple", "password: marmalade\n", "token = marmalade # old"):
        out, _ = redact(line)
        assert "marmalade" not in out and "correcthorse" not in out, line


def test_a_ruby_call_with_a_symbol_after_token_is_not_a_secret():
    # Rouge's token.rb declares its token types as `token :Punctuation, 'p' do`: six of them had come back as
    # `token :[REDACTED credential assignment]` and a search for Punctuation in the file found nothing (A/B run 163)
    for text in ("      token :Punctuation, 'p' do", "        token :Comment,       'c' do", "token :Operator, 'o'"):
        assert find_secrets(text) == [], text
        assert redact(text)[0] == text
    # a colon right after the key, or after a space with no symbol-and-comma after it, still assigns
    for text in ("token: ghx7Hd8s9dk2Lq", "token : ghx7Hd8s9dk2Lq", "  auth_token:ghx7Hd8s9dk2Lq",
                 '{"password" :"hunter2hunter2"}', "password :hunter2hunter2"):
        assert [f.kind for f in find_secrets(text)] == ["credential assignment"], text


def test_a_path_through_a_module_named_token_is_not_a_secret():
    # syn's trait syn::token::Token had come back as `syn::token:[REDACTED credential assignment]` in a
    # find_related header; a path's `::` assigns nothing, a `token: value` still does
    for text in ("implementations of trait syn::token::Token (src/token.rs:125-134)", "use crate::token::Token;",
                 "impl token::CustomToken for Kw"):
        assert find_secrets(text) == [], text
    assert [f.kind for f in find_secrets("api_token: ghx7Hd8s9dk2Lq")] == ["credential assignment"]
    # a Rust path as a declared bound or an alias's value is code: `pub trait Token: private::Sealed`
    for text in ("pub trait Token: private::Sealed", "type Token = private::IdentAny;"):
        assert find_secrets(text) == [], text
