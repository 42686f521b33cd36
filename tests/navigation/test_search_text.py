"""search_text end to end: ripgrep hits under their file's path as `line: text`, deny-list, .gitignore, cap, time limit, bad regex."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from contexteer.errors import SearchError
from contexteer.indexers import textsearch
from tests.conftest import hit_at
from tests.navigation.conftest import Served, copy_fixture


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = copy_fixture("pyshop", tmp_path_factory.mktemp("txt"))
    (root / ".gitignore").write_text("build/\n")
    (root / "build").mkdir()
    (root / "build" / "generated.py").write_text("apply_discount = 'generated copy'\n")
    (root / ".env").write_text("apply_discount=secret\n")
    (root / "notes.pem").write_text("apply_discount in a key file\n")
    return Served(root)


def test_hits_come_under_their_files_path_as_line_text_with_the_definition_they_sit_in(shop: Served):
    a = shop.call("search_text", pattern="apply_discount(")
    assert not a.is_error, a.text
    lines = a.text.splitlines()
    # each file's path once on its own line, its hits below it as `line: text` (stripped, with no context lines)
    assert "shop/cli.py\n  12: print(apply_discount(order, 10))  — in main 9-14\n" in a.text, a.text
    assert lines.count("shop/pricing.py") == 1, a.text
    assert hit_at(a.text, "shop/pricing.py", 26) == "26: net = apply_discount(order, discount)  — in PriceCalculator.compute 25-27"
    assert lines[-1] == "[4 matching lines in 3 files]"  # pricing.py defines and calls it
    assert a.data["matches"] == 4 and a.data["files"] == 3


def test_deny_listed_and_gitignored_files_are_never_searched(shop: Served):
    a = shop.call("search_text", pattern="apply_discount")
    paths = {h["path"] for h in a.data["hits"]}
    assert ".env" not in paths and "notes.pem" not in paths and "build/generated.py" not in paths
    assert "shop/pricing.py" in paths


def test_regex_mode_and_smart_case(shop: Served):
    a = shop.call("search_text", pattern=r"def \w+\(self\)", regex=True)
    assert {(h["path"], h["line"]) for h in a.data["hits"]} >= {("shop/models.py", 36), ("shop/models.py", 20)}
    lower = shop.call("search_text", pattern="order")
    upper = shop.call("search_text", pattern="Order")
    assert lower.data["matches"] > upper.data["matches"]  # lower case searches case-insensitively


def test_a_capitalised_search_says_how_many_more_lines_match_ignoring_case(shop: Served):
    # smart case made `Order` case-sensitive; the `order` lines it hid are counted, and the argument that shows them
    upper, every = shop.call("search_text", pattern="Order"), shop.call("search_text", pattern="order")
    more = every.data["matches"] - upper.data["matches"]
    assert more > 0
    note = f"[case-sensitive (a capital in the pattern); {more} more lines match ignoring case: case_sensitive=false]"
    assert note in upper.text, upper.text
    # a client that passes structuredContent alone gets the note too (the typed hits and the lines around them)
    assert note in upper.data["notes"], upper.data
    # the same with nothing found in this case: the no-match answer says where the lines are
    none = shop.call("search_text", pattern="APPLY_DISCOUNT(")
    assert none.data["matches"] == 0
    assert "4 more lines match ignoring case: case_sensitive=false" in none.text, none.text
    # asked case-sensitively, or a case that finds every line: no note
    for a in (shop.call("search_text", pattern="Order", case_sensitive=True), every,
              shop.call("search_text", pattern="MAX_ITEMS")):
        assert "ignoring case" not in a.text, a.text


def test_an_invalid_regex_returns_ripgreps_own_message_and_what_to_do(shop: Served):
    a = shop.call("search_text", pattern="apply_discount(", regex=True)
    assert a.is_error
    assert "regex parse error" in a.text and "unclosed group" in a.text
    assert "regex=false" in a.text


def test_context_lines_use_the_dash_format_under_the_files_path(shop: Served):
    a = shop.call("search_text", pattern="MAX_ITEMS = 100", context_lines=1)
    assert a.text.splitlines()[:4] == [
        "shop/models.py",
        "  8- ",
        "  9: MAX_ITEMS = 100",
        "  10- ",
    ]
    # blocks of one file are parted by an indented `--`; the next file's path parts files
    b = shop.call("search_text", pattern="apply_discount", context_lines=1)
    lines = b.text.splitlines()
    assert "--" not in lines and lines[lines.index("shop/cli.py") + 4] == "  --", b.text
    assert hit_at(b.text, "shop/cli.py", 12) == "12:     print(apply_discount(order, 10))  — in main 9-14", b.text
    assert hit_at(b.text, "shop/cli.py", 13, context=True) == "13-     print(PriceCalculator(0.2).compute(order))", b.text


def test_glob_and_path_narrow_the_search(shop: Served):
    only_tests = shop.call("search_text", pattern="apply_discount", path="tests")
    assert {h["path"] for h in only_tests.data["hits"]} == {"tests/test_pricing.py"}
    no_tests = shop.call("search_text", pattern="apply_discount", glob="!tests/**")
    assert "tests/test_pricing.py" not in {h["path"] for h in no_tests.data["hits"]}



def test_a_glob_with_a_folder_reads_under_the_path_searched(tmp_path: Path):
    # the Pandoc A/B run: glob="{Org/Parsing.hs,RST.hs}" with path=Text/Pandoc/Readers matched nothing (ripgrep
    # anchors a glob holding a '/' at the root)
    for rel in ("Readers/Org/Parsing.hs", "Readers/RST.hs", "Readers/HTML.hs", "Writers/RST.hs"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("import Text.Pandoc.Parsing\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="import", glob="{Org/Parsing.hs,RST.hs}", path="Readers")
    assert {h["path"] for h in a.data["hits"]} == {"Readers/Org/Parsing.hs", "Readers/RST.hs"}, a.text
    b = served.call("search_text", pattern="import", glob="!Org/**", path="Readers")
    assert {h["path"] for h in b.data["hits"]} == {"Readers/RST.hs", "Readers/HTML.hs"}, b.text
    # alternatives written from the root, as the petgraph A/B agent did ({src/graph_impl/stable_graph/*.rs,..}
    # with path=src had become `src/{src/...}`)
    c = served.call("search_text", pattern="import", glob="{Readers/Org/*.hs,Readers/RST.hs}", path="Readers")
    assert {h["path"] for h in c.data["hits"]} == {"Readers/Org/Parsing.hs", "Readers/RST.hs"}, c.text


def test_several_globs_in_one_argument_and_an_alternation_of_negations(tmp_path: Path):
    # the zod A/B run 210: glob="{!**/classic/**,!**/tests/**}" (ripgrep: names starting with '!') matched no file
    assert textsearch.split_globs("{!**/classic/**,!**/tests/**}") == ["!**/classic/**", "!**/tests/**"]
    assert textsearch.split_globs("*.py, !tests/**") == ["*.py", "!tests/**"]
    assert textsearch.split_globs("*.{ts,tsx}") == ["*.{ts,tsx}"]
    # (the review: a file's name with a comma, a bracket class, `*,*` and an escaped comma stay one glob)
    for one in ("a,b.txt", "*[,]*", "*,*", "a\\,b.txt"):
        assert textsearch.split_globs(one) == [one], one
    for rel in ("core/a.ts", "classic/b.ts", "tests/c.ts", "mini/d.tsx"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("processJSONSchema()\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="processJSONSchema", glob="{!**/classic/**,!**/tests/**}")
    assert {h["path"] for h in a.data["hits"]} == {"core/a.ts", "mini/d.tsx"}, a.text
    b = served.call("search_text", pattern="processJSONSchema", glob="*.ts,!classic/**")
    assert {h["path"] for h in b.data["hits"]} == {"core/a.ts", "tests/c.ts"}, b.text


def test_the_result_cap_stops_the_search_and_says_how_to_narrow(shop: Served):
    a = shop.call("search_text", pattern="def", max_results=3)
    assert a.data["matches"] == 3 and a.data["truncated"]
    assert re.search(r"stopped at the result cap \(\d+ matching lines in \d+ files in all\)(; past it: [^;]+)?; narrow with path=, glob=", a.text), a.text


def test_no_match_is_said_plainly(shop: Served):
    a = shop.call("search_text", pattern="zzz_not_there")
    assert not a.is_error and a.text == "no matches for 'zzz_not_there'"
    r = shop.call("search_text", pattern=r"\.zzz_not\b", regex=True)  # as written, not escaped again (tRPC run 350)
    assert r.text == "no matches for '\\.zzz_not\\b'", r.text


def test_the_time_limit_stops_a_slow_search(tmp_path: Path):
    root = tmp_path / "big"
    root.mkdir()
    line = "x" * 200 + "\n"
    for i in range(5):
        (root / f"f{i}.txt").write_text(line * 5000)
    served = Served(root)
    r = textsearch.search(served.ws, "x", timeout=0.001, max_results=10**6)
    assert r.timed_out
    from contexteer.tools.nav_render import search_summary

    assert any("stopped at the time limit" in line for line in search_summary(r))


def test_a_pattern_starting_with_a_dash_is_a_pattern_not_a_flag(shop: Served):
    (shop.root / "flags.txt").write_text("use --version to print it\n")
    a = shop.call("search_text", pattern="--version")
    assert hit_at(a.text, "flags.txt", 1) == "1: use --version to print it", a.text


def test_empty_pattern_is_an_input_error():
    with pytest.raises(Exception) as exc:
        textsearch.search(None, "")  # type: ignore[arg-type]
    assert "pattern is empty" in str(exc.value)
    assert not isinstance(exc.value, SearchError)


def test_key_lines_found_one_hit_at_a_time_are_redacted_in_text_and_structured_content(tmp_path: Path):
    from tests.test_secrets import KEY_BODY

    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "key.txt").write_text("-----BEGIN RSA PRIVATE KEY-----\n" + KEY_BODY + "\n-----END RSA PRIVATE KEY-----\n")
    served = Served(tmp_path)
    # a pattern that matches only inside the key finds nothing (issue 18: a search is no oracle for a secret);
    # one that matches next to it shows the key's lines as markers
    for args, found in (({"pattern": r"^[A-Za-z0-9+/=]{8,}$", "regex": True}, False),
                        ({"pattern": "-----BEGIN", "context_lines": 3}, True)):
        a = served.call("search_text", **args)
        assert not a.is_error, a.text
        everything = a.text + repr(a.data)
        for line in KEY_BODY.splitlines():
            assert line not in everything, (args, line)
        assert ("[REDACTED" in a.text) is found, a.text


def test_hidden_files_are_searched_but_not_gits_own_folder(tmp_path: Path):
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "ci.yml").write_text("run: needle\n")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "config").write_text("needle in git's own config\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("needle = 1\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="needle")
    assert {h["path"] for h in a.data["hits"]} == {".github/workflows/ci.yml", "src/a.py"}
    none = served.call("search_text", pattern="needle", glob="*.toml")
    assert none.is_error and "no file matches the path and glob=" in none.text and "--debug" not in none.text


def test_a_key_line_searched_by_its_content_is_not_found_but_its_block_is(tmp_path: Path):
    from tests.test_secrets import KEY_BODY

    (tmp_path / "key.txt").write_text("-----BEGIN RSA PRIVATE KEY-----\n" + KEY_BODY + "\n-----END RSA PRIVATE KEY-----\n")
    served = Served(tmp_path)
    line = KEY_BODY.splitlines()[1]
    a = served.call("search_text", pattern=line[:24])  # matches only inside the key: a hit would confirm a guess
    assert not a.is_error, a.text
    assert line not in a.text + repr(a.data) and a.data is not None and a.data["matches"] == 0
    found = served.call("search_text", pattern="PRIVATE KEY-----", context_lines=1)  # where keys are: still found
    assert found.data is not None and found.data["matches"] == 2, found.text
    assert "[REDACTED private key block]" in found.text and line not in found.text + repr(found.data)


def test_a_literal_search_for_what_reads_like_a_regex_that_finds_nothing_answers_as_a_regex(shop: Served):
    # the Kotlin A/B agent escaped parentheses in a literal search and spent a call on regex=true
    a = shop.call("search_text", pattern=r"def format_\w+\(")
    assert a.data["matches"] >= 1 and "[these are its matches as a regular expression: the pattern is written like one" in a.text
    # (a whole sentence: testify run 386 read the note that stopped at "which the pattern reads as]" as cut), a.text
    # what the hits are is said first (testify A/B run 179 read "nothing matched it as literal text; these are ..."
    # as a search that found nothing)
    assert not re.search(r"^\[nothing matched", a.text, re.M) and "matched nothing" not in a.text, a.text
    found = shop.call("search_text", pattern=r"def format_\w+\(", regex=True)
    assert "searched as a regular expression" not in found.text and found.data["matches"] == a.data["matches"], found.text
    none = shop.call("search_text", pattern=r"def no_such_\w+\(")  # nothing either way: say what was searched
    assert "no matches for" in none.text and "no match either way" in none.text, none.text
    plain = shop.call("search_text", pattern="no such words anywhere")
    assert "no matches for" in plain.text and "regex" not in plain.text, plain.text
    # run 49: `pattern='errors: |allocator: '` without regex=true answered "no matches"
    alts = shop.call("search_text", pattern="def main|def apply_discount")
    assert "[these are its matches as a regular expression" in alts.text and alts.data["matches"] >= 2, alts.text
    for literal in ("a || b", "|x|", "x | y"):  # as regexes these match most lines: searched as written only
        kept = shop.call("search_text", pattern=literal)
        assert "regular expression" not in kept.text and kept.data["matches"] == 0, kept.text


def test_files_come_in_path_order_whatever_order_ripgrep_finished_them(tmp_path: Path):
    # ripgrep's threads finish files in any order: the same search answered README.md first once, config.py the next
    from contexteer.workspace import Workspace
    for name in ("zeta.py", "alpha.py", "mid/beta.py", "Mid.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n\nprod account\n")
    ws = Workspace(tmp_path)
    for _ in range(5):
        plain = textsearch.search(ws, "prod account")
        assert [h.path for h in plain.hits] == ["Mid.py", "alpha.py", "mid/beta.py", "zeta.py"], plain.hits
        around = textsearch.search(ws, "prod account", context_lines=1)
        assert [(h.path, h.text) for h in around.hits if h.text == "--" or h.path][:4] == [
            ("Mid.py", ""), ("Mid.py", "prod account"), ("", "--"), ("alpha.py", "")], around.hits


def test_a_literal_pattern_of_alternatives_is_searched_alternative_by_alternative(tmp_path):
    # (Django run 129: `unsign(|unsign_object(|signing.loads(` without regex=true found nothing, "no match either
    # way" - as a regular expression it is not even valid - and the agent retried with escapes)
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {"s.py": "def f(s):\n    x = signer.unsign(s)\n    return signing.loads(x)\n"})
    r = served.call("search_text", pattern="unsign(|signing.loads(")
    assert hit_at(r.text, "s.py", 2) and hit_at(r.text, "s.py", 3), r.text
    assert "'|'-separated alternatives, each as literal text" in r.text, r.text
    none = served.call("search_text", pattern="nothing(|here(")
    assert "not a valid one" in none.text, none.text


def test_a_regex_with_a_word_boundary_after_punctuation_that_finds_nothing_says_why(shop: Served):
    # `MAX_ITEMS =\b` cannot match `MAX_ITEMS = 100`: \b after '=' wants a word character right after it (a space
    # follows); the Sequel agent's `def disconnect_error\?\b` found nothing and nothing said why
    a = shop.call("search_text", pattern=r"MAX_ITEMS =\b", regex=True)
    assert a.data["matches"] == 0
    assert "`=\\b`: \\b next to a non-word character matches only where a word character is on its other side" in a.text, a.text
    b = shop.call("search_text", pattern=r"\bMAX_ITEMS_NOT_THERE\b", regex=True)
    assert b.data["matches"] == 0 and "non-word character" not in b.text, b.text
    # a \b after a word character holds whatever follows it: the name is what is missing (the review's case)
    c = shop.call("search_text", pattern=r"def no_such_method\b\(", regex=True)
    assert c.data["matches"] == 0 and "non-word character" not in c.text, c.text


def test_a_hit_in_a_method_of_an_object_literal_passed_to_a_call_names_the_call(tmp_path):
    # tRPC A/B run 183: two `formatError` methods were "in resolveResponse.formatError"; which call's options
    # object each belonged to took a read of each
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {"src/resolve.ts": (
        "export function resolve(x: number) {\n"
        "  const a = sseProducer({\n    formatError(e: Error) {\n      return shape(e);\n    },\n  });\n"
        "  const b = jsonlProducer({\n    formatError: (e: Error) => shape(e),\n    other() {\n      return shape(null);\n    },\n  });\n"
        "  return [a, b];\n}\n"
        "function shape(e: unknown) { return e; }\n"
        "class K {\n  formatError(e: Error) {\n    return shape(e);\n  }\n}\n")})
    a = served.call("search_text", pattern="return shape(")
    assert not a.is_error, a.text
    assert "4: return shape(e);  — in resolve.formatError 3-5 (in the object passed to sseProducer)" in a.text, a.text
    assert "10: return shape(null);  — in resolve.other 9-11 (in the object passed to jsonlProducer)" in a.text, a.text
    assert "18: return shape(e);  — in K.formatError 17-19\n" in a.text + "\n", a.text  # a class's method: no such note


def test_a_glob_with_a_folder_that_matches_nothing_from_the_path_is_searched_at_any_depth(tmp_path: Path):
    # Pandoc A/B run 245: glob='{Writers/Docx.hs,Writers/ODT.hs}' for Text/Pandoc/Writers/*.hs matched no file and
    # the agent searched again with path=
    for name in ("Docx", "ODT", "HTML"):
        (tmp_path / "Text" / "Writers").mkdir(parents=True, exist_ok=True)
        (tmp_path / "Text" / "Writers" / f"{name}.hs").write_text("import qualified Text.Class as P\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="as P", glob="{Writers/Docx.hs,Writers/ODT.hs}")
    assert not a.is_error, a.text
    assert {h["path"] for h in a.data["hits"]} == {"Text/Writers/Docx.hs", "Text/Writers/ODT.hs"}, a.text
    assert "searched with glob='{**/Writers/Docx.hs,**/Writers/ODT.hs}'" in a.text, a.text
    none = served.call("search_text", pattern="as P", glob="Readers/*.hs")  # nowhere at any depth either: the error
    assert none.is_error and "no file matches the path and glob=" in none.text, none.text


def test_the_any_depth_glob_keeps_its_exclusions_and_works_under_a_path(tmp_path: Path):
    # review of e0740a4: `Writers/*.hs,!Writers/Docx.hs` searched Docx.hs after all (the exclusion stayed anchored),
    # and with path= the fallback never ran (ripgrep says "no files searched" only without a path)
    (tmp_path / "Text" / "Pandoc" / "Writers").mkdir(parents=True)
    for name in ("Docx", "ODT"):
        (tmp_path / "Text" / "Pandoc" / "Writers" / f"{name}.hs").write_text(f"module Text.Pandoc.Writers.{name} where\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="module Text.Pandoc.Writers", glob="Writers/*.hs,!Writers/Docx.hs")
    assert {h["path"] for h in a.data["hits"]} == {"Text/Pandoc/Writers/ODT.hs"}, a.text
    b = served.call("search_text", pattern="module Text.Pandoc.Writers.Docx", path="Text", glob="Writers/Docx.hs")
    assert [h["path"] for h in b.data["hits"]] == ["Text/Pandoc/Writers/Docx.hs"], b.text
    c = served.call("search_text", pattern="zzzqqq", path="Text", glob="Pandoc/Writers/*.hs")  # files matched: as asked
    assert not c.data["hits"] and "searched with glob" not in c.text, c.text


def test_a_files_name_among_comma_separated_wildcards_is_a_glob_of_its_own(tmp_path: Path):
    # testify run 261: glob='*forward.go,*format.go,require.go' matched no file (read as one glob)
    for name in ("assertion_forward.go", "assertion_format.go", "require.go", "other.go"):
        (tmp_path / name).write_text("func Equal() {}\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="func Equal", glob="*forward.go,*format.go,require.go")
    assert {h["path"] for h in a.data["hits"]} == {"assertion_forward.go", "assertion_format.go", "require.go"}, a.text


def test_a_list_of_plain_paths_is_one_glob_each_and_each_read_at_any_depth(tmp_path: Path):
    # review of 9c45a7e: 'v4/core/parse.ts,v4/classic/parse.ts' was deepened as one string: only core's was searched
    for part in ("core", "classic"):
        (tmp_path / "src" / "v4" / part).mkdir(parents=True)
        (tmp_path / "src" / "v4" / part / "parse.ts").write_text("export const safeParseAsync = 1\n")
    served = Served(tmp_path)
    a = served.call("search_text", pattern="safeParseAsync", glob="v4/core/parse.ts,v4/classic/parse.ts")
    assert {h["path"] for h in a.data["hits"]} == {"src/v4/core/parse.ts", "src/v4/classic/parse.ts"}, a.text
