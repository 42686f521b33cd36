"""Language fidelity of the structure indexer on real code (issue 13, C and Rust): definitions against Universal Ctags.

Usage:
    .venv/bin/python bench/languages.py --c /tmp/linux [--subset include/linux mm ...] [--every 10]
        [--rust /usr/share/cargo/registry/tokio-1.24.2 ...] [--before DIR] [--workers 2] [--out bench/results/languages.md]
    .venv/bin/python bench/languages.py --lang kotlin=DIR[,DIR...] --lang lua=DIR ... [--before DIR] [--out FILE --append]
    .venv/bin/python bench/languages.py --lang cpp=/tmp/ab-gtest,/usr/include/llvm-14/llvm/ADT,... --lang cpp=/tmp/libstdc++-12

`--lang NAME=DIRS` measures one of the languages added with issue 13 (kotlin, swift, scala, lua, elixir, zig, haskell,
html, css, scss) on the files of its extensions under DIRS: against ctags where ctags has the language (Kotlin, Lua,
Elixir, Haskell, HTML, CSS, SCSS), else against a line regex of the language's declarations (Swift, Scala, Zig), per
kind, with the share of files with syntax errors. Corpora used for bench/results/languages.md (obtained here):
npm `react-native` and `expo-modules-core` (Kotlin, Swift), npm `@capacitor/ios` (Swift), npm `bootstrap` (SCSS,
CSS), PyPI `ziglang` (Zig's standard library), Debian `awesome`, `lua-penlight`, `neovim-runtime` (Lua),
`libhugs-*-bundled` (Haskell), `git-doc` (HTML), and the Debian source packages `elixir-lang` and `scala`
(`apt-get source --download-only` with a deb-src list under /tmp).

`--lang cpp=DIRS` measures C++ against `ctags --language-force=C++` (prototypes, extern variables and namespace
aliases on top of its default kinds) on exactly the files the indexer parses as C++ (build.parse_file): those with a
C++ extension (`.cc`, `.cpp`, `.hpp`, `.ipp`...) and the `.h` files whose text is C++ (languages.cpp_header); the
`.h` files read as C and the files without an extension are counted apart, not measured. A method is a ctags
`function`, or a `prototype` when declared in its class; data members are `member`. Namespaces (and namespace
aliases) are reported but are not structural: the indexer defines none. Corpora (obtained here): googletest 1.12.1
(Debian `googletest`: `apt-get download googletest`, `dpkg -x` it, copy usr/src/googletest to /tmp/ab-gtest);
LLVM 14's headers (Debian `llvm-14-dev`: /usr/include/llvm-14/llvm/ADT, Support and IR); libstdc++ 12's headers
(Debian `libstdc++-12-dev`: `ln -s /usr/include/c++/12 /tmp/libstdc++-12`, the link naming the section), where 202
of 783 files have no extension (`vector`, `map`, ...) and `.tcc` is no C++ extension: those are not indexed as C++.

Corpora (obtained here, never vendored):
- C: the Linux kernel source (Debian `linux-source-6.12`: unpack /usr/src/linux-source-6.12.tar.xz in a temp dir).
  `--subset` restricts to some directories, `--every N` to every Nth file (the whole tree is ~60k files).
- Rust: crates under /usr/share/cargo/registry (Debian `librust-*-dev`), e.g. tokio, whose API sits inside
  `cfg_*! { ... }` macro invocations.
- `--before DIR`: another revision's package (`git archive REV contexteer | tar -x -C DIR`), run on the same files
  for before/after columns.

Measured in one run, per corpus:
- the share of files whose tree has syntax errors (ERROR or MISSING nodes), with the directories holding most;
- recall against `ctags` (the baseline, run in the same process on the same files): per ctags kind, the share of its
  definitions (same file, same name) we also have as a definition of a matching kind, the misses grouped by kind
  with a sample; a function ctags names after its defining macro (`BPF_CALL_2`) counts when we have a function at
  its line; ctags' names for anonymous types and annotation macros it took for names are left out, and in C++ the
  macro calls ctags reads as prototypes or enumerators (`TYPED_TEST_SUITE(Foo, Types);`), `extern template class`,
  C++20 type requirements and pointers to member functions ctags names after their type (see `_plausible`);
- whether our range holds ctags' line; what the revision before found and we do not;
- Rust: items against a line regex (`pub fn x`, `struct Y`... wherever they stand: ctags skips macro bodies too),
  and how many definitions with `#[...]` attributes leave them outside their range;
- wall time of our extraction (2 processes, `nice`), of the revision before and of ctags on the same files.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

# ctags kind -> our kinds that count as the same definition
C_KINDS = {"f": ("function",), "s": ("struct",), "u": ("struct",), "g": ("enum",), "t": ("type", "struct", "enum"),
           "d": ("constant", "function"), "e": ("constant",), "m": ("field", "method"), "v": ("variable", "constant")}
RUST_KINDS = {"f": ("function", "method"), "P": ("method", "function"), "s": ("struct",), "i": ("trait",), "g": ("enum",),
              "t": ("type",), "n": ("module",), "M": ("function", "macro"), "m": ("field",), "e": ("constant",),
              "v": ("variable", "constant"), "c": ("impl",)}
LANGS = {"c": (("c", "h"), C_KINDS, ("--languages=C", "--map-C=+.h")),
         "rust": (("rs",), RUST_KINDS, ("--languages=Rust",))}


def list_files(root: Path, subsets: list[str], exts: tuple[str, ...]) -> list[str]:
    out = []
    for sub in subsets or ["."]:
        for dirpath, dirnames, names in os.walk(root / sub):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(names):
                if name.rsplit(".", 1)[-1] in exts:
                    p = Path(dirpath) / name
                    if p.is_file() and not p.is_symlink():
                        out.append(str(p.relative_to(root)))
    return out


def _extract_chunk(args: tuple[str, str, list[str]]) -> list[tuple[str, bool, list[tuple]] | tuple[str, str]]:
    os.nice(19)
    from contexteer.indexers import languages
    from contexteer.indexers.extract import extract

    root, lang, paths = args
    spec = languages.BY_NAME[lang]
    out: list = []
    for rel in paths:
        data = (Path(root) / rel).read_bytes()
        if len(data) > 1024 * 1024:
            out.append((rel, "too large"))
            continue
        try:
            res = extract(data, spec, 20.0)
        except Exception as exc:  # noqa: BLE001 - reported as a miss of the whole file
            out.append((rel, f"{type(exc).__name__}: {exc}"))
            continue
        out.append((rel, res.has_errors, [(s[0], s[2], s[3], s[4], s[5]) for s in res.symbols]))
    return out


def _use_code(code: str | None) -> None:
    if code:
        sys.path.insert(0, code)


def ours(root: Path, lang: str, files: list[str], workers: int, code: str | None = None) -> tuple[dict, float]:
    """Our definitions per file; `code`: a directory holding another revision's `contexteer` package to run instead."""
    chunks = [(str(root), lang, files[i : i + 40]) for i in range(0, len(files), 40)]
    t = time.perf_counter()
    result: dict[str, tuple] = {}
    with multiprocessing.get_context("spawn").Pool(workers, initializer=_use_code, initargs=(code,)) as pool:
        for part in pool.imap_unordered(_extract_chunk, chunks):
            for row in part:
                result[row[0]] = row[1:]
    return result, time.perf_counter() - t


