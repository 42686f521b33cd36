"""C/C++ text repairs before parsing: what a preprocessor would have removed or expanded, done in place.

tree-sitter parses C without a preprocessor. Systems code is written for one: the Linux kernel puts an
annotation macro in most declarations (`static __always_inline __alloc_size(1) void *kmalloc_noprof(...)`,
`void __iomem *base`, `struct x __rcu *p`), loops through macros (`list_for_each_entry(pos, head, member) {`),
passes types as macro arguments (`container_of(ptr, struct foo, member)`) and defines functions through macros
(`SYSCALL_DEFINE3(msync, unsigned long, start, ...) {`). Each of these is a syntax error that can swallow the
definitions after it. Every repair here keeps the file's length and line breaks (byte offsets and lines stay
those of the file), and leaves preprocessor lines alone (a `#define __init ...` keeps its name):

- known annotation macros are blanked with spaces, with their arguments when they take some (`ATTRIBUTE_WORDS`,
  `ATTRIBUTE_CALLS`, the file's own `#define x noinline`-style macros, and `index.c_attribute_macros`, see
  `configure`); an unknown `__name` between a declarator and `=`/`;` or between a return type and a function name;
- a loop macro (a name with `for_each`/`foreach`/`_walk`, `scoped_guard`) where a statement starts reads as `while`;
- `struct foo` as a macro argument (`, struct foo,`) loses its keyword: `foo` parses as an argument; `min_t(unsigned
  long, ...)` reads `unsigned_long`; GNU ranges `case 'a' ... 'z':` read `'a' | 'z'`;
- lines made of macros (c_lines): `DEFINE_MUTEX(lock);` declares lock, `SYSCALL_DEFINE3(msync, ...) {` defines msync
  (extract reads such signatures from the original text), initializer entries get their comma, lone macro lines
  and tracepoint bodies are blanked;
- a `/* comment */` inside a continued `#define` line is blanked (tree-sitter ends the directive at the comment,
  and what follows swallows the next definition);
- C++ only (`_cpp_macros`): export and annotation macros where the grammar expects a name (`class GTEST_API_ X {`,
  `GTEST_API_ T f();`, `LLVM_NODISCARD bool empty() const`, `f() const _GLIBCXX_NOEXCEPT`, `int n_ GUARDED_BY(mu);`,
  `namespace std _GLIBCXX_VISIBILITY(default) {`), and C++'s `...` packs are not GNU ranges.

`c_lines.blank_conditionals` is applied after a parse, around the syntax errors left (extract.parse_prepared).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable
from typing import Any

from contexteer.indexers.c_lines import line_macros
from contexteer.indexers.c_text import ARGS_RE as _ARGS_RE
from contexteer.indexers.c_text import IDENT_BYTES as _IDENT_BYTES
from contexteer.indexers.c_text import PARENS as _PARENS
from contexteer.indexers.c_text import SCALAR_RE as _SCALAR_RE
from contexteer.indexers.c_text import TYPE_WORDS as _TYPE_WORDS
from contexteer.indexers.c_text import blank as _blank
from contexteer.indexers.c_text import in_directive

logger = logging.getLogger(__name__)

# Annotation macros that stand alone (`__init`, `__user`): blanked unless followed by `(` (then they would be a call).
ATTRIBUTE_WORDS = (
    # placement in sections (kernel: include/linux/init.h, cache.h, compiler_types.h ...)
    "__init __exit __initdata __exitdata __initconst __exitconst __ro_after_init __read_mostly __refdata __refconst "
    "__ref __meminit __meminitdata __meminitconst __memexit __cpuinit __cpuinitdata __devinit __devinitdata __devexit "
    "__net_init __net_exit __net_initdata __net_initconst __init_or_module __initdata_or_module __initconst_or_module "
    "__init_memblock __initdata_memblock __sched __kprobes __irq_entry __softirq_entry __head __xipram __lockfunc "
    "__nosavedata __page_aligned_data __page_aligned_bss __bss_decrypted __tracepoint_string __exitused "
    "__init_or_acpilib __initdata_or_acpilib __initdata_or_meminfo __cpumask_var_read_mostly __init_thread_info "
    "__moduleparam_const __module_memory_align __jiffy_arch_data __percpu_seg_override __seg_fs __seg_gs "
    # sparse address spaces and checker annotations
    "__user __kernel __iomem __percpu __rcu __force __nocast __safe __private __bitwise __bitwise__ __data_racy "
    "__percpu_rel __refcount_check __acquire_ret __must_check __maybe_unused __always_unused __used __unused "
    # compiler attributes (include/linux/compiler_attributes.h and friends)
    "__always_inline __gnu_inline __inline_maybe_unused __async_inline __weak __visible __noreturn __cold __hot "
    "__pure __malloc __packed __packed2__ __aligned_largest __attribute_const__ __deprecated __flatten __naked "
    "__noinstr noinstr __noendbr __nocfi __noclone __noipa __noscs __noretpoline __noinitretpoline __nocf_check "
    "__no_kcsan __no_sanitize_address __no_sanitize_thread __no_sanitize_memory __no_sanitize_undefined "
    "__no_sanitize_coverage __no_kmsan_checks __no_profile __no_stack_protector __no_caller_saved_registers "
    "__disable_sanitizer_instrumentation __preserve_most __function_aligned __signed_wrap __overloadable __retain "
    "__uninitialized __latent_entropy __randomize_layout __no_randomize_layout __designated_init __nonstring "
    "__cacheline_aligned __cacheline_aligned_in_smp ____cacheline_aligned ____cacheline_aligned_in_smp "
    "____cacheline_internodealigned_in_smp ____dma_from_device_aligned __efiapi __long_aligned "
    "noinline noinline_for_stack notrace asmlinkage __bpf_kfunc __ksym __weak_ref "
    "__kptr __kptr_untrusted __percpu_kptr __arg_ctx __arg_nonnull __arg_trusted __arg_arena "
    "__success __failure __success_unpriv __failure_unpriv __auxiliary __auxiliary_unpriv __cpuidle "
    "__clobber_all __clobber_common __arena __noinline __kconfig __hidden "
    # Microsoft calling conventions (`extern "C" __declspec(dllimport) void __stdcall OutputDebugStringA(..)`)
    "__stdcall __cdecl __fastcall __thiscall __vectorcall "
    # glibc's own (__THROW, __wur, __nonnull, __attribute_*__ ...) are blanked by languages.blank_attribute_macros
).split()
# Annotation macros with arguments (`__aligned(8)`, `__printf(1, 2)`): blanked with their parenthesised arguments.
ATTRIBUTE_CALLS = (
    "__aligned __alloc_size __realloc_size __printf __scanf __section __acquires __releases __must_hold "
    "__cond_acquires __cond_releases __counted_by __counted_by_le __counted_by_be __assume_aligned __copy __alias "
    "__cleanup __free __mode __diagnose_as __compiletime_error __compiletime_warning __pass_object_size "
    "__pass_dynamic_object_size __attribute __errordecl __declspec __guarded_by __pt_guarded_by __noinstr_section "
    # BPF programs (tools/lib/bpf/bpf_helpers.h)
    "__imm __imm_const __imm_addr __imm_ptr __imm_insn "
    "SEC __contains __msg __msg_unpriv __description __retval __retval_unpriv __log_level __flag __btf_path __arch "
    "__caps_unpriv __regex __xlated __jited __auxiliary __auxiliary_unpriv __load_if_JITed __stderr __stdout"
).split()
_NAME_OK = re.compile(r"^[A-Za-z_]\w*(?:\(\))?$")

_words: frozenset[bytes] = frozenset()
_calls: frozenset[bytes] = frozenset()
_word_re: re.Pattern[bytes] = re.compile(rb"(?!)")
_other_words: tuple[bytes, ...] = ()
_configured: tuple[str, ...] | None = None


def _trie(words: Iterable[bytes]) -> bytes:
    """A regex matching exactly `words`, as a trie (`__a(?:ligned|lloc_size)`): a long alternation of literals
    is tried branch by branch at every candidate position; a trie decides on one character at a time."""
    root: dict[Any, Any] = {}
    for w in words:
        node = root
        for c in w:
            node = node.setdefault(c, {})
        node[None] = {}

    def emit(node: dict[Any, Any]) -> bytes:
        end = None in node
        branches = [re.escape(bytes([c])) + emit(child) for c, child in sorted((k, v) for k, v in node.items() if k is not None)]
        if not branches:
            return b""
        body = branches[0] if len(branches) == 1 else b"(?:" + b"|".join(branches) + b")"
        if end:
            return b"(?:" + body + b")?"
        return body

    return emit(root)


def configure(extra: Iterable[str] = ()) -> None:
    """Set the annotation macros blanked before parsing: the built-in lists plus `extra` (`NAME` stands alone,
    `NAME()` takes arguments), as in the setting index.c_attribute_macros."""
    global _words, _calls, _word_re, _other_words, _configured
    extra = tuple(extra)
    if extra == _configured:
        return
    bad = [n for n in extra if not _NAME_OK.match(n)]
    if bad:
        raise ValueError(f"not a macro name: {', '.join(map(repr, bad))} (write NAME, or NAME() for one taking arguments)")
    words = set(ATTRIBUTE_WORDS) | {n for n in extra if not n.endswith("()")}
    calls = set(ATTRIBUTE_CALLS) | {n[:-2] for n in extra if n.endswith("()")}
    _words = frozenset(w.encode() for w in words)
    _calls = frozenset(c.encode() for c in calls)
    both = _words | _calls
    # `__name`s behind a literal prefix (~15x faster than a pattern that may start anywhere); the few others are
    # searched for only in files that contain them
    _word_re = re.compile(rb"__" + _trie({w[2:] for w in both if w.startswith(b"__")}) + rb"(?![\w$])")
    _other_words = tuple(sorted(w for w in both if not w.startswith(b"__")))
    _configured = extra


configure()


# A file's own annotation macros: `#define check_canary_attributes noinline`, `#define __initmv __initdata`, or
# defined empty (`#define EXPORT`): object-like, with a body of known annotation macros only.
_LOCAL_DEFINE_RE = re.compile(rb"define[ \t]+([A-Za-z_]\w*)[ \t]+((?:__|noinline|notrace|inline)[^\n]*)$", re.M)
_ATTRIBUTE_SPEC_RE = re.compile(rb"__attribute__\s*" + _PARENS)
_INLINE_WORDS = frozenset(b"inline __inline __inline__".split())


def _local_attributes(data: bytes) -> frozenset[bytes]:
    good: set[bytes] = set()
    bad: set[bytes] = set()
    for m in _LOCAL_DEFINE_RE.finditer(data):
        name, body = m.group(1), m.group(2)
        if not in_directive(data, m.start()):
            continue
        if body.endswith(b"\\"):
            bad.add(name)
            continue
        body = _ATTRIBUTE_SPEC_RE.sub(b" ", re.sub(rb"/\*.*?\*/|//.*", b" ", body))
        words = re.findall(rb"[A-Za-z_]\w*|\S", body)
        ok = True
        i = 0
        while i < len(words) and ok:
            w = words[i]
            if w in _calls and i + 1 < len(words) and words[i + 1] == b"(":
                args = _ARGS_RE.match(body, body.find(w) + len(w))
                if args is None:
                    ok = False
                    break
                i += 1 + len(re.findall(rb"[A-Za-z_]\w*|\S", args.group()))
                continue
            ok = w in _words or w in _INLINE_WORDS
            i += 1
        (good if ok and name not in _words else bad).add(name)
    return frozenset(good - bad - {b"inline"})


# A file's own attribute macro taking arguments: `#define EV_CHECK_FMT(a,b) __attribute__((format(printf, a, b)))`
# (with an empty `#define EV_CHECK_FMT(a,b)` under another #if); libevent's log-internal.h wrote every prototype
# `void event_errx(int eval, const char *fmt, ...) EV_CHECK_FMT(2,3) EV_NORETURN;`, none of them indexed (run 489)
_LOCAL_CALL_DEFINE_RE = re.compile(rb"define[ \t]+([A-Za-z_]\w*)\([\w, \t.]*\)[ \t]*([^\n]*)$", re.M)


def _local_attribute_calls(data: bytes) -> list[bytes]:
    good: set[bytes] = set()
    bad: set[bytes] = set()
    for m in _LOCAL_CALL_DEFINE_RE.finditer(data):
        if not in_directive(data, m.start()):
            continue
        body = re.sub(rb"/\*.*?\*/|//.*", b"", m.group(2)).strip()
        if body and _ATTRIBUTE_SPEC_RE.fullmatch(body):
            good.add(m.group(1))
        elif body:
            bad.add(m.group(1))
    return sorted(good - bad)


def _blank_local_calls(data: bytes, names: list[bytes]) -> bytes:
    for name in names:
        out: list[bytes] = []
        last = 0
        for m in re.finditer(rb"(?<![\w$])" + re.escape(name) + rb"\s*(?=\()", data):
            args = _ARGS_RE.match(data, m.end())
            if args is None or m.start() < last or in_directive(data, m.start()):
                continue
            out += [data[last:m.start()], _blank(data[m.start():args.end()])]
            last = args.end()
        data = b"".join(out) + data[last:] if out else data
    return data


def _attributes(data: bytes) -> bytes:
    if b"__" in data:
        data = _blank_words(data, _word_re, _words)
    for group in _other_groups(_other_words):  # one pattern per 2-letter start: a literal prefix keeps each fast
        data = _blank_words(data, group, _words)
    if b"define" in data:
        local = _local_attributes(data)
        if local:
            data = _blank_words(data, _words_pattern(tuple(sorted(local))), local)
        calls = _local_attribute_calls(data) if b"__attribute__" in data else []
        if calls:
            data = _blank_local_calls(data, calls)
    return data


@functools.lru_cache(maxsize=8)
def _other_groups(words: tuple[bytes, ...]) -> tuple[re.Pattern[bytes], ...]:
    groups: dict[bytes, list[bytes]] = {}
    for w in words:
        groups.setdefault(w[:2], []).append(w)
    return tuple(_words_pattern(tuple(sorted(g))) for g in groups.values())


@functools.lru_cache(maxsize=256)
def _words_pattern(words: tuple[bytes, ...]) -> re.Pattern[bytes]:
    return re.compile(_trie(words) + rb"(?![\w$])")


def _blank_words(data: bytes, word_re: re.Pattern[bytes], words: frozenset[bytes]) -> bytes:
    out: list[bytes] = []
    last = 0
    for m in word_re.finditer(data):
        word = m.group()
        start, end = m.span()
        if start < last or (start and (data[start - 1] in _IDENT_BYTES)):
            continue  # inside a longer name (`x__init`)
        if word in _calls:
            args = _ARGS_RE.match(data, end)
            if args is not None:
                end = args.end()
            elif word not in _words:
                continue
        elif word in words:
            if data[end : end + 1] == b"(":
                continue  # a call of a function that happens to have the name
        else:
            continue
        if in_directive(data, start):
            continue
        out.append(data[last:start])
        out.append(_blank(data[start:end]))
        last = end
    if not out:
        return data
    out.append(data[last:])
    return b"".join(out)


# A loop macro and its arguments, followed by the statement it repeats (`{` or a name), not by `;` (a call).
# Searched by its distinctive part (a literal is ~10x faster to find than a name that may start anywhere).
_LOOP_ANCHORS = (b"for_each", b"foreach", b"FOR_EACH", b"_walk", b"do_each_", b"scoped_guard", b"scoped_cond_guard")
_STATEMENT_AHEAD_RE = re.compile(rb"\s*[{A-Za-z_]")


def _find_all(data: bytes, word: bytes) -> list[int]:
    out = []
    pos = data.find(word)
    while pos >= 0:
        out.append(pos)
        pos = data.find(word, pos + len(word))
    return out


def _statement_start(data: bytes, pos: int) -> bool:
    """Whether `pos` starts a statement: after `;`, `{`, `}`, `)` (`if (x) loop(...)`), `:` or `else`/`do`,
    comments and preprocessor lines in between skipped."""
    end = pos
    for _ in range(8):
        while end and data[end - 1] in b" \t\r\n":
            end -= 1
        if data[max(0, end - 2) : end] == b"*/":  # a block comment: look before it
            end = data.rfind(b"/*", 0, end - 2)
            if end < 0:
                return False
            continue
        line_start = data.rfind(b"\n", 0, end) + 1
        if data[line_start:end].lstrip()[:1] in (b"#", b"/"):  # a directive or `//` comment line: the line before
            end = line_start
            continue
        if end == 0 or data[end - 1 : end] in (b";", b"{", b"}", b")", b":"):
            return True
        return any(data[max(0, end - len(w)) : end] == w and (end == len(w) or data[end - len(w) - 1] not in _IDENT_BYTES)
                   for w in (b"else", b"do"))
    return False


# C only: an indented line that starts with a call followed by `{` on the same line (`with_intel_runtime_pm(rpm, wf) {`,
# `drm_exec_until_all_locked(&exec) {`) is a statement macro too: in C no definition is indented and no call is
# followed by a block.
_BLOCK_MACRO_RE = re.compile(rb"\n[ \t]+([a-z_][a-z0-9_]*)[ \t]*\((?=[^\n]*\)[ \t]*\{[ \t]*(?:/[/*][^\n]*)?\n)")
_NOT_MACROS = frozenset(b"if while for switch return sizeof do else case typeof __typeof__ _Generic defined".split())


def _loops(data: bytes, cpp: bool = False) -> bytes:
    out: bytearray | None = None
    last = 0
    n = len(data)
    hits = sorted((pos, pos + len(a)) for a in _LOOP_ANCHORS for pos in _find_all(data, a))
    if not cpp:
        hits = sorted(hits + [m.span(1) for m in _BLOCK_MACRO_RE.finditer(data) if m.group(1) not in _NOT_MACROS
                              and len(m.group(1)) >= 5])
    for start, end in hits:
        if start < last:
            continue
        while start and data[start - 1] in _IDENT_BYTES:
            start -= 1
        while end < n and data[end] in _IDENT_BYTES:
            end += 1
        last = end
        if end - start < 5 or data[start] in b"0123456789$" or data[max(0, start - 64):start].rstrip().endswith((b"::", b"->", b".")):
            continue  # a member or a qualified name (C++ `void backtracer::foreach_pop(..) {`): no loop macro
        args = _ARGS_RE.match(data, end)
        if args is None or not _STATEMENT_AHEAD_RE.match(data, args.end()) or not _statement_start(data, start) \
                or in_directive(data, start):
            continue  # a call, or the definition of a function with such a name (`int list_lru_walk(...) {`)
        if out is None:
            out = bytearray(data)
        out[start:end] = b"while" + b" " * (end - start - 5)
    return data if out is None else bytes(out)


# `struct foo` as a whole macro argument (`container_of(p, struct foo, member)`): not after sizeof/typeof/offsetof
# (valid C, where the keyword names the type) and not a compound literal's `(struct foo){`.
_TYPE_ARG_RES = tuple(re.compile(k + rb"(?=\s+\w+\s*[,)])") for k in (b"struct", b"union", b"enum"))
_TYPE_OPS = (b"sizeof", b"typeof", b"__typeof__", b"__typeof", b"offsetof", b"_Alignof", b"__alignof__", b"alignof",
             b"_Generic", b"va_arg", b"__builtin_offsetof", b"__builtin_types_compatible_p")


def _type_args(data: bytes) -> bytes:
    out: bytearray | None = None
    for m in (m for r in _TYPE_ARG_RES for m in r.finditer(data)):
        pos = m.start()
        if pos and data[pos - 1] in _IDENT_BYTES:
            continue
        before = data[max(0, pos - 24) : pos].rstrip()
        if not before.endswith((b"(", b",")):
            continue
        after = data[m.end() : m.end() + 80].lstrip()
        after = after[re.match(rb"\w*\s*", after).end() :]  # type: ignore[union-attr]
        if before.endswith(b"(") and (before[:-1].rstrip().endswith(_TYPE_OPS) or after.startswith(b")")):
            # `sizeof(struct x)`, `(struct x)` alone: a cast, a compound literal, a prototype's unnamed parameter
            continue
        if in_directive(data, pos):
            continue
        if out is None:
            out = bytearray(data)
        out[pos : m.end()] = b" " * (m.end() - pos)
    return data if out is None else bytes(out)


# GNU ranges `case 'a' ... 'z':` and `[0 ... 9] = x` read as `'a' | 'z'` (a constant expression).
_RANGE_RE = re.compile(rb"\.\.\.")
_RANGE_AFTER_RE = re.compile(rb"[ \t]*[\w'(]")
# A GNU named variadic macro parameter `#define F(a, args...)` reads as `args`.
_CASE_RANGE_RE = re.compile(rb"\bcase\b|\[[ \t]*[\w'+-]*[ \t]*$")
_NAMED_VARIADIC_RE = re.compile(rb"define[ \t]+\w+\([^)\n]*?\w(\.\.\.)\)")


def _ranges(data: bytes, found: list[int], cpp: bool = False) -> bytes:
    if b"..." not in data:
        return data
    out: bytearray | None = None
    for m in _RANGE_RE.finditer(data):
        pos = m.start()
        if cpp and not _CASE_RANGE_RE.search(data, data.rfind(b"\n", 0, pos) + 1, pos):
            continue  # C++: `typename... Ts`, `sizeof...(Ts)`, `args...` are packs, not ranges
        before = data[max(0, pos - 2) : pos].rstrip(b" \t")[-1:]
        if not before or not (before in b"')" or before[0] in _IDENT_BYTES) or not _RANGE_AFTER_RE.match(data, m.end()):
            continue  # `f(int a, ...)`, `/* ... */` after a space
        if data[pos - 1 : pos] not in (b" ", b"\t") and before == b")":
            continue
        if in_directive(data, pos):
            continue
        if out is None:
            out = bytearray(data)
        out[pos : m.end()] = b" | "
    data = data if out is None else bytes(out)

    def variadic(m: re.Match[bytes]) -> bytes:
        line = data.rfind(b"\n", 0, m.start()) + 1
        if data[line : m.start()].strip() not in (b"#", b""):
            return m.group()
        found.append(line + len(data[line : m.start()]) - len(data[line : m.start()].lstrip()))
        return m.group()[: m.start(1) - m.start()] + b"   )"

    return _NAMED_VARIADIC_RE.sub(variadic, data) if b"define" in data else data


# A registration macro without its `;` (`module_init(foo_init)` then the next line): not a definition, blanked.
_UNTERMINATED_RE = re.compile(rb"\n((?:module_init|module_exit|[a-z_]*initcall\w*|module_\w+_driver)\([ \t]*\w+[ \t]*\))"
                              rb"(?=[ \t]*\n)")
# An unknown `__name` annotation between a declarator and its `=` or `;` (`struct x name __initmv = {`): the word
# before it is a name (not a keyword, a scalar type or a struct tag), so `__name` cannot be the declarator.
_TRAILING_WORD_RE = re.compile(rb"__[a-z]\w*(?=[ \t]*[=;])")
_WORD_BEFORE_RE = re.compile(rb"(?:([A-Za-z_]\w*)|([\])]))[ \t]+$")
_NOT_A_TYPE = frozenset(b"static extern register typedef inline const volatile struct union enum return case goto".split())
# Keywords spelled the old GNU way that tree-sitter does not know: `__const` reads as `const  `.
_ALIASES = {b"__const": b"const  ", b"__volatile": b"volatile  ", b"__signed__": b"signed    ", b"__signed": b"signed  "}
_ALIAS_RE = re.compile(rb"(?<![\w$])(?:__const|__volatile|__signed__|__signed)(?![\w$])")
_KEYWORDS = _TYPE_WORDS | frozenset(b"static extern register inline struct union enum typedef return case goto".split())


def _statements(data: bytes, cpp: bool = False) -> bytes:
    if b"__const" in data or b"__volatile" in data or b"__signed" in data:
        data = _ALIAS_RE.sub(lambda m: _ALIASES[m.group()], data)
    if b"module_" in data or b"initcall(" in data:
        data = _UNTERMINATED_RE.sub(lambda m: b"\n" + _blank(m.group(1)), data)
    # C++ library code names its own variables `__name` (libstdc++: `constexpr __uctype __urngmin = ...`): an
    # unknown `__name` there is a name, not the kernel's annotation
    if not cpp and (b" __" in data or b"\t__" in data):
        data = _between(data)
        out: bytearray | None = None
        for m in _TRAILING_WORD_RE.finditer(data):
            pos = m.start()
            before = _WORD_BEFORE_RE.search(data, max(0, pos - 64), pos)
            if before is None or _trailing_keeps(data, before):
                continue
            if out is None:
                out = bytearray(data)
            out[pos : m.end()] = b" " * (m.end() - pos)
        data = data if out is None else bytes(out)
    return data


# An unknown `__name` annotation between a return type and a function's name (`static void __exception_irq_entry
# avic_handle_irq(...)`): the word before it is a primitive or scalar type, or a `*`.
_BETWEEN_RE = re.compile(rb"__[a-z]\w*(?=[ \t]+\**[ \t]*[A-Za-z_]\w*[ \t]*\()")
_PRIMITIVES = frozenset(b"void int char short long unsigned signed float double bool _Bool".split())


def _between(data: bytes) -> bytes:
    out: bytearray | None = None
    for m in _BETWEEN_RE.finditer(data):
        pos = m.start()
        if pos and data[pos - 1] in _IDENT_BYTES or _SCALAR_RE.search(m.group()) or m.group() in _TYPE_WORDS:
            continue
        head = data[max(0, pos - 32) : pos]
        prev = re.search(rb"(\w+|\*)[ \t]+$", head)
        if prev is None or not (prev.group(1) == b"*" or prev.group(1) in _PRIMITIVES or _SCALAR_RE.search(prev.group(1))):
            continue
        if in_directive(data, pos):
            continue
        if out is None:
            out = bytearray(data)
        out[pos : m.end()] = b" " * (m.end() - pos)
    return data if out is None else bytes(out)


def _trailing_keeps(data: bytes, before: re.Match[bytes]) -> bool:
    """Whether the `__name` after `before` (a word, `]` or `)`) is to stay: a declarator, a cast's operand."""
    word = before.group(1) or before.group(2)
    if word in _KEYWORDS or _SCALAR_RE.search(word) or word.isupper() or in_directive(data, before.start()):
        return True
    head = data[max(0, before.start() - 48) : before.start()]
    if word == b")":  # `f(void) __attr;`, not a cast `(long) __x;`: a name right before the `(`
        open_at = head.rfind(b"(")
        return open_at < 1 or head[open_at - 1] not in _IDENT_BYTES
    if word == b"]":
        return False
    # `type name __attr` (not `static NAME __x`, `struct tag __x`): a type word before the name
    head = head.rstrip(b" \t")
    prev = re.search(rb"([A-Za-z_]\w*)[\s*]*$", head)
    return prev is None or (prev.group(1) in _NOT_A_TYPE and not head.endswith(b"*"))


