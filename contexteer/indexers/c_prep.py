"""C/C++ text repairs before parsing: what a preprocessor would have removed or expanded, done in place.

tree-sitter parses C without a preprocessor. Systems code is written for one: the Linux kernel puts an
annotation macro in most declarations (`static __always_inline __alloc_size(1) void *kmalloc_noprof(...)`,
`void __iomem *base`, `struct x __rcu *p`), loops through macros (`list_for_each_entry(pos, head, member) {`),
passes types as macro arguments (`container_of(ptr, struct foo, member)`) and defines functions through macros
(`SYSCALL_DEFINE3(msync, unsigned long, start, ...) {`). Each of these is a syntax error that can swallow the
definitions after it. Every repair here keeps the file's length and line breaks (byte offsets and lines stay
those of the file), and leaves preprocessor lines alone (a `#define __init ...` keeps its name):

- known annotation macros are blanked with spaces, with their arguments when they take some
  (`ATTRIBUTE_MACROS`, plus the names configured in `index.c_attribute_macros`, see `configure`);
- a loop macro (a name with `for_each`/`foreach`, `scoped_guard`) followed by a statement reads as `while (...)`;
- `struct foo` as a macro argument (`, struct foo,`) loses its keyword: `foo` parses as an argument;
- a top-level `NAME(fn, ...) {` (`SYSCALL_DEFINE3(msync, ...)`, `BPF_CALL_2(name, ...)`) reads as
  `NAME fn(...) {`, a definition of `fn` (the signature shows the original text, see `macro_functions`);
- a `/* comment */` inside a continued `#define` line is blanked (tree-sitter ends the directive at the comment,
  and what follows swallows the next definition).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable

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
    # glibc's own (__THROW, __wur, __nonnull, __attribute_*__ ...) are blanked by languages.blank_attribute_macros
).split()
# Annotation macros with arguments (`__aligned(8)`, `__printf(1, 2)`): blanked with their parenthesised arguments.
ATTRIBUTE_CALLS = (
    "__aligned __alloc_size __realloc_size __printf __scanf __section __acquires __releases __must_hold "
    "__cond_acquires __cond_releases __counted_by __counted_by_le __counted_by_be __assume_aligned __copy __alias "
    "__cleanup __free __mode __diagnose_as __compiletime_error __compiletime_warning __pass_object_size "
    "__pass_dynamic_object_size __attribute __errordecl __guarded_by __pt_guarded_by __noinstr_section "
    # BPF programs (tools/lib/bpf/bpf_helpers.h)
    "SEC __contains __msg __msg_unpriv __description __retval __retval_unpriv __log_level __flag __btf_path __arch "
    "__caps_unpriv __regex __xlated __jited __auxiliary __auxiliary_unpriv __load_if_JITed __stderr __stdout"
).split()
_NAME_OK = re.compile(r"^[A-Za-z_]\w*(?:\(\))?$")

_P0 = rb"[^();{}]*"
_P1 = rb"(?:[^();{}]|\(" + _P0 + rb"\))*"
_P2 = rb"(?:[^();{}]|\(" + _P1 + rb"\))*"
_PARENS = rb"\((?:[^();{}]|\(" + _P2 + rb"\))*\)"  # balanced, up to 4 levels, within one statement
_ARGS_RE = re.compile(rb"[ \t]*" + _PARENS)
_NOT_NEWLINE = re.compile(rb"[^\n]")

_words: frozenset[bytes] = frozenset()
_calls: frozenset[bytes] = frozenset()
_word_re: re.Pattern[bytes] = re.compile(rb"(?!)")
_other_words: tuple[bytes, ...] = ()
_configured: tuple[str, ...] | None = None


def _trie(words: Iterable[bytes]) -> bytes:
    """A regex matching exactly `words`, as a trie (`__a(?:ligned|lloc_size)`): a long alternation of literals
    is tried branch by branch at every candidate position; a trie decides on one character at a time."""
    root: dict = {}
    for w in words:
        node = root
        for c in w:
            node = node.setdefault(c, {})
        node[None] = {}

    def emit(node: dict) -> bytes:
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


_IDENT_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")


def _blank(text: bytes) -> bytes:
    return _NOT_NEWLINE.sub(b" ", text)


def in_directive(data: bytes, pos: int) -> bool:
    """Whether `pos` is on a preprocessor line (`#define __init ...`), continuation lines included."""
    start = data.rfind(b"\n", 0, pos) + 1
    while start > 1 and data[start - 2 : start - 1] == b"\\":
        start = data.rfind(b"\n", 0, start - 1) + 1
    return data[start:pos].lstrip()[:1] == b"#"


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


def _attributes(data: bytes) -> bytes:
    if b"__" in data:
        data = _blank_words(data, _word_re, _words)
    for group in _other_groups(_other_words):  # one pattern per 2-letter start: a literal prefix keeps each fast
        data = _blank_words(data, group, _words)
    if b"define" in data:
        local = _local_attributes(data)
        if local:
            data = _blank_words(data, _words_pattern(tuple(sorted(local))), local)
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
    """Whether `pos` starts a statement: after `;`, `{`, `}`, `)` (`if (x) loop(...)`), `:` or `else`/`do`."""
    head = data[max(0, pos - 64) : pos].rstrip()
    if not head or head[-1:] in (b";", b"{", b"}", b")", b":"):
        return True
    for word in (b"else", b"do"):
        if head.endswith(word) and (len(head) == len(word) or head[-len(word) - 1] not in _IDENT_BYTES):
            return True
    return False


def _loops(data: bytes) -> bytes:
    out: bytearray | None = None
    last = 0
    n = len(data)
    hits = sorted((pos, pos + len(a)) for a in _LOOP_ANCHORS for pos in _find_all(data, a))
    for start, end in hits:
        if start < last:
            continue
        while start and data[start - 1] in _IDENT_BYTES:
            start -= 1
        while end < n and data[end] in _IDENT_BYTES:
            end += 1
        last = end
        if end - start < 5 or data[start] in b"0123456789$":
            continue
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


# A declaration through a macro (`static DEFINE_MUTEX(lock);`, `DECLARE_BITMAP(bits, N);` in a struct,
# `DEFINE_PER_CPU(struct x, name) = {...};`) reads as `DEFINE_MUTEX lock;`: a variable or field named by the
# macro's first argument that is a plain name and not a type (as the kernel's own scripts/tags.sh indexes them).
_ARG_NAME_RE = re.compile(rb"\s*([A-Za-z_]\w*(?:\s*\[[^\]]*\])*)\s*$")
_TYPE_WORDS = frozenset(b"int char short long unsigned signed float double void bool _Bool const volatile size_t".split())
_SCALAR_RE = re.compile(rb"^(?:__)?(?:[us](?:8|16|32|64|128)|(?:le|be)(?:16|32|64))$|_t$")


def _split_args(args: bytes) -> list[tuple[int, int]]:
    """Byte ranges of the top-level comma-separated arguments in `args` (strings skipped)."""
    out, depth, start, i, n = [], 0, 0, 0, len(args)
    while i < n:
        c = args[i]
        if c in (40, 123, 91):
            depth += 1
        elif c in (41, 125, 93):
            depth -= 1
        elif c == 44 and depth == 0:
            out.append((start, i))
            start = i + 1
        elif c in (34, 39):
            i += 1
            while i < n and args[i] != c:
                i += 2 if args[i] == 92 else 1
        i += 1
    out.append((start, n))
    return out


# GNU ranges `case 'a' ... 'z':` and `[0 ... 9] = x` read as `'a' | 'z'` (a constant expression).
_RANGE_RE = re.compile(rb"\.\.\.")
_RANGE_AFTER_RE = re.compile(rb"[ \t]*[\w'(]")
# A GNU named variadic macro parameter `#define F(a, args...)` reads as `args`.
_NAMED_VARIADIC_RE = re.compile(rb"define[ \t]+\w+\([^)\n]*?\w(\.\.\.)\)")


def _ranges(data: bytes, found: list[int]) -> bytes:
    if b"..." not in data:
        return data
    out: bytearray | None = None
    for m in _RANGE_RE.finditer(data):
        pos = m.start()
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


def _statements(data: bytes) -> bytes:
    if b"__const" in data or b"__volatile" in data or b"__signed" in data:
        data = _ALIAS_RE.sub(lambda m: _ALIASES[m.group()], data)
    if b"module_" in data or b"initcall(" in data:
        data = _UNTERMINATED_RE.sub(lambda m: b"\n" + _blank(m.group(1)), data)
    if b" __" in data or b"\t__" in data:
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
# `__stringify(X)` between strings reads as a string too.
_ADJACENT_RE = re.compile(rb"KERN_[A-Z]+(?=[ \t]+[A-Z][A-Z0-9_]*[ \t]*\")")
_STRINGIFY_RE = re.compile(rb"__stringify[ \t]*" + _PARENS)


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
    if b"__stringify" in data:
        for m in _STRINGIFY_RE.finditer(data):
            put(m.start(), m.end(), b'"' + _blank(m.group()[1:-1]) + b'"')
    return data if out is None else bytes(out)


# Lines that start with an upper-case macro (after indentation, `static`, `extern`, `const`), read in one pass:
# - a declaration through a macro (`static DEFINE_MUTEX(lock);`, `DECLARE_BITMAP(bits, N);` in a struct,
#   `DEFINE_PER_CPU(struct x, name) = {...};`, `static SIMPLE_DEV_PM_OPS(name, a, b);`) reads as `DEFINE_MUTEX lock;`:
#   a variable or field named by the macro's first argument that is a plain name and not a type (as the kernel's
#   own scripts/tags.sh indexes them); BPF's `__uint(type, X);` in a struct likewise;
# - a function defined through a macro at column 0, `NAME(fn, args...)` + `{` (`SYSCALL_DEFINE3(msync, ...)`,
#   `BPF_CALL_2(name, ...)`), reads as `NAME fn(args...) {`, a definition of fn (C only: C++'s `TEST(Suite, Name) {`
#   defines no function `Suite`); `NAME(fn)` reads as `NAM fn()`;
# - an initializer entry made by a macro without its comma (`SET_RUNTIME_PM_OPS(a, b, NULL)` on its own line in a
#   `struct dev_pm_ops` initializer): the name gives up its last character so a comma fits (`SET_RUNTIME_PM_OP(a, b, NULL),`);
# - a line holding only a macro without `;` before an empty line, another such line, a directive or the end
#   (`TEST_HARNESS_MAIN`, `ACPI_MODULE_NAME("x")`, runs of `BTF_ID_FLAGS(...)`): blanked, it declares nothing we read;
# - tracepoint definitions (`TRACE_EVENT(name, TP_PROTO(...), TP_ARGS(...), TP_fast_assign(...), ...);`): all but the
#   event's name blanked; ARM boards' `DT_MACHINE_START(name, "desc")` ... `MACHINE_END` read as `X name = {` ... `};`;
# - a leading `STATIC` (XFS: `#define STATIC static`) reads as `static`.
_LINE_MACRO_RE = re.compile(rb"\n([ \t]*)((?:static[ \t]+|extern[ \t]+)(?:const[ \t]+)?)?([A-Z_][A-Z0-9_]*|__uint|__type|__array|__ulong)"
                            rb"(?![\w$])")
_DECL_END_RE = re.compile(rb"[ \t]*[;=]")
_BODY_AHEAD_RE = re.compile(rb"[ \t]*(?:\n[ \t]*)?\{")
_ENTRY_AHEAD_RE = re.compile(rb"[ \t]*\n[ \t]*(?:[.}]|[A-Z][A-Z0-9_]*\()")
_LONE_AHEAD_RE = re.compile(rb"[ \t]*(?:\n[ \t]*\n|\n?\Z|\n[A-Z_][A-Z0-9_]*[ \t]*\(|\n[ \t]*#)")
_FIRST_ARG_RE = re.compile(rb"\s*([A-Za-z_]\w*)\s*(,|\Z)")
_TRACE_NAMES = (b"TRACE_EVENT", b"DECLARE_EVENT_CLASS", b"DEFINE_EVENT", b"DECLARE_TRACE")
_DECL_NAMES = (b"DEFINE_", b"DECLARE_")


def _line_macros(data: bytes, found: list[int], cpp: bool) -> bytes:
    out = bytearray(data)
    changed = False
    nl = b"\n" + data
    last = 0
    entry_end = -2  # the end of the line of the last initializer entry rewritten
    for m in _LINE_MACRO_RE.finditer(nl):
        indent, prefix, name = m.group(1), m.group(2), m.group(3)
        start = m.start(1) - 1 + len(indent)  # where the line's code starts, in `data`
        name_end = m.end() - 1
        col0 = not indent
        if start < last or not (col0 or prefix or name.startswith(_DECL_NAMES) or name[:1] == b"_" or
                                b"\n" in data[name_end : name_end + 400]):
            continue  # indented: a declaration macro, or an initializer entry alone on its line (checked below)
        if in_directive(data, start):
            continue
        if name == b"STATIC" and col0 and not prefix:
            out[start:name_end] = b"static"
            changed = True
            continue
        if name == b"MACHINE_END" and col0:
            out[start:name_end] = b"};" + b" " * (name_end - start - 2)
            changed = True
            continue
        open_at = name_end
        while open_at < len(data) and data[open_at] in b" \t":
            open_at += 1
        if data[open_at : open_at + 1] != b"(":
            if col0 and not prefix and _LONE_AHEAD_RE.match(data, name_end):
                out[start:name_end] = b" " * (name_end - start)
                changed = True
            continue
        simple = _ARGS_RE.match(data, open_at)  # most arguments: balanced, no `;{}` (else the slow scanner)
        close = simple.end() - 1 if simple is not None else _closing(data, open_at)
        if close < 0:
            continue
        args = data[open_at + 1 : close]
        after = close + 1
        last = after
        if col0 and name.startswith(_TRACE_NAMES) and b"TP_" in args:
            parts = _split_args(args)
            a, b = parts[1] if name.startswith(b"DEFINE_EVENT") and len(parts) > 1 else parts[0]
            out[open_at + 1 : close] = _blank(args[:a]) + args[a:b] + _blank(args[b:])
            changed = True
        elif col0 and name in (b"MACHINE_START", b"DT_MACHINE_START"):
            first = _FIRST_ARG_RE.match(args)
            if first is not None and first.group(2) == b"," and close - open_at > len(first.group()) + 2:
                found.append(start)
                out[open_at] = 32
                out[open_at + 1 + first.end(1) : close + 1] = _blank(data[open_at + 1 + first.end(1) : close - 1]) + b"={"
                changed = True
        elif _DECL_END_RE.match(data, after):
            if prefix or name.startswith(_DECL_NAMES) or name in (b"LIST_HEAD", b"HLIST_HEAD", b"LLIST_HEAD", b"__uint",
                                                                   b"__type", b"__array", b"__ulong") \
                    or name.endswith(b"_NOTIFIER_HEAD"):
                changed |= _declaration(out, data, name_end, open_at, close, args, found, start)
        elif col0 and not cpp and _BODY_AHEAD_RE.match(data, after):
            first = _FIRST_ARG_RE.match(args)
            if first is None:
                continue
            found.append(start)
            if first.group(2) == b",":  # NAME(fn, a, b) -> NAME fn(a, b)
                out[open_at] = 32
                out[open_at + 1 + first.start(2)] = 40
            else:  # NAME(fn) -> NAM fn()
                out[name_end - 1 : close + 1] = b" " + data[open_at + 1 : close] + b"()" + b" " * (open_at - name_end)
            changed = True
        elif indent and not prefix and len(name) > 1 and _ENTRY_AHEAD_RE.match(data, after) and (
                entry_end == start - len(indent) - 1 or _after_initializer_line(data, start)):
            # inside an initializer: after `= {`, a `.field = value,` line, or the entry just rewritten
            out[name_end - 1 : close + 1] = data[name_end : close + 1] + b","
            entry_end = data.find(b"\n", close)
            changed = True
        elif col0 and not prefix and _LONE_AHEAD_RE.match(data, after):
            out[start:after] = _blank(data[start:after])
            changed = True
    return bytes(out) if changed else data


def _closing(data: bytes, open_at: int) -> int:
    """The index of the `)` closing the `(` at `open_at` (strings, characters and comments skipped), or -1."""
    depth = 0
    i, n = open_at, len(data)
    while i < n:
        c = data[i]
        if c == 40:
            depth += 1
        elif c == 41:
            depth -= 1
            if depth == 0:
                return i
        elif c in (34, 39):  # a string or character literal
            j = i + 1
            while j < n and data[j] != c and data[j] != 10:
                j += 2 if data[j] == 92 else 1
            i = j
        elif c == 47 and data[i + 1 : i + 2] == b"*":
            j = data.find(b"*/", i + 2)
            i = n if j < 0 else j + 1
        elif c == 47 and data[i + 1 : i + 2] == b"/":
            j = data.find(b"\n", i)
            i = n if j < 0 else j
        elif c == 59 and depth == 1 and i - open_at > 4096:
            return -1  # runaway: not a macro's arguments
        i += 1
    return -1


def _after_initializer_line(data: bytes, start: int) -> bool:
    """Whether the line before `start` opens an initializer (`... = {`) or is a designated entry (`.x = y,`)."""
    prev_end = data.rfind(b"\n", 0, start)
    prev = data[data.rfind(b"\n", 0, max(prev_end, 0)) + 1 : max(prev_end, 0)].strip()
    return prev.endswith(b"{") and prev[:-1].rstrip().endswith(b"=") or prev[:1] in (b".", b"[") and prev.endswith(b",")


def _declaration(out: bytearray, data: bytes, name_end: int, open_at: int, close: int, args: bytes, found: list[int],
                 start: int) -> bool:
    for a, b in _split_args(args):
        word = _ARG_NAME_RE.fullmatch(args, a, b)
        if word is not None and word.group(1) not in _TYPE_WORDS and not _SCALAR_RE.search(word.group(1)):
            break
    else:
        return False
    found.append(start)
    keep_a, keep_b = word.span(1)
    out[open_at : close + 1] = b" " + _blank(args[:keep_a]) + args[keep_a:keep_b] + _blank(args[keep_b:]) + b" "
    return True


_DIRECTIVE_RE = re.compile(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b[^\n]*(?:\\\r?\n[^\n]*)*", re.M)
_STRIP_RE = re.compile(rb"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)


def _balanced(text: bytes) -> bool:
    text = _STRIP_RE.sub(b"", text)
    return text.count(b"{") == text.count(b"}") and text.count(b"(") == text.count(b")")


def blank_conditionals(data: bytes, error_rows: list[tuple[int, int]]) -> bytes:
    """`data` with the `#if`/`#else`/`#endif` lines of each conditional group near a syntax error (rows 0-based,
    inclusive) blanked, when each branch of the group is balanced: tree-sitter reads no directive inside an
    initializer list (`.compat_ioctl = f,` under `#ifdef CONFIG_COMPAT`) or between an `if` and its `else`.
    Both branches then stand one after the other, which C's syntax allows in those places."""
    groups: list[list[tuple[int, int]]] = []
    stack: list[list[tuple[int, int]]] = []
    for m in _DIRECTIVE_RE.finditer(data):
        kind = m.group(1)
        span = (m.start(), m.end())
        if kind.startswith(b"if"):
            stack.append([span])
        elif stack:
            stack[-1].append(span)
            if kind == b"endif":
                groups.append(stack.pop())
    if not groups:
        return data
    out = bytearray(data)
    changed = False
    for spans in groups:
        first = data.count(b"\n", 0, spans[0][0])
        last = first + data.count(b"\n", spans[0][0], spans[-1][1])
        if not any(a <= last + 1 and first - 1 <= b for a, b in error_rows):
            continue
        branches = [data[spans[i][1] : spans[i + 1][0]] for i in range(len(spans) - 1)]
        if all(_balanced(b) for b in branches):
            for a, b in spans:
                out[a:b] = _blank(data[a:b])
            changed = True
    return bytes(out) if changed else data


def repair(data: bytes, macro_functions: list[int] | None = None, *, cpp: bool = False) -> bytes:
    """`data` with the repairs of the module docstring (same length, same lines). `macro_functions` collects
    the start bytes of the `NAME(fn, ...) {` lines rewritten (their signatures are read from the original);
    C++ keeps them (`TEST(Suite, Name) {` names no function `Suite`)."""
    found = macro_functions if macro_functions is not None else []
    data = _define_comments(data)
    data = _attributes(data)
    data = _loops(data)
    data = _line_macros(data, found, cpp)
    data = _type_args(data)
    data = _ranges(data, found)
    data = _statements(data)
    return _expressions(data)



def is_attribute_macro(name: str) -> bool:
    """Whether a definition's name is one of the annotation macros blanked here."""
    raw = name.encode()
    return raw in _words or raw in _calls