def ctags(root: Path, lang: str, files: list[str]) -> tuple[list[dict], float]:
    _exts, _kinds, opts = LANGS[lang]
    t = time.perf_counter()
    proc = subprocess.run(["nice", "-n", "19", "ctags", *opts, "--kinds-C=+p" if lang == "c" else "--kinds-Rust=*",
                           "--fields=+neKzs", "--output-format=json", "-f", "-", "-L", "-"],
                          input="\n".join(files), cwd=root, capture_output=True, text=True, check=True)
    tags = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return [t_ for t_ in tags if t_.get("_type") == "tag"], time.perf_counter() - t


_RUST_ITEM = re.compile(r"^[ \t]*(?:pub(?:\([^)\n]*\))?[ \t]+)?(?:(?:const|async|unsafe|default|extern[ \t]+\"[^\"\n]*\")[ \t]+)*"
                        r"(fn|struct|enum|trait|union|type|mod)[ \t]+([A-Za-z_]\w*)", re.M)
MACRO_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
_MACRO_LIKE = re.compile(r"^[A-Z][A-Z0-9_]+$|^[A-Z][A-Z0-9]+_\w*$")  # upper case, or an upper-case prefix: GTEST_DECLARE_bool_
_GREP_KINDS = {"fn": "f", "struct": "s", "enum": "g", "trait": "i", "union": "s", "type": "t", "mod": "n"}


def grep_items(root: Path, files: list[str]) -> list[dict]:
    """Rust items by a line regex (`pub fn x`, `struct Y`...), wherever they stand, macro bodies included: the
    reference for what ctags does not see (ctags skips macro invocations too). Kinds as ctags letters."""
    tags = []
    for rel in files:
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for m in _RUST_ITEM.finditer(text):
            tags.append({"path": rel, "name": m.group(2), "line": text.count("\n", 0, m.start(1)) + 1,
                         "kind": _GREP_KINDS[m.group(1)]})
    return tags


def attributes_outside(root: Path, found: dict) -> tuple[int, int]:
    """Rust definitions carrying `#[...]` attributes: how many ranges leave the attribute line right above them
    out, of how many (the attribute either right above the range or on its first line)."""
    outside = total = 0
    for rel, row in found.items():
        if not isinstance(row[0], bool):
            continue
        lines = (root / rel).read_text(encoding="utf-8", errors="replace").splitlines()
        for _name, _kind, start, _end, _sig in row[1]:
            above = lines[start - 2].lstrip() if start >= 2 else ""
            first = lines[start - 1].lstrip() if start >= 1 else ""
            if above.startswith("#[") or first.startswith("#["):
                total += 1
                outside += above.startswith("#[")
    return outside, total


def _is_annotation(name: str) -> bool:
    from contexteer.indexers import c_prep, languages

    return c_prep.is_attribute_macro(name) or bool(languages.MACRO_NAME_RE.fullmatch(name))