# A block comment in a continued preprocessor line, before the continuation (`#define X a; /* why */ \`).
_DEFINE_COMMENT_RE = re.compile(rb"/\*[^\n]*?\*/(?=[^\n]*\\\r?\n)")


def _define_comments(data: bytes) -> bytes:
    if b"/*" not in data or b"\\\n" not in data:
        return data
    return _DEFINE_COMMENT_RE.sub(lambda m: _blank(m.group()) if in_directive(data, m.start()) else m.group(), data)


# Typed helpers given a multi-word type (`min_t(unsigned long, a, b)`, `typecheck(unsigned long, flags)`):
# `unsigned long` reads as one name, `unsigned_long`.
_TYPED_CALL_RE = re.compile(rb"_t[ \t]*\([ \t]*((?:unsigned|signed|long|short)(?:[ \t]+(?:long|int|short|char))+)[ \t]*,")
_TYPECHECK_RE = re.compile(rb"typecheck[ \t]*\([ \t]*((?:unsigned|signed|long|short)(?:[ \t]+(?:long|int|short|char))+)[ \t]*,")
# Adjacent macros before a string (`printk(KERN_ERR PFX "failed")`): the first reads as a string (`"ERN_ER" PFX "failed"`);
# `__stringify(X)` and `__MODULE_STRING(X)` between strings read as strings too.
_ADJACENT_RE = re.compile(rb"KERN_[A-Z]+(?=[ \t]+[A-Z][A-Z0-9_]*[ \t]*\")")
_STRINGIFY_RE = re.compile(rb"__(?:stringify|MODULE_STRING)[ \t]*" + _PARENS)


