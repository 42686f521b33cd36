"""Mends of stop 57 for Java (Commons Codec run 519), each with what the agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

RULE = ("package p;\n\npublic class Rule {\n    public static final class Phoneme {\n"
        "        public Phoneme(String s) {\n        }\n    }\n}\n")
LANGUAGES = ("package p;\n\npublic class Languages {\n    public static class LanguageSet {\n    }\n}\n")
ENGINE = ("package p;\n\n"
          "import p.Languages.LanguageSet;\n"                                                              # 3
          "import p.Rule.Phoneme;\n\n"                                                                     # 4
          "public class Engine {\n"
          "    Rule.Phoneme make(final Languages.LanguageSet languages) {\n"                                # 7
          "        return new Rule.Phoneme(\"\");\n"                                                        # 8
          "    }\n\n"
          "    Phoneme bare(final LanguageSet set) {\n"                                                     # 11
          "        return new Phoneme(\"x\");\n"                                                            # 12
          "    }\n}\n")


def test_java_nested_type_written_with_its_class_is_no_use_of_its_import(tmp_path):
    """Commons Codec run 519: PhoneticEngine's uses view credited `import ...bm.Rule.Phoneme;` with every
    `Rule.Phoneme` and `import ...Languages.LanguageSet;` with `Languages.LanguageSet`: only the bare names use the
    imports; the qualified ones use Rule and Languages."""
    text = served_tree(tmp_path / "r", {"src/p/Rule.java": RULE, "src/p/Languages.java": LANGUAGES,
                                        "src/p/Engine.java": ENGINE}).call(
        "list_dependencies", path="src/p/Engine.java", view="uses").text
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert rows["3"].rstrip().endswith("at 11"), text
    assert rows["4"].rstrip().endswith("at 11,12"), text
    same = next(line for line in text.splitlines() if "same package" in line)
    assert "Rule (Rule.java:3) at 7,8" in same and "Languages (Languages.java:3) at 7" in same, text