def compare(lang: str, found: dict, tags: list[dict]) -> dict:
    kinds = LANGS[lang][1]
    by_file: dict[str, dict[str, list[tuple]]] = {}
    for rel, row in found.items():
        if isinstance(row[0], bool):
            names: dict[str, list[tuple]] = {}
            for s in row[1]:
                names.setdefault(s[0], []).append(s)
            by_file[rel] = names
    per_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])  # total, found, line inside
    misses: dict[str, list[str]] = collections.defaultdict(list)
    by_macro = 0
    hits: set[tuple] = set()
    for tag in tags:
        letter = _letter(tag)
        if letter not in kinds or tag["name"].startswith("__anon") or tag["path"] not in by_file:
            continue  # ctags' names for anonymous types; files we do not parse (too large: reported apart)
        if lang == "c" and _is_annotation(tag["name"]):
            continue  # ctags took an annotation macro for a name (`struct x y ____cacheline_aligned;`)
        ok_kinds = kinds[letter]
        cand = [s for s in by_file[tag["path"]].get(tag["name"], []) if s[1] in ok_kinds]
        if not cand and letter == "f" and MACRO_NAME.match(tag["name"]):
            # `BPF_CALL_2(bpf_map_lookup_elem, ...) {`: ctags names it after the macro, we after its first argument
            line = tag.get("line", 0)
            cand = [s for syms in by_file[tag["path"]].values() for s in syms if s[1] in ok_kinds and s[2] == line]
            by_macro += bool(cand)
        stat = per_kind[letter]
        stat[0] += 1
        if cand:
            stat[1] += 1
            hits.add((tag["path"], tag.get("line"), tag["name"], letter))
            if any(s[2] <= tag.get("line", 0) <= s[3] for s in cand):
                stat[2] += 1
        else:
            misses[letter].append(f"{tag['path']}:{tag.get('line')} {tag['name']}")
    errors = sum(1 for r in found.values() if r[0] is True)
    return {"per_kind": dict(per_kind), "misses": dict(misses), "by_macro": by_macro, "errors": errors, "hits": hits}


def _letter(tag: dict) -> str:
    kind = tag.get("kind", "")
    return {"function": "f", "prototype": "p", "struct": "s", "union": "u", "enum": "g", "typedef": "t", "macro": "d",
            "enumerator": "e", "member": "m", "variable": "v", "externvar": "x", "method": "P", "interface": "i",
            "implementation": "c", "typedef_alias": "t", "module": "n", "field": "m", "enumerator_alias": "e",
            "variant": "e", "typedef-alias": "t", "macro_definition": "M", "macroDefinition": "M"}.get(kind, kind)


def error_dirs(found: dict, depth: int = 2) -> list[tuple[str, int, int]]:
    tally: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0])
    for rel, row in found.items():
        d = "/".join(rel.split("/")[:-1][:depth]) or "."  # directories, never a file
        tally[d][0] += 1
        tally[d][1] += bool(row[0] is True)
    return sorted(((d, n, e) for d, (n, e) in tally.items()), key=lambda x: -x[2])