def _expressions(data: bytes) -> bytes:
    out: bytearray | None = None

    def put(a: int, b: int, text: bytes) -> None:
        nonlocal out
        if in_directive(data, a):
            return
        if out is None:
            out = bytearray(data)
        out[a:b] = text

    typed = list(_TYPED_CALL_RE.finditer(data))  # min_t(unsigned long, a, b): `_t` ends a name
    if b"typecheck" in data:
        typed += [m for m in _TYPECHECK_RE.finditer(data) if not (m.start() and data[m.start() - 1] in _IDENT_BYTES)]
    for m in typed:
        a, b = m.span(1)
        put(a, b, re.sub(rb"[ \t]+", lambda w: b"_" * len(w.group()), m.group(1)))
    if b"KERN_" in data:
        for m in _ADJACENT_RE.finditer(data):
            put(m.start(), m.end(), b'"' + m.group()[1:-1] + b'"')
    if b"__stringify" in data or b"__MODULE_STRING" in data:
        for m in _STRINGIFY_RE.finditer(data):
            put(m.start(), m.end(), b'"' + _blank(m.group()[1:-1]) + b'"')
    return data if out is None else bytes(out)


# powerpc's machine descriptions: `define_machine(pasemi) {` opens a struct initializer, read as `define_machine pasemi= {`.
_MACHINE_RE = re.compile(rb"\ndefine_machine\(([ \t]*\w+[ \t]*)\)(?=[ \t]*\{)")


