"""Django A/B run 211: a search for `password` over django/ had most of its hits in 300 gettext catalogs
(`locale/<lang>/LC_MESSAGES/django.po`), and the overview's rows were locale folders where the code's files should
have been. Translation files come after the code: one line with their count per locale folder and the glob that
leaves them out; in a digest their hits come after the code's."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def _tree() -> dict[str, str]:
    files = {
        "app/auth/forms.py": "".join(f"def check_password_{i}(user):\n    return user.password\n\n\n" for i in range(40)),
        "app/auth/hashers.py": "".join(f"PASSWORD_{i} = 'password {i}'\n" for i in range(30)),
    }
    for lang in ("de", "fr", "nl", "pt", "es", "it", "ru", "ja", "ko", "zh", "ar", "sv"):
        for part in ("auth", "admin"):
            files[f"app/{part}/locale/{lang}/LC_MESSAGES/django.po"] = "".join(
                f'msgid "Enter the password for account {i}"\nmsgstr "password {i} ({lang})"\n\n'
                for i in range(30 if part == "auth" else 20))
    return files


def test_translation_catalogs_come_after_the_code_in_one_line(tmp_path):
    served = served_tree(tmp_path / "r", _tree())
    r = served.call("search_text", pattern="password", path="app")
    assert not r.is_error, r.text
    assert r.text.startswith("[overview"), r.text[:300]
    lines = r.text.splitlines()
    # (two code files: their first hits, not a table, Django run 329)
    heads = [ln for ln in lines if ln.startswith("app/") and ln.endswith(" hits)")]
    assert heads == ["app/auth/forms.py (80 hits)", "app/auth/hashers.py (30 hits)"], r.text
    assert not any(".po" in ln for ln in lines if not ln.startswith("translations:") and not ln.startswith("[")), r.text
    assert "translations: 1200 hits in 24 files (app/auth/locale/ 720, app/admin/locale/ 480); glob='!*.po' leaves them out" \
        in lines, r.text


def test_a_digest_shows_the_code_before_the_catalogs(tmp_path):
    files = {"app/auth/forms.py": "".join(f"def check_password_{i}(user):\n    return user.password\n\n\n" for i in range(10))}
    for lang in ("de", "fr", "nl", "pt", "es", "it"):
        files[f"app/auth/locale/{lang}/LC_MESSAGES/django.po"] = "".join(
            f'msgid "Enter the password {i}"\nmsgstr "pw {i}"\n\n' for i in range(40))
    r = served_tree(tmp_path / "r", files).call("search_text", pattern="password", path="app")
    assert r.text.startswith("[digest"), r.text[:300]
    heads = [ln for ln in r.text.splitlines() if ln.startswith("app/")]
    assert heads[0] == "app/auth/forms.py (20 hits)", r.text  # every code hit first, the catalogs after
    assert r.text.count("def check_password_") == 10 and "comment" not in r.text, r.text


def test_the_glob_that_leaves_catalogs_out_names_their_folders_not_a_data_extension(tmp_path):
    # the review: JSON catalogs under src/i18n/ beside the code's config/settings.json had been told `glob='!*.json'`
    files = {"config/settings.json": "".join(f'{{"password_{i}": "password"}}\n' for i in range(60)),
             "src/auth.ts": "".join(f"export const password{i} = 'password';\n" for i in range(60))}
    for lang in ("de", "fr", "nl", "pt", "es", "it", "ru", "ja"):
        files[f"src/i18n/{lang}.json"] = "".join(f'"password {i}": "password {i} {lang}",\n' for i in range(60))
    r = served_tree(tmp_path / "r", files).call("search_text", pattern="password", path=".")
    line = next(ln for ln in r.text.splitlines() if ln.startswith("translations:"))
    assert line.endswith("glob='!**/i18n/**' leaves them out"), r.text
    assert "config/settings.json" in r.text.split("translations:")[0], r.text