def run(lang: str, root: Path, subsets: list[str], workers: int, sample: int, every: int = 1,
        before: str | None = None) -> list[str]:
    files = list_files(root, subsets, LANGS[lang][0])[::every]
    found, ours_s = ours(root, lang, files, workers)
    tags, ctags_s = ctags(root, lang, files)
    cmp = compare(lang, found, tags)
    old_found, before_s = ours(root, lang, files, workers, before) if before else (None, 0.0)
    old = compare(lang, old_found, tags) if old_found is not None else None
    grepped = grep_items(root, files) if lang == "rust" else []
    grep = compare(lang, found, grepped) if lang == "rust" else None
    old_grep = compare(lang, old_found, grepped) if lang == "rust" and old_found is not None else None
    errors = sum(1 for r in found.values() if r[0] is True)
    failed = [(rel, r[0]) for rel, r in found.items() if isinstance(r[0], str)]
    label = f"{root.name}" + (f" ({', '.join(subsets)})" if subsets else "") + (f", every {every}th file" if every > 1 else "")
    lines = [f"### {lang}: {label}", "",
             f"{len(files)} files; ours {ours_s:.1f} s ({workers} processes)"
             + (f", the revision before {before_s:.1f} s ({ours_s / max(before_s, 1e-9):.2f}x)" if before else "")
             + f", ctags {ctags_s:.1f} s (1 process).",
             f"Files with syntax errors: **{errors} of {len(files)} ({100 * errors / max(1, len(files)):.1f}%)**"
             + (f" (before: {old['errors']}, {100 * old['errors'] / max(1, len(files)):.1f}%)" if old else "")
             + f"; not extracted: {len(failed)}.", "",
             "| ctags kind | ctags definitions | " + ("before: found, recall | " if old else "")
             + "found by us | recall | our range holds ctags' line |", "|---|---|" + ("---|" if old else "") + "---|---|---|"]
    for letter, (total, hit, inside) in sorted(cmp["per_kind"].items(), key=lambda kv: -kv[1][0]):
        was = ""
        if old:
            o = old["per_kind"].get(letter, [0, 0, 0])[1]
            was = f"{o}, {100 * o / total:.2f}% | "
        lines.append(f"| {letter} ({'/'.join(LANGS[lang][1][letter])}) | {total} | {was}{hit} | "
                     f"**{100 * hit / total:.2f}%** | {100 * inside / max(1, hit):.1f}% |")
    if old:
        lost = sorted(old["hits"] - cmp["hits"])
        lines.append(f"\nFound by the revision before and not now: {len(lost)}"
                     + (": " + "; ".join(f"`{p}:{n} {name}` ({k})" for p, n, name, k in lost[:sample]) if lost and sample else "."))
    if cmp["by_macro"]:
        lines.append(f"\n{cmp['by_macro']} of the functions found are defined through a macro (`BPF_CALL_2(name, ...) {{`): "
                     "ctags names them after the macro, we after the function (same file and line).")
    lines.append("")
    if lang == "rust":
        out_now, tot_now = attributes_outside(root, found)
        text = f"Definitions with `#[...]` attributes whose range leaves them out: **{out_now} of {tot_now}**"
        if old_found is not None:
            out_old, tot_old = attributes_outside(root, old_found)
            text += f" (before: {out_old} of {tot_old}, {100 * out_old / max(1, tot_old):.0f}%)"
        lines += [text + ".", ""]
    if grep is not None:
        lines += ["Against a line regex for items (`pub fn x`, `struct Y`... wherever they stand, macro bodies included, "
                  "which ctags skips):", "", "| item | grep | " + ("before: found, recall | " if old_grep else "")
                  + "found by us | recall |", "|---|---|" + ("---|" if old_grep else "") + "---|---|"]
        for letter, (total, hit, _inside) in sorted(grep["per_kind"].items(), key=lambda kv: -kv[1][0]):
            was = ""
            if old_grep:
                o = old_grep["per_kind"].get(letter, [0, 0, 0])[1]
                was = f"{o}, {100 * o / total:.2f}% | "
            lines.append(f"| {letter} | {total} | {was}{hit} | **{100 * hit / total:.2f}%** |")
        lines.append("")
        for letter, missed in sorted(grep["misses"].items(), key=lambda kv: -len(kv[1])):
            if sample:
                lines.append(f"Missed (grep) `{letter}` ({len(missed)}), first {min(sample, len(missed))}: "
                             + "; ".join(f"`{m}`" for m in missed[:sample]))
        lines.append("")
    worst = [f"{d} {e}/{n}" for d, n, e in error_dirs(found)[:8] if e]
    if worst:
        lines += ["Most files with syntax errors: " + ", ".join(worst), ""]
    for letter, missed in sorted(cmp["misses"].items(), key=lambda kv: -len(kv[1])):
        if sample:
            lines.append(f"Missed `{letter}` ({len(missed)}), first {min(sample, len(missed))}: "
                         + "; ".join(f"`{m}`" for m in missed[:sample]))
    if failed:
        lines.append(f"Not extracted, left out of the comparison ({len(failed)}): "
                     + "; ".join(f"`{rel}` ({why})" for rel, why in failed[: max(sample, 3)]))
    lines.append("")
    return lines


# ----- the languages of issue 13, item 8 ------------------------------------------------------------------------
# ctags kind (full name) -> our kinds that count; structural kinds are the ones the recall target applies to
MORE_KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "kotlin": {"class": ("class", "interface", "enum"), "interface": ("interface",), "object": ("class",),
               "method": ("function", "method"), "typealias": ("type",), "constant": ("constant", "variable", "field"),
               "variable": ("variable", "field", "constant")},
    "lua": {"function": ("function", "method")},
    "elixir": {"module": ("module",), "function": ("function", "method"), "macro": ("function", "method"),
               "protocol": ("interface",), "implementation": ("impl",), "type": ("type",), "callback": ("function", "method"),
               "delegate": ("function", "method"), "guard": ("function", "method")},
    "haskell": {"module": ("module",), "type": ("type",), "constructor": ("constant",),
                "function": ("function", "method", "field")},  # ctags: record fields are functions (they are)
    "html": {"heading1": ("heading",), "heading2": ("heading",), "heading3": ("heading",), "id": ("field",),
             "anchor": ("field",)},
    "css": {"class": ("class",), "id": ("class",), "selector": ("class",)},
    "scss": {"class": ("class",), "id": ("class",), "placeholder": ("class",), "mixin": ("function",),
             "function": ("function",), "variable": ("variable", "field")},
    "swift": {"class": ("class",), "struct": ("struct",), "enum": ("enum",), "protocol": ("interface",), "actor": ("class",),
              "func": ("function", "method"), "init": ("function", "method"), "typealias": ("type",)},
    "scala": {"class": ("class",), "object": ("module",), "trait": ("trait",), "def": ("function", "method"),
              "type": ("type",), "enum": ("enum",)},
    "zig": {"fn": ("function", "method"), "struct": ("struct",), "enum": ("enum",), "union": ("struct",),
            "opaque": ("struct",)},
}
# C++ (`--lang cpp=DIRS`), like C_KINDS: ctags has no method kind (a method is a `function` or, declared in its class,
# a `prototype`; data members are `member`); `using X = Y;` is a `typedef`; we index no namespaces (they do not
# qualify names), so `namespace` and namespace `alias` are reported but not structural
MORE_KINDS["cpp"] = {
    "class": ("class", "struct"), "struct": ("struct", "class"), "union": ("struct",), "enum": ("enum",),
    "function": ("function", "method"), "prototype": ("function", "method"), "member": ("field", "method", "variable"),
    "typedef": ("type", "struct", "enum", "class"), "enumerator": ("constant",), "macro": ("constant", "function"),
    "variable": ("variable", "constant"), "externvar": ("variable",), "namespace": ("module",), "alias": ("module", "type")}