def _machines(data: bytes, found: list[int]) -> bytes:
    if b"define_machine(" not in data:
        return data

    def repl(m: re.Match[bytes]) -> bytes:
        found.append(m.start() + 1)
        return b"\ndefine_machine " + m.group(1) + b"="

    return _MACHINE_RE.sub(repl, data)


# C++ libraries put an export or annotation macro where the grammar expects a name: `class GTEST_API_ Test {`,
# `GTEST_API_ std::string f();` (a symbol's visibility), `void f() GTEST_LOCK_EXCLUDED_(mu);`,
# `int n_ GUARDED_BY(mu_);` (Clang's thread-safety annotations). Each reads as a declaration of the macro's name
# and swallows what follows; blanked (same length), as a preprocessor that defines them empty would.
_CPP_CLASS_MACRO_RE = re.compile(rb"\b(?:class|struct|union)[ \t]+([A-Z][A-Z0-9_]*)[ \t]+(?=[A-Za-z_]\w*\s*(?:final\b|:(?!:)|\{|<))")
#: An export macro: upper case, and by its name (`GTEST_API_`, `LLVM_ABI`, `Q_CORE_EXPORT`, `FOO_DLL`) or ending with
#: `_` (Google's convention for its macros), at the start of a declaration line.
_CPP_LEAD_MACRO_RE = re.compile(
    rb"^([ \t]*(?:(?:extern|static|inline|virtual|friend|constexpr|explicit)[ \t]+)*)"
    rb"((?:[A-Z][A-Z0-9_]*(?:_API_?|_ABI|_EXPORTS?|_IMPORT|_DLL|_VISIBILITY|[A-Z0-9]_)[ \t]+)+)(?=[A-Za-z_:~])", re.M)
