"""Shell answers, from the bash-completion A/B run: completion scripts without an extension are indexed by their
mode line, a helper of the main library file is the callee of every completion that calls it (shell functions share
one namespace, and every helper's name starts with `_`), and `complete -F func cmd...` is a use of `func`."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import hit_at
from tests.navigation.conftest import Served, flat, served_tree

FILES = {
    "bash_completion": (
        "#                                  -*- shell-script -*-\n"                 # 1
        "_init_completion()\n"                                                       # 2
        "{\n"                                                                        # 3
        "    _get_comp_words_by_ref cur prev words cword\n"                          # 4
        "}\n"                                                                        # 5
        "_get_comp_words_by_ref() { :; }\n"                                          # 6
        "_longopt()\n"                                                               # 7
        "{\n"                                                                        # 8
        "    _init_completion -s || return\n"                                        # 9
        "}\n"                                                                        # 10
        "complete -F _longopt a2ps awk \\\n"                                         # 11
        "    base64 bash\n"),                                                        # 12
    "completions/ssh": (
        "# ssh(1) completion                 -*- shell-script -*-\n"                 # 1
        "\n"                                                                         # 2
        "_ssh_queries() { COMPREPLY+=($(compgen -W 'a b' -- \"$cur\")); }\n"         # 3
        "_ssh()\n"                                                                   # 4
        "{\n"                                                                        # 5
        "    local cur prev words cword\n"                                           # 6
        "    _init_completion -n : || return\n"                                      # 7
        "    _ssh_queries\n"                                                         # 8
        "    ssh-keygen -l\n"                                                        # 9
        "} &&\n"                                                                     # 10
        "    complete -F _ssh ssh slogin autossh\n"),                                # 11
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path, FILES)


def test_a_completion_calls_the_main_files_helpers_and_the_rest_are_commands(tmp_path: Path):
    s = _served(tmp_path)
    text = flat(s.call("find_related", symbol="_ssh", relation="callees").text)
    assert "_init_completion bash_completion:2-5 called at 7" in text, text
    assert "_ssh_queries completions/ssh:3-3 called at 8" in text, text
    assert "not defined in this repository (shell builtins and external commands): local, return, ssh-keygen" in text, text


def test_callers_of_a_helper_include_other_files_and_a_complete_registration(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("find_related", symbol="_init_completion", relation="callers").text
    assert "completions/ssh:7 in _ssh" in text and "bash_completion:9 in _longopt" in text, text
    refs = s.call("search_symbol", query="_longopt", references=True).text
    assert (hit_at(refs, "bash_completion", 11) or "").startswith("11: complete -F _longopt a2ps awk"), refs
    ssh = s.call("search_symbol", query="_ssh", references=True).text
    assert hit_at(ssh, "completions/ssh", 11), ssh


def test_a_completion_depends_on_the_file_defining_the_functions_it_calls(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("list_dependencies", path="completions/ssh").text
    assert "bash_completion  (line 7, calls by name (shell functions share one namespace)): _init_completion 7" in text, text
    assert "ssh-keygen" not in text and "_ssh_queries" not in text, text  # a command; its own function


def test_a_sourced_path_built_from_the_scripts_folder_is_the_file_it_names(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib/common.sh": "log() { echo \"$@\"; }\n",
        "other/lib/common.sh": "log() { :; }\n",
        "bin/run.sh": ("#!/bin/bash\n"
                       ". \"$(dirname \"$0\")/../lib/common.sh\"\n"
                       "source \"${BASH_SOURCE%/*}/helpers.sh\"\n"
                       ". \"$plugin_file\"\n"
                       "main() { log start; }\n"),
        "bin/helpers.sh": "helper() { :; }\n",
    })
    text = s.call("list_dependencies", path="bin/run.sh").text
    assert "  bin/helpers.sh  (line 3)" in text and "  lib/common.sh  (line 2): log 5" in text, text
    assert "other/lib" not in text, text
    assert 'a path computed when it runs (shell `. "$file"`): $plugin_file (line 4)' in text, text


def test_a_function_in_a_word_list_compgen_expands_is_called(tmp_path: Path):
    # bash-completion's `COMPREPLY=($(compgen -W '$(_parse_usage "$1")' -- "$cur"))`: single quotes, so the shell
    # does not run it, compgen does
    s = served_tree(tmp_path, {
        "bash_completion": "# -*- shell-script -*-\n_parse_usage() { :; }\n_parse_help() { :; }\n",
        "completions/scp": ("# -*- shell-script -*-\n"
                            "_scp()\n"
                            "{\n"
                            "    COMPREPLY=($(compgen -W '$(_parse_usage \"$1\")' -- \"$cur\"))\n"
                            "    COMPREPLY=($(compgen -W 'a b' \\\n"
                            "        '`_parse_help x`' -- \"$cur\"))\n"
                            "    local ciphers='$(_ssh_query \"$1\" cipher)'\n"
                            "    COMPREPLY=($(compgen -W \"$ciphers\" -- \"$cur\"))\n"
                            "}\n"),
        "completions/ssh": "# -*- shell-script -*-\n_ssh_query() { :; }\n",
    })
    text = flat(s.call("find_related", symbol="_scp", relation="callees").text)
    assert "_parse_usage bash_completion:2-2 called at 4" in text and "_parse_help bash_completion:3-3 called at 6" in text, text
    assert "_ssh_query completions/ssh:2-2 called at 7" in text, text  # a word list kept in a variable


def test_a_helper_called_through_xfunc_has_that_caller(tmp_path: Path):
    # bash-completion's `_xfunc python _python_modules` loads completions/python, then calls its helper
    s = served_tree(tmp_path, {
        "bash_completion": "# -*- shell-script -*-\n_xfunc()\n{\n    shift\n    \"$@\"\n}\n",
        "completions/python": "# -*- shell-script -*-\n_python_modules() { :; }\n",
        "completions/pydoc": ("# -*- shell-script -*-\n"
                              "_pydoc()\n"
                              "{\n"
                              "    _xfunc python _python_modules\n"
                              "}\n"),
    })
    text = s.call("find_related", symbol="_python_modules", relation="callers").text
    assert "completions/pydoc:4 in _pydoc" in text, text
    deps = s.call("list_dependencies", path="completions/pydoc").text
    assert "completions/python  (line 4, calls by name (shell functions share one namespace)): _python_modules 4" in deps, deps


def test_a_helper_defined_once_is_called_by_global_name_and_depth_two_counts_every_site(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("find_related", symbol="_init_completion", relation="callers").text
    assert text.split("\n")[0].endswith("2 calling definitions, 2 call sites; by same file 1, global name 1"), text
    assert "[name only]" not in text, text
    deep = s.call("find_related", symbol="_get_comp_words_by_ref", relation="callers", depth=2).text
    assert "3 call sites (1 of it, 2 of its callers)" in deep.split("\n")[0], deep


def test_a_definition_read_by_name_starts_at_its_doc_comment(tmp_path: Path):
    s = served_tree(tmp_path, {
        "lib.sh": ("# unrelated header\n"
                   "\n"
                   "# Initialize completion.  Before calling this function, make sure\n"
                   "# cur, prev, words, and cword are local.\n"
                   "_init_completion()\n"
                   "{\n"
                   "    :\n"
                   "}\n"),
        "util.ts": ("/**\n"
                    " * Joins two paths.\n"
                    " */\n"
                    "export function join(a: string, b: string): string {\n"
                    "  return a + b;\n"
                    "}\n"),
    })
    text = s.call("read_code_range", path="lib.sh", symbol="_init_completion").text
    assert text.startswith("lib.sh:3-8 function _init_completion 5-8 with its doc comment (of 8 lines)") and "make sure" in text, text
    assert "unrelated header" not in text, text
    ts = s.call("read_code_range", path="util.ts", symbol="join").text
    assert ts.startswith("util.ts:1-6 function join 4-6 with its doc comment") and "Joins two paths." in ts, ts


def test_a_line_read_names_the_case_branch_and_blocks_it_sits_in(tmp_path: Path):
    s = served_tree(tmp_path, {"completions/screen": (
        "# -*- shell-script -*-\n"                       # 1
        "_screen()\n"                                    # 2
        "{\n"                                            # 3
        "    if ((cword > 2)); then\n"                   # 4
        "        case ${words[1]} in\n"                  # 5
        "            -T | //telnet)\n"                   # 6
        "                _known_hosts_real -- \"$cur\"\n"  # 7
        "                ;;\n"                           # 8
        "        esac\n"                                 # 9
        "    fi\n"                                       # 10
        "} && complete -F _screen screen\n")})           # 11
    text = s.call("read_code_range", path="completions/screen", start_line=7, end_line=7).text
    assert text.split("\n")[0].endswith("— in branch -T|//telnet) 6-8, in case ${words[1]} in 5-9, "
                                        "in if ((cword > 2)) 4-10, in function _screen 2-11"), text
    # the chain is told once: a brace count's "inside: 5-8 case ..." beside it had named a sibling branch for the
    # line (bash-completion run 370: "inside: 44-56 case ${words[1]} in; 45-52 /dev*)" for line 54 of //telnet))
    assert "inside:" not in text, text


def test_a_semantic_read_names_the_commands_no_file_defines(tmp_path: Path):
    s = _served(tmp_path)
    text = s.call("read_code_range", path="completions/ssh", symbol="_ssh", context="semantic").text
    assert "bash_completion:2-5 _init_completion()" in text, text
    assert "not defined in this repository (shell builtins and external commands): local, return, ssh-keygen" in text, text


def test_builtins_declared_as_keywords_are_commands_and_callers_say_how_far_they_go(tmp_path: Path):
    s = served_tree(tmp_path, {"lib.sh": ("# -*- shell-script -*-\n"
                                          "_helper() { :; }\n"
                                          "_main()\n"
                                          "{\n"
                                          "    local cur=$1\n"
                                          "    unset cur\n"
                                          "    _helper\n"
                                          "}\n")})
    callees = s.call("find_related", symbol="_main", relation="callees").text
    assert "(shell builtins and external commands): local, unset" in callees, callees
    callers = s.call("find_related", symbol="_helper", relation="callers").text
    assert "a name built when the script runs (eval" in callers, callers
    listed = s.call("find_related", symbol="_helper, _main", relation="callers")  # each answered in turn
    assert not listed.is_error and listed.text.count("callers of function") == 2, listed.text


def test_a_makefiles_targets_and_variables_are_definitions_and_its_includes_files(tmp_path: Path):
    # the bash-completion A/B agent spent four calls finding `install-data-hook: symlinks` in completions/Makefile.am
    s = served_tree(tmp_path, {
        "Makefile.am": ("SUBDIRS = completions\n"
                        "compatdir = $(sysconfdir)/bash_completion.d\n"
                        "\n"
                        "# The names the loader needs.\n"
                        "install-data-hook: symlinks\n"
                        "\t$(SETUP_SYMLINKS) $(DESTDIR)$(compatdir)\n"
                        "CLEANFILES = \\\n"
                        "\tpython3 \\\n"
                        "\tpython3.6\n"),
        "Makefile": "include mk/rules.mk\n-include $(DEPS)\nall: hello\n.PHONY: all\n",
        "mk/rules.mk": "%.o: %.c\n\t$(CC) -c $<\n",
    })
    outline = s.call("get_structured_index", path="Makefile.am").text
    assert "5-6 target install-data-hook" in outline and "2-2 variable compatdir" in outline, outline
    hit = s.call("search_symbol", query="install-data-hook").text
    assert hit.startswith("Makefile.am:5-6 target install-data-hook"), hit
    deps = s.call("list_dependencies", path="Makefile").text
    assert "mk/rules.mk  (line 1)" in deps and "$(DEPS) (line 2)" in deps, deps
    assert ".PHONY" not in s.call("get_structured_index", path="Makefile").text
    found = s.call("search_text", pattern="python3.6", path="Makefile.am").text  # a hit names the variable it is in
    assert hit_at(found, "Makefile.am", 9) == "9: python3.6  — in CLEANFILES 7-9", found


def test_a_shell_caller_row_says_where_the_variables_it_passes_were_set(tmp_path: Path):
    # "what does each caller pass as the offset": the bash-completion A/B agent read all 12 callers for it
    s = served_tree(tmp_path, {
        "bash_completion": "# -*- shell-script -*-\n_command_offset() { :; }\n",
        "completions/sudo": ("# -*- shell-script -*-\n"                         # 1
                             "_sudo()\n"                                         # 2
                             "{\n"                                               # 3
                             "    local i offset\n"                              # 4
                             "    for ((i = 1; i <= cword; i++)); do\n"          # 5
                             "        offset=$i\n"                               # 6
                             "    done\n"                                        # 7
                             "    _command_offset $offset  # the command\n"      # 8
                             "}\n"),                                             # 9
        "completions/gdb": ("# -*- shell-script -*-\n"
                            "_gdb()\n"
                            "{\n"
                            "    for i in ${!words[*]}; do :; done\n"
                            "    _command_offset $((i + 1))\n"
                            "}\n"),
    })
    text = s.call("find_related", symbol="_command_offset", relation="callers").text
    assert "completions/sudo:8 in _sudo (2-9): _command_offset $offset  # the command  [$offset: 6: offset=$i]" in text, text
    assert "_command_offset $((i + 1))  [$i: 4: for i in ${!words[*]}; do :; done]" in text, text


def test_callees_from_two_files_are_grouped_by_file_each_in_call_order(tmp_path: Path):
    s = served_tree(tmp_path, {
        "bash_completion": "# -*- shell-script -*-\n_init_completion() { :; }\n_filedir() { :; }\n",
        "completions/ssh": ("# -*- shell-script -*-\n"
                            "_ssh_configfile() { :; }\n"
                            "_ssh_options() { :; }\n"
                            "_ssh()\n"
                            "{\n"
                            "    _init_completion\n"    # 6
                            "    _ssh_configfile\n"     # 7
                            "    _filedir\n"            # 8
                            "    _ssh_options\n"        # 9
                            "}\n"),
    })
    rows = s.call("find_related", symbol="_ssh", relation="callees").text.split("\n")[2:8]
    assert rows == ["bash_completion", "  _init_completion 2-2 called at 6", "  _filedir 3-3 called at 8",
                    "completions/ssh", "  _ssh_configfile 2-2 called at 7", "  _ssh_options 3-3 called at 9"], rows


def test_a_completion_scripts_outline_shows_which_function_completes_which_commands(tmp_path: Path):
    s = _served(tmp_path)
    outline = s.call("get_structured_index", path="completions/ssh").text
    assert "11-11 completion complete -F _ssh ssh slogin autossh" in outline, outline
    hit = s.call("search_symbol", query="a2ps").text
    assert hit.startswith("bash_completion:11-12 completion a2ps — complete -F _longopt a2ps awk"), hit


def test_a_shell_variables_references_include_its_uses_inside_globs(tmp_path: Path):
    # tree-sitter-bash reads `$svcdir/!($_backup_glob)` as `$` and a word: the A/B agent of run 42 got "no references"
    s = served_tree(tmp_path, {
        "bash_completion": ("# -*- shell-script -*-\n"
                            "_backup_glob='@(#*#|*@(~|.@(bak|orig)))'\n"
                            "_services()\n"
                            "{\n"
                            "    # not $_backup_glob in a comment\n"
                            "    for svc in $svcdir/!($_backup_glob); do :; done\n"
                            "}\n"
                            "unset _backup_glob\n"),
        "completions/invoke-rc.d": ("# invoke-rc.d(8) completion     -*- shell-script -*-\n"
                                    "_invoke_rc_d()\n"
                                    "{\n"
                                    "    services=($(printf '%s ' $sysvdir/!(README*|*.sh|${_backup_glob})))\n"
                                    "}\n"),
    })
    text = s.call("search_symbol", query="_backup_glob", references=True).text
    assert "references (3 in 2 files" in text, text
    assert hit_at(text, "bash_completion", 6) and (hit_at(text, "bash_completion", 8) or "").startswith(
        "8: unset _backup_glob"), text
    assert hit_at(text, "completions/invoke-rc.d", 4) and hit_at(text, "bash_completion", 5) is None, text


def test_a_semantic_reads_commands_are_no_variables(tmp_path: Path):
    s = served_tree(tmp_path, {"completions/rsync": ("# -*- shell-script -*-\n"
                                                     "_rsync()\n"
                                                     "{\n"
                                                     "    local cur prev split=false\n"
                                                     "    COMPREPLY=($(compgen -W '--help' -- \"$cur\"))\n"
                                                     "    $split && return\n"
                                                     "}\n")})
    text = s.call("read_code_range", path="completions/rsync", symbol="_rsync", context="semantic").text
    assert "(shell builtins and external commands): local, compgen, return" in text, text


def test_a_variable_named_like_a_function_is_no_call_of_it(tmp_path: Path):
    s = served_tree(tmp_path, {"lib.sh": ("# -*- shell-script -*-\n"
                                          "have() { :; }\n"
                                          "_main()\n"
                                          "{\n"
                                          "    have ssh\n"
                                          "    echo \"$have\"\n"
                                          "}\n")})
    text = s.call("find_related", symbol="have", relation="callers").text
    assert "lib.sh:5 in _main" in text and "6" not in text.split("\n", 2)[2], text


def test_a_function_read_by_name_takes_the_statement_it_continues_into(tmp_path: Path):
    # run 52: reading _completion_loader stopped at `} &&`; `complete -D -F _completion_loader` (the line that
    # registers it) took another read
    s = served_tree(tmp_path, {"bash_completion": ("# -*- shell-script -*-\n"
                                                   "# set up dynamic completion loading\n"
                                                   "_completion_loader()\n"
                                                   "{\n"
                                                   "    return 124\n"
                                                   "} &&\n"
                                                   "    complete -D -F _completion_loader\n"
                                                   "\n"
                                                   "_other() { :; }\n")})
    text = s.call("read_code_range", path="bash_completion", symbol="_completion_loader").text
    assert "function _completion_loader 3-6 with its doc comment, and the statement it continues into" in text, text
    assert "7\t    complete -D -F _completion_loader" in text and "_other" not in text, text


def test_a_function_reached_through_xfunc_says_so(tmp_path: Path):
    # run 52: `_xfunc ssh _scp_remote_files` in rsync listed _scp_remote_files as a plain global name
    s = served_tree(tmp_path, {
        "bash_completion": "# -*- shell-script -*-\n_xfunc()\n{\n    . \"$1\"\n    \"$2\"\n}\n",
        "completions/ssh": "# ssh(1) completion  -*- shell-script -*-\n_scp_remote_files()\n{\n    :\n}\n",
        "completions/rsync": ("# rsync(1) completion  -*- shell-script -*-\n_rsync()\n{\n"
                              "    _xfunc ssh _scp_remote_files\n}\n"),
    })
    text = flat(s.call("find_related", symbol="_rsync", relation="callees").text)
    assert "via _xfunc ssh (sourced when it runs) 1" in text and "_scp_remote_files completions/ssh:2-5 called at 4" in text, text


def test_callers_all_in_the_definitions_file_say_none_are_elsewhere(tmp_path: Path):
    # (bash-completion run 370 read "all by same file" as "completions/ not searched", and checked by a text search)
    s = served_tree(tmp_path, {
        "lib.sh": "_upvars()\n{\n    echo \"$1\"\n}\n\n_get_words()\n{\n    _upvars a\n}\n",
        "completions/ssh": "_ssh()\n{\n    local cur\n}\ncomplete -F _ssh ssh\n",
    })
    text = s.call("find_related", symbol="_upvars", relation="callers").text
    assert text.split("\n")[0].endswith("; all by same file (none in other files)"), text