NOT_STRUCTURAL = {"kotlin": {"constant", "variable"}, "scss": {"variable"}, "html": {"id", "anchor"},
                  "cpp": {"namespace", "alias"}}
MORE_EXTS = {"kotlin": ("kt", "kts"), "lua": ("lua",), "elixir": ("ex", "exs"), "haskell": ("hs",), "html": ("html", "htm"),
             "css": ("css",), "scss": ("scss",), "swift": ("swift",), "scala": ("scala",), "zig": ("zig",)}
CTAGS_NAME = {"kotlin": "Kotlin", "lua": "Lua", "elixir": "Elixir", "haskell": "Haskell", "html": "HTML", "css": "CSS",
              "scss": "SCSS", "cpp": "C++"}
# ctags reads every listed file as C++ (our `.h` files of C++ and `.ipp`/`.tpp` included); prototypes, extern variables
# and namespace aliases on top of the default kinds (all kinds would add locals and parameters)
CTAGS_OPTS = {"cpp": ("--language-force=C++", "--kinds-C++=+pxA")}
_MODS = r"(?:(?:public|private|fileprivate|internal|open|final|static|override|mutating|nonmutating|convenience|required|" \
        r"dynamic|lazy|weak|unowned|indirect|nonisolated|optional|prefix|postfix|infix|package|class|@\w+(?:\([^)\n]*\))?)\s+)*"
DECL_RE = {
    "swift": re.compile(r"^[ \t]*" + _MODS + r"(class|struct|enum|protocol|actor|func|typealias|init)\b[ \t]*"
                        r"([A-Za-z_]\w*|`[^`]+`|[^\s\w(<]+)?", re.M),
    "scala": re.compile(r"^[ \t]*(?:(?:private|protected)(?:\[[\w.]+\])?[ \t]+|(?:override|final|abstract|sealed|implicit|lazy|"
                        r"case|inline|transparent|open|@\w+(?:\([^)\n]*\))?)[ \t]+)*(class|object|trait|def|type|enum)[ \t]+"
                        r"([A-Za-z_$][\w$]*(?:[!#%&*+\-/<=>?@\\^|~]+)?|`[^`]+`|[^\s\w(\[:]+)", re.M),
    "zig": re.compile(r"^[ \t]*(?:pub[ \t]+)?(?:(?:export|inline|noinline|extern(?:[ \t]+\"\w+\")?)[ \t]+)*(fn)[ \t]+([A-Za-z_]\w*)"
                      r"|^[ \t]*(?:pub[ \t]+)?const[ \t]+([A-Za-z_]\w*)[ \t]*=[ \t]*(?:extern[ \t]+|packed[ \t]+)?(struct|enum|union|opaque)\b",
                      re.M),
}