#: Any upper-case macro before a function's return type and name (`LLVM_NODISCARD bool empty() const`: `A B C(` is a
#: declaration only if A is a macro), or alone on the line above a declaration (`LLVM_NODISCARD\n  std::string str()`).
_CPP_BEFORE_FUNCTION_RE = re.compile(
    rb"^[ \t]*(?:(?:static|inline|virtual|friend|constexpr|explicit)[ \t]+)*(_?[A-Z][A-Z0-9]*_[A-Z0-9_]*)[ \t]+"
    rb"(?=(?:const[ \t]+)?[A-Za-z_][\w:]*(?:<[^;(){}\n]*>)?[ \t*&]+[~A-Za-z_][\w:]*[ \t]*\()", re.M)
_CPP_LONE_MACRO_RE = re.compile(rb"^[ \t]*(_?[A-Z][A-Z0-9]*_[A-Z0-9_]*)[ \t]*(?=\n[ \t]*(?:[A-Za-z_~]|::))", re.M)
#: A visibility macro after a namespace's name (libstdc++: `namespace std _GLIBCXX_VISIBILITY(default)`).
_CPP_NAMESPACE_MACRO_RE = re.compile(rb"\bnamespace[ \t]+[\w:]+([ \t]+_?[A-Z][A-Z0-9_]*[ \t]*" + _PARENS + rb")(?=\s*\{)")
#: An annotation call after a declarator: after `)`/`const`/`override`/`noexcept`, any upper-case macro whose name
#: ends with `_` or names a lock annotation; after a member's name, only the latter (`Foo BAR(1);` constructs BAR).
_ANNOTATION_WORDS = rb"(?:[A-Z0-9_]*(?:LOCK|LOCKS|GUARDED_BY|REQUIRES|EXCLUDES|ACQUIRE|RELEASE|ACQUIRED_BEFORE|ACQUIRED_AFTER|CAPABILITY|SCOPED_LOCKABLE|NO_THREAD_SAFETY_ANALYSIS|RETURN_CAPABILITY|ASSERT_CAPABILITY|TRY_ACQUIRE)[A-Z0-9_]*)"
_CPP_TRAILING_RE = re.compile(
    rb"(?:(?<=\))|(?<=\bconst)|(?<=\boverride)|(?<=\bnoexcept)|(?<=\bfinal))((?:[ \t]+(?:[A-Z][A-Z0-9_]*_|"
    + _ANNOTATION_WORDS + rb")(?:[ \t]*" + _PARENS + rb")?|\s+(?:[A-Z][A-Z0-9_]*_(?![ \t]*\()|" + _ANNOTATION_WORDS
    + rb"[ \t]*" + _PARENS + rb"))+)(?=\s*(?:[;{=:]|override\b|const\b|->))")