def decl_tags(lang: str, root: Path, files: list[str]) -> list[dict]:
    """Declarations by the language's line regex (where ctags has no parser), as ctags-like tags."""
    tags = []
    for rel in files:
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for m in DECL_RE[lang].finditer(text):
            if lang == "zig":
                kind, name = ("fn", m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            else:
                kind, name = m.group(1), m.group(2) or m.group(1)
            if lang == "swift" and kind == "init":
                name = "init"
            tags.append({"path": rel, "name": name.strip("`"), "line": text.count("\n", 0, m.start()) + 1, "kind": kind})
    return tags


def ctags_more(lang: str, root: Path, files: list[str]) -> tuple[list[dict], float]:
    t = time.perf_counter()
    opts = CTAGS_OPTS.get(lang, (f"--languages={CTAGS_NAME[lang]}", f"--kinds-{CTAGS_NAME[lang]}=*"))
    proc = subprocess.run(["nice", "-n", "19", "ctags", *opts, "--fields=+nKz", "--output-format=json", "-f", "-", "-L", "-"],
                          input="\n".join(files), cwd=root, capture_output=True, text=True, check=True)
    tags = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    return [t_ for t_ in tags if t_.get("_type") == "tag"], time.perf_counter() - t


def _norm(lang: str, name: str) -> str:
    if lang in ("html", "css"):
        return " ".join(name.split())
    if lang == "scss":
        return " ".join(name.split()).removeprefix("$")
    if lang == "lua":  # ctags: `M.run`, `M:stop`; ours: run qualified by M
        return re.split(r"[.:]", name)[-1]
    if lang in ("swift", "scala"):  # a raw identifier (`emit: no payload`) as the regex reports it
        return name.strip("`")
    if lang == "elixir":  # ctags: `defmodule EEx.SmartEngine` is SmartEngine; ours the whole alias
        return name.rsplit(".", 1)[-1]
    if lang == "cpp":  # ctags: `operator ==`, `operator const T &`; ours as written (`operator==`)
        return "".join(name.split())
    return name


def cpp_files(root: Path) -> tuple[list[str], list[str], int]:
    """The files under `root` the indexer parses as C++, exactly as build.parse_file picks the language: by extension
    (languages.language_for_path), and a `.h` file (C by its name) whose text is C++ (languages.cpp_header). Also the
    `.h` files read as C and the number of files without an extension (never C++: no shebang names C++)."""
    from contexteer.indexers import languages

    files, as_c, bare = [], [], 0
    for dirpath, dirnames, names in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(names):
            p = Path(dirpath) / name
            if not p.is_file() or p.is_symlink():
                continue
            rel = str(p.relative_to(root))
            spec = languages.language_for_path(rel)
            if spec is None:
                bare += not languages.has_extension(rel)
            elif spec.name == "cpp":
                files.append(rel)
            elif spec.name == "c" and rel.endswith(".h"):
                (files if languages.cpp_header(rel, p.read_bytes()) else as_c).append(rel)
    return files, as_c, bare


_HEREDOC = re.compile(r'"""|\'\'\'')


def heredoc_lines(text: str) -> set[int]:
    """The 1-based lines inside Elixir heredocs (`@doc \"\"\"` ... `\"\"\"`): ctags reads the code examples of the
    documentation as code."""
    inside: set[int] = set()
    open_ = False
    for no, line in enumerate(text.splitlines(), 1):
        marks = len(_HEREDOC.findall(line))
        if open_:
            inside.add(no)
        if marks % 2:
            open_ = not open_
    return inside


def compare_more(lang: str, found: dict, tags: list[dict]) -> dict:
    kinds = MORE_KINDS[lang]
    by_file: dict[str, dict[str, list[tuple]]] = {}
    for rel, row in found.items():
        if isinstance(row[0], bool):
            names: dict[str, list[tuple]] = {}
            for sym in row[1]:
                names.setdefault(_norm(lang, sym[0]), []).append(sym)
            by_file[rel] = names
    per_kind: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0])
    misses: dict[str, list[str]] = collections.defaultdict(list)
    hits: set[str] = set()
    left_out = by_macro = 0
    for tag in tags:
        kind = tag.get("kind", "")
        if kind not in kinds or tag["path"] not in by_file:
            continue
        if lang != "cpp" and not _plausible(lang, tag):
            left_out += 1
            continue
        name = _norm(lang, tag["name"])
        cand = [x for x in by_file[tag["path"]].get(name, []) if x[1] in kinds[kind]]
        if not cand and lang == "cpp" and not _plausible(lang, tag):
            left_out += 1  # C++: a tag we have anyway counts, whatever ctags read
            continue
        if not cand and lang == "cpp" and kind in ("function", "prototype") and MACRO_NAME.match(name):
            # `TEST_F(FooTest, Bar) {`: ctags names it after the macro; a function of ours at its line counts
            cand = [x for syms in by_file[tag["path"]].values() for x in syms
                    if x[1] in kinds[kind] and x[2] == tag.get("line")]
            by_macro += bool(cand)
        if not cand and lang == "haskell" and kind == "module":  # ctags names `module Data.STRef` Data
            cand = [x for syms in by_file[tag["path"]].values() for x in syms
                    if x[1] == "module" and x[0].split(".")[0] == name and x[2] == tag.get("line")]
        if not cand and lang in ("css", "scss"):  # ctags tags each class of a selector; we index the rule
            cand = _rule_holding(by_file[tag["path"]], tag, kinds[kind])
        stat = per_kind[kind]
        stat[0] += 1
        if cand:
            stat[1] += 1
            stat[2] += any(x[2] <= tag.get("line", 0) <= x[3] for x in cand)
            hits.add(f"{tag['path']}:{tag.get('line')} {tag['name']} ({kind})")
        else:
            misses[kind].append(f"{tag['path']}:{tag.get('line')} {tag['name']}")
    return {"per_kind": dict(per_kind), "misses": dict(misses), "left_out": left_out, "by_macro": by_macro, "hits": hits}


def _rule_holding(names: dict[str, list[tuple]], tag: dict, kinds: tuple[str, ...]) -> list[tuple]:
    """The CSS/SCSS rules whose range holds a ctags class/id/placeholder tag's line and whose selector names it as
    a component (`> .accordion-collapse,` in our `> .accordion-collapse, > .accordion-header` rule; `&.active`
    for `.active`)."""
    glued = tag["name"][:1] in ".#%"  # `.btn.active` names .active too
    word = re.compile(("" if glued else r"(?<![\w-])") + re.escape(tag["name"]) + r"(?![\w-])")
    line = tag.get("line", 0)
    return [x for syms in names.values() for x in syms
            if x[1] in kinds and x[2] <= line <= x[3] and word.search(x[0])]