#: An attribute macro after a class body (`class X { ... } GTEST_ATTRIBUTE_UNUSED_;`), read as a variable's name.
_CPP_AFTER_BODY_RE = re.compile(rb"(?<=\})[ \t]*([A-Z][A-Z0-9_]*_)(?=[ \t]*;)")
#: A macro between string literals (`"True if " GTEST_NAME_ " is"`, `"%" PRIu64 "\\n"`): the preprocessor pastes a
#: literal there; blanked, the literals still concatenate.
_CPP_PASTED_RE = re.compile(rb"(?<=\")[ \t]+([A-Z][A-Z0-9_]*)(?=[ \t]*(?:\"|\n[ \t]*\"))|(?<=[(,])[ \t]*([A-Z][A-Z0-9_]*)(?=[ \t]+\")")
#: A library's attribute macro, by the last part of its name (`SPDLOG_INLINE`, `SPDLOG_API`, `SPDLOG_NOEXCEPT`,
#: `FMT_CONSTEXPR`, `BOOST_FORCEINLINE`, `Q_DECL_NOEXCEPT`): defined as `inline`/`noexcept`/`constexpr`/an export
#: attribute or nothing, in a header the file includes (spdlog's common.h), so the file's own defines do not say it.
#: Wherever a declaration has it: at a line's start, after a return type (`void SPDLOG_INLINE
#: base_sink<Mutex>::log(`), after `)`/`]`/`&`/`*`/`>` (`operator=(logger other) SPDLOG_NOEXCEPT;`), before a
#: name, keyword, `:`, `{`, `;`, `->` or `[`. Never after `=`/`(`/`,`/`case`/`return` (a value: `x = MODE_INLINE`)
#: nor before `(` (a call).
_CPP_ATTRIBUTE_NAME = (rb"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*?_(?:DECL_)?(?:INLINE|FORCEINLINE|FORCE_INLINE|ALWAYS_INLINE|NOINLINE|"
                       rb"NO_INLINE|API|ABI|NOEXCEPT|CONSTEXPR(?:_FUNC|1[147]|20)?|CXX1[147]_CONSTEXPR|CONSTEVAL|NODISCARD|"
                       rb"NORETURN|EXPORT(?:_SYMBOL)?|IMPORT|HIDDEN|VISIBLE|MAYBE_UNUSED|FINAL|OVERRIDE)")