def _plausible(lang: str, tag: dict) -> bool:
    """Whether a ctags tag names a definition at all: Kotlin ctags takes lambda parameters for methods; Lua ctags takes any `x = ...` on a line holding `function`
    (`b = join(w, function () ... end)`, `c.width = type(v) == "function"`) and computed names (`t["get_"..p]`); C++
    ctags takes macro calls for prototypes (asked only of the tags we do not have, see compare_more)."""
    if lang == "kotlin":  # ctags takes lambda parameters (`{ i -> ...`) for methods and names unnamed companions
        pattern, name = tag.get("pattern", ""), re.escape(tag["name"])
        if tag["kind"] == "method":
            return bool(re.search(r"\bfun\b[^(]*\b" + name + r"\s*[(<]", pattern))
        return tag["name"] != "Companion"
    if lang in ("css", "scss") and tag["kind"] in ("class", "id"):  # ctags takes `.5` in `rgba(0, 0, 0, .5)`
        return bool(re.match(r"[.#][A-Za-z_-]", tag["name"]))
    if lang == "haskell":  # ctags takes keywords for names: `class (Functor t) => ...`, `infixl 6 <+>`
        return tag["name"] not in ("class", "infix", "infixl", "infixr", "instance", "data", "type", "deriving", "newtype")
    if lang == "cpp":  # ctags' names for anonymous types (as in C), and
        name, pattern = tag["name"], tag.get("pattern", "")
        if name.startswith("__anon"):
            return False
        if tag["kind"] == "externvar" and re.search(r"\bextern\s+template\b", pattern):
            return False  # `extern template class opt<bool>;`: an explicit instantiation declaration
        word = re.escape(name)
        if tag["kind"] == "member" and re.search(r"\btypename\s[^;]*::\s*" + word + r"\s*;", pattern):
            return False  # a C++20 type requirement, `requires { typename _Tp::value_type; }`
        if tag["kind"] == "prototype" and re.search(r"\b" + word + r"\s*\(\s*[\w:<>, ]*::\*", pattern):
            return False  # a pointer to member function, `Error (Parser::*routine)(AttrType);`, named after its type
        # a macro call (`TYPED_TEST_SUITE(Foo, Types);`, `static_assert(GMOCK_PP_NARG(x) == 1, "")`, an enumerator
        # `COMPUTE_PGM_RSRC1(PRIV, 20, 1),`) that ctags reads as a prototype or an enumerator named after the macro
        return not (tag["kind"] in ("prototype", "enumerator") and _MACRO_LIKE.match(name)
                    and re.search(r"\b" + word + r"\s*\(", pattern))
    if lang == "lua":
        pattern = tag.get("pattern", "")
        name = tag["name"]
        return "[" not in name and bool(re.search(r"(^|[^\w.:])(function\s+" + re.escape(name) + r"\b|"
                                                    + re.escape(name) + r"\s*=\s*function\b)", pattern))
    return True


def run_more(lang: str, roots: list[Path], workers: int, sample: int, before: str | None = None) -> list[str]:
    baseline = "ctags" if lang in CTAGS_NAME else "a line regex of its declarations"
    lines = [f"### {lang}: {', '.join(r.name for r in roots)}", ""]
    total_files = 0
    found_all: dict[str, tuple] = {}
    old_all: dict[str, tuple] = {}
    tags_all: list[dict] = []
    ours_s = base_s = before_s = 0.0
    doc_tags = bare = 0
    as_c: list[str] = []
    for root in roots:
        if lang == "cpp":
            files, c_headers, no_ext = cpp_files(root)
            as_c += [root.name + "/" + rel for rel in c_headers]
            bare += no_ext
        else:
            files = list_files(root, [], MORE_EXTS[lang])
        total_files += len(files)
        found, secs = ours(root, lang, files, workers)
        ours_s += secs
        if before:
            old, secs = ours(root, lang, files, workers, before)
            before_s += secs
            old_all.update({root.name + "/" + rel: row for rel, row in old.items()})
        t = time.perf_counter()
        tags = ctags_more(lang, root, files)[0] if lang in CTAGS_NAME else decl_tags(lang, root, files)
        if lang == "elixir":
            docs = {rel: heredoc_lines((root / rel).read_text(encoding="utf-8", errors="replace")) for rel in files}
            in_docs = [tag for tag in tags if tag.get("line") in docs.get(tag["path"], ())]
            doc_tags += len(in_docs)
            tags = [tag for tag in tags if tag.get("line") not in docs.get(tag["path"], ())]
        base_s += time.perf_counter() - t
        prefix = root.name + "/"
        found_all.update({prefix + rel: row for rel, row in found.items()})
        tags_all += [{**tag, "path": prefix + tag["path"]} for tag in tags]
    cmp = compare_more(lang, found_all, tags_all)
    old_cmp = compare_more(lang, old_all, tags_all) if before else None
    errors = sum(1 for r in found_all.values() if r[0] is True)
    old_errors = sum(1 for r in old_all.values() if r[0] is True)
    failed = [(rel, r[0]) for rel, r in found_all.items() if isinstance(r[0], str)]
    lines += [f"{total_files} files; ours {ours_s:.1f} s ({workers} processes)"
              + (f", the revision before {before_s:.1f} s" if before else "") + f", {baseline} {base_s:.1f} s.",
              f"Files with syntax errors: **{errors} of {total_files} ({100 * errors / max(1, total_files):.1f}%)**"
              + (f" (before: {old_errors}, {100 * old_errors / max(1, total_files):.1f}%)" if before else "")
              + f"; not extracted: {len(failed)}."]
    if len(roots) > 1:
        per_root = [(r.name, sum(1 for rel in found_all if rel.startswith(r.name + "/")),
                     sum(1 for rel, row in found_all.items() if rel.startswith(r.name + "/") and row[0] is True)) for r in roots]
        lines.append("Per directory: " + ", ".join(f"{name} {e} of {n}" for name, n, e in per_root) + ".")
    lines += ["", f"| {baseline} kind | definitions | " + ("before: found, recall | " if old_cmp else "")
              + "found by us | recall | our range holds its line |", "|---|---|" + ("---|" if old_cmp else "") + "---|---|---|"]
    structural = [0, 0, 0]
    for kind, (total, hit, inside) in sorted(cmp["per_kind"].items(), key=lambda kv: -kv[1][0]):
        mark = "" if kind in NOT_STRUCTURAL.get(lang, ()) else " *"
        was = ""
        if old_cmp:
            o = old_cmp["per_kind"].get(kind, [0, 0, 0])[1]
            was = f"{o}, {100 * o / total:.2f}% | "
        if mark:
            structural[0] += total
            structural[1] += hit
            structural[2] += old_cmp["per_kind"].get(kind, [0, 0, 0])[1] if old_cmp else 0
        lines.append(f"| {kind}{mark} ({'/'.join(MORE_KINDS[lang][kind])}) | {total} | {was}{hit} | **{100 * hit / total:.2f}%** | "
                     f"{100 * inside / max(1, hit):.1f}% |")
    lines += ["", f"Structural kinds (*): **{100 * structural[1] / max(1, structural[0]):.2f}%** of {structural[0]}"
              + (f" (before: {100 * structural[2] / max(1, structural[0]):.2f}%)" if old_cmp else "") + "."
              + (f" Left out: {cmp['left_out']} ctags tags that name no definition (see `_plausible`)." if cmp["left_out"] else "")
              + (f" Left out: {doc_tags} ctags tags inside documentation heredocs (code examples)." if doc_tags else "")
              + (f" {cmp['by_macro']} of the functions found are defined through a macro (`TEST_F(Suite, Name) {{`): ctags "
                 "names them after the macro, we after the test (same file and line)." if cmp["by_macro"] else ""), ""]
    if old_cmp:
        lost = sorted(old_cmp["hits"] - cmp["hits"])
        lines += [f"Found by the revision before and not now: {len(lost)}"
                  + (": " + "; ".join(f"`{m}`" for m in lost[:sample]) if lost and sample else "."), ""]
    if lang == "cpp":
        lines += [f"Not measured: {len(as_c)} `.h` files the indexer reads as C (languages.cpp_header finds no C++ line"
                  + (": " + ", ".join(f"`{rel}`" for rel in as_c[:sample]) if as_c and sample else "")
                  + f"); {bare} files without an extension (not indexed: no C++ extension, no shebang).", ""]
    worst = [f"{d} {e}/{n}" for d, n, e in error_dirs(found_all, 3)[:6] if e]
    if worst:
        lines += ["Most files with syntax errors: " + ", ".join(worst), ""]
    for kind, missed in sorted(cmp["misses"].items(), key=lambda kv: -len(kv[1])):
        if sample:
            lines.append(f"Missed `{kind}` ({len(missed)}), first {min(sample, len(missed))}: "
                         + "; ".join(f"`{m}`" for m in missed[:sample]))
    if failed:
        lines.append(f"Not extracted ({len(failed)}): " + "; ".join(f"`{rel}` ({why})" for rel, why in failed[:3]))
    lines.append("")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--c", type=Path, help="a C tree (the Linux kernel source)")
    ap.add_argument("--subset", nargs="*", default=[], help="directories of the C tree to measure (default: all)")
    ap.add_argument("--rust", type=Path, nargs="*", default=[], help="Rust crate directories")
    ap.add_argument("--every", type=int, default=1, help="measure every Nth C file only (in path order)")
    ap.add_argument("--before", help="a directory holding another revision's contexteer package (`git archive REV "
                    "contexteer | tar -x -C DIR`), measured on the same files for a before/after column")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--sample", type=int, default=12, help="misses shown per kind")
    ap.add_argument("--lang", action="append", default=[], metavar="NAME=DIR[,DIR...]",
                    help="one of the languages of issue 13 on these directories (repeatable)")
    ap.add_argument("--out", type=Path, help="write the markdown section here too")
    ap.add_argument("--append", action="store_true", help="append to --out instead of replacing it")
    args = ap.parse_args()
    out = [f"Command: `.venv/bin/python bench/languages.py {' '.join(sys.argv[1:])}` · load average at start: "
           + ", ".join(f"{x:.1f}" for x in os.getloadavg()), ""]
    if args.c:
        out += run("c", args.c, args.subset, args.workers, args.sample, args.every, args.before)
    for crate in args.rust:
        out += run("rust", crate, [], args.workers, args.sample, before=args.before)
    for spec in args.lang:
        name, _, dirs = spec.partition("=")
        if name not in MORE_KINDS:
            ap.error(f"--lang {name}: not one of {', '.join(sorted(MORE_KINDS))}")
        out += run_more(name, [Path(d) for d in dirs.split(",") if d], args.workers, args.sample, args.before)
    text = "\n".join(out)
    print(text)  # noqa: T201 - a benchmark's report
    if args.out and args.append:
        names = {spec.partition("=")[0] for spec in args.lang}
        title = "C++" if names == {"cpp"} else "the languages added with issue 13 (item 8)"
        with args.out.open("a", encoding="utf-8") as fh:
            fh.write(f"\n## Language fidelity: {title}\n\n" + text + "\n")
    elif args.out:
        args.out.write_text("## Language fidelity (issue 13)\n\n" + text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