_CPP_ATTRIBUTE_RE = re.compile(
    rb"(?:(?<=^)|(?<=[\n\t ;{}()\]&*>]))(" + _CPP_ATTRIBUTE_NAME + rb")(?!\w)(?=[ \t]*(?:\n[ \t]*)?(?:[A-Za-z_~\[{;]|:(?!:)|->|=[ \t]*(?:default|delete|0)\b))", re.M)
_ACCESS_RE = re.compile(rb"\b(?:public|private|protected)\s*:$")
_NOT_BEFORE_ATTRIBUTE = frozenset(b"return case throw goto sizeof co_return co_yield co_await new delete else".split())
#: `SPDLOG_TRY {` and the `SPDLOG_LOGGER_CATCH(loc)` line after its block (`try` and the `catch (..) {..}` clauses, or
#: nothing without exceptions): a block and a blank line to the grammar.
_CPP_TRY_RE = re.compile(rb"^[ \t]*([A-Z][A-Z0-9_]*_TRY)(?=[ \t]*(?://[^\n]*)?\n?[ \t]*\{)", re.M)
_CPP_CATCH_RE = re.compile(rb"(?<=\})(\s*[A-Z][A-Z0-9_]*_CATCH(?:_[A-Z0-9_]+)?(?:[ \t]*" + _PARENS + rb")?)(?=[ \t]*(?://[^\n]*)?\n)")
#: A default argument in braces (`const file_event_handlers &event_handlers = {}`), which tree-sitter-cpp reads only
#: as an expression: `0 ` in its place (same length).
_CPP_BRACE_DEFAULT_RE = re.compile(rb"(?<==)([ \t]*)\{\}(?=[ \t]*(?:\n[ \t]*)?[,)])")
_CPP_MEMBER_ANNOTATION_RE = re.compile(rb"(?<=[\w\]])([ \t]+" + _ANNOTATION_WORDS + rb"[ \t]*" + _PARENS + rb")(?=[ \t]*[;=])")
#: Any upper-case macro call (or several) after a member's or variable's declarator, on its line or the next
#: (`std::queue<Item> queue_\n      GUARDED_BY(mu_);` in leveldb's PosixEnv had been a method GUARDED_BY, run 507):
#: blanked only when a type and a name stand before it (`_declarator_before`; `Foo BAR(1);` constructs BAR).
_CPP_MEMBER_MACRO_RE = re.compile(rb"(?<=[\w\]])((?:\s+_?[A-Z][A-Z0-9_]*[ \t]*" + _PARENS + rb")+)(?=[ \t]*[;={])")
#: the start of a declaration up to its declarator: qualifiers, a type (namespaced, templated, pointer, reference,
#: `T* const`), a name and array bounds (`CompactionStats stats_[config::kNumLevels]`)
_DECLARATOR = re.compile(
    rb"\s*(?:(?:static|mutable|const|volatile|inline|constexpr|thread_local|extern)\s+)*"
    rb"(?!(?:return|else|case|goto|throw|delete|new|co_return|co_yield|using|typedef|do|const|volatile)\b)"
    rb"(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*(?:\s*<(?:[^<>;{}()]|<(?:[^<>;{}()]|<[^<>;{}()]*>)*>)*>)?"
    rb"(?:\s*[*&]+\s*|\s+)(?:const\b\s*[*&]*\s*)*[A-Za-z_]\w*(?:\s*\[[^\[\];{}]*\])*\s*")


def _declarator_before(data: bytes, pos: int) -> bool:
    """Whether the statement ending at `pos` is a declaration up to its declarator (see _DECLARATOR): what follows
    it can only be an annotation. The statement starts after the last `;`, `{`, `}` or access label."""
    start = max(data.rfind(b";", 0, pos), data.rfind(b"{", 0, pos), data.rfind(b"}", 0, pos)) + 1
    text = re.sub(rb"//[^\n]*|/\*.*?\*/", b" ", data[start:pos], flags=re.S)
    text = re.sub(rb"^\s*(?:public|private|protected)\s*:(?!:)", b"", text)
    return _DECLARATOR.fullmatch(text) is not None


#: Any upper-case macro after a prototype's `)` or qualifiers, on a line that declares a function (`const_iterator
#: begin() const _GLIBCXX_NOEXCEPT`, `static const fltSemantics &BFloat() LLVM_READNONE;`): nothing else can stand
#: there. The line must start like a declaration (`x = (int) MAX;` and `return (T) MAX;` are casts).
_CPP_ANY_TRAILING_RE = re.compile(
    rb"(?:(?<=\))|(?<=\bconst)|(?<=\boverride)|(?<=&))((?:[ \t]+_?[A-Z][A-Z0-9_]+(?:[ \t]*" + _PARENS
    + rb")?)+)(?=[ \t]*(?:[;{=:]|override\b|const\b|->|$))", re.M)
_DECLARING_LINE = re.compile(rb"[ \t]*+(?!(?:return|case|if|while|for|switch|else|do|throw|co_return)\b)[\w:~<>,*&\[\] \t]*"
                             rb"[\w>~]\s*\(")


def _declares(data: bytes, pos: int) -> bool:
    """Whether the line holding `pos` starts like a function declaration (`T name(`), with no `=` before it."""
    start = data.rfind(b"\n", 0, pos) + 1
    return _DECLARING_LINE.match(data, start, pos) is not None and b"=" not in data[start:data.find(b"(", start, pos)]


def _catch_statement(text: bytes) -> bytes:
    """`        SPDLOG_LOGGER_CATCH(loc)` as the statement `       SPDLOG_LOGGER_CATCH(loc);` (one indentation space
    less, same length and line): the macro stays a call the index records; blanked when it has no indentation."""
    lead = len(text) - len(text.lstrip())
    if lead and text[lead - 1 : lead] in (b" ", b"\t"):
        return text[: lead - 1] + text[lead:] + b";"
    return _blank(text)


def _cpp_attributes(data: bytes) -> bytes:
    """The attribute macros `_CPP_ATTRIBUTE_RE` names, `_TRY`/`_CATCH` macros around a block and `= {}` defaults."""
    out: bytearray | None = None
    for m in _CPP_ATTRIBUTE_RE.finditer(data):
        before = data[max(0, m.start() - 40) : m.start()].rstrip()
        word = re.search(rb"\w+$", before)
        if (word and word.group() in _NOT_BEFORE_ATTRIBUTE) or in_directive(data, m.start()):
            continue
        if before and not word and before[-1:] not in b";{})]&*>" and not _ACCESS_RE.search(before):
            continue  # after `=`, `(`, `,`, `?`: a value (`int x = MODE_INLINE;`)
        out = out if out is not None else bytearray(data)
        out[m.start(1) : m.end(1)] = _blank(m.group(1))
    if b"_TRY" in data or b"_CATCH" in data:
        for rx in (_CPP_TRY_RE, _CPP_CATCH_RE):
            for m in rx.finditer(data):
                if not in_directive(data, m.start(1)):
                    out = out if out is not None else bytearray(data)
                    out[m.start(1) : m.end(1)] = _catch_statement(m.group(1)) if rx is _CPP_CATCH_RE else _blank(m.group(1))
    if b"{}" in data:
        for m in _CPP_BRACE_DEFAULT_RE.finditer(data):
            out = out if out is not None else bytearray(data)
            out[m.end(1) : m.end()] = b"0 "
    return bytes(out) if out is not None else data


def _cpp_macros(data: bytes) -> bytes:
    """The C++ export and annotation macros above, blanked."""
    out: bytearray | None = None
    for rx in (_CPP_CLASS_MACRO_RE, _CPP_LEAD_MACRO_RE, _CPP_BEFORE_FUNCTION_RE, _CPP_LONE_MACRO_RE, _CPP_TRAILING_RE,
               _CPP_ANY_TRAILING_RE, _CPP_MEMBER_ANNOTATION_RE, _CPP_MEMBER_MACRO_RE, _CPP_PASTED_RE, _CPP_AFTER_BODY_RE,
               _CPP_NAMESPACE_MACRO_RE):
        for m in rx.finditer(data):
            group = 2 if rx is _CPP_LEAD_MACRO_RE or (rx is _CPP_PASTED_RE and m.group(1) is None) else 1
            if in_directive(data, m.start(group)) or (rx is _CPP_ANY_TRAILING_RE and not _declares(data, m.start())):
                continue
            if rx is _CPP_MEMBER_MACRO_RE and not _declarator_before(data, m.start(group)):
                continue
            if out is None:
                out = bytearray(data)
            out[m.start(group) : m.end(group)] = _blank(m.group(group))
        if out is not None:
            data, out = bytes(out), None
    return _cpp_attributes(data)  # after: a lone macro line is one before a line that starts with a name


#: A C library's export macro opening a declaration (`EVENT2_EXPORT_SYMBOL` on its own line above a prototype,
#: `EVENT2_CORE_EXPORT_SYMBOL extern ev_uint32_t event_debug_logging_mask_;`), defined in another header as a
#: visibility attribute or nothing: libevent's prototypes were all named `EVENT2_EXPORT_SYMBOL` and that variable
#: `ev_uint32_t` (run 489). Never one called (`EXPORT_SYMBOL(x);` in the kernel is followed by `(`).
_C_EXPORT_RE = re.compile(rb"^[ \t]*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:EXPORT(?:_SYMBOL)?|API|PUBLIC|VISIBLE|DLL))"
                          rb"(?=[ \t]*(?:\n[ \t]*(?:[A-Za-z_#]|/[*/])|[A-Za-z_]))", re.M)  # (`KEY_PUBLIC\n};` ends an enum)


def _c_exports(data: bytes) -> bytes:
    out: bytearray | None = None
    for m in _C_EXPORT_RE.finditer(data):
        if not in_directive(data, m.start(1)):
            out = out if out is not None else bytearray(data)
            out[m.start(1) : m.end(1)] = _blank(m.group(1))
    return bytes(out) if out is not None else data


def repair(data: bytes, macro_functions: list[int] | None = None, *, cpp: bool = False) -> bytes:
    """`data` with the repairs of the module docstring (same length, same lines). `macro_functions` collects
    the start bytes of the `NAME(fn, ...) {` lines rewritten (their signatures are read from the original);
    C++ keeps them (`TEST(Suite, Name) {` names no function `Suite`)."""
    found = macro_functions if macro_functions is not None else []
    data = _define_comments(data)
    if cpp:
        data = _cpp_macros(data)
    elif b"_" in data:
        data = _c_exports(data)
    data = _attributes(data)
    data = _loops(data, cpp)
    data = line_macros(data, found, cpp)
    data = _type_args(data)
    data = _ranges(data, found, cpp)
    data = _statements(data, cpp)
    data = _machines(data, found)
    return _expressions(data)



def is_attribute_macro(name: str) -> bool:
    """Whether a definition's name is one of the annotation macros blanked here."""
    raw = name.encode()
    return raw in _words or raw in _calls
