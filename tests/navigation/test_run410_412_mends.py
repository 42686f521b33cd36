"""Rich run 410 and MobX run 412: names asked among several that no definition has say where they are assigned or
imported from; a bare call of a function's own parameter is no call of the module function of that name."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIVE = ('from os import PathLike, stat\n\n\nclass Live:\n    def __init__(self, console=None):\n'
        '        self.console = console\n\n    def update(self):\n        return stat("x")\n')


def test_missing_names_among_several_say_where_assigned_or_imported(tmp_path):
    served = served_tree(tmp_path / "r", {"rich/live.py": LIVE})
    a = served.call("search_symbol", query="Live.console, Live.update, stat")
    assert not a.is_error, a.text
    assert ("Live (rich/live.py:4) declares no console: its instances get it by assignment, rich/live.py:6 "
            "`self.console = console` in Live.__init__ 5-6") in a.text, a.text
    assert "'stat' is imported, not defined here: rich/live.py:1 `from os import PathLike, stat`" in a.text, a.text
    assert "method Live.update" in a.text, a.text


ACTION = "export function action(fn: () => void) {\n  return fn;\n}\n"
DERIVATION = ('import { action } from "./action";\n\n'
              "export function untracked<T>(action: () => T): T {\n  return action();\n}\n\n"
              "export function twice(cb: () => void, action: () => number): number {\n  cb();\n  return action();\n}\n\n"
              "export function run() {\n  return action(() => {});\n}\n\n"
              # (a parameter of a callback type declares nothing here: `action()` is the import's, review of cb78ebf)
              "export function keep(x: number, cb: (action: number) => void) {\n  return action(() => {});\n}\n")
PY = "def helper():\n    return 1\n\n\ndef use(helper):\n    return helper()\n\n\ndef other():\n    return helper()\n"


def test_a_call_of_a_parameter_is_no_call_of_the_function(tmp_path):
    served = served_tree(tmp_path / "r", {"src/action.ts": ACTION, "src/derivation.ts": DERIVATION, "src/p.py": PY})
    a = served.call("find_related", symbol="action", relation="callers")
    assert not a.is_error, a.text
    rows = [ln for ln in a.text.splitlines() if " in " in ln and "left out" not in ln]
    assert len(rows) == 2 and "in run" in rows[0] and "in keep" in rows[1], a.text
    assert "2 other calls named 'action' left out" in a.text, a.text
    b = served.call("find_related", symbol="helper", relation="callers")
    assert "in other" in b.text and "in use (" not in b.text, b.text


REACTION = '''export class Reaction {
  runReaction_() {
    return 1;
  }
}

let reactionScheduler: (fn: () => void) => void = f => f();

export function runReactions() {
  // runReactionsHelper is run by the scheduler
  reactionScheduler(runReactionsHelper);
}

function runReactionsHelper() {
  const r = new Reaction();
  r.runReaction_();
}
'''


def test_a_dead_end_names_where_the_function_is_passed_as_a_value(tmp_path):
    served = served_tree(tmp_path / "r", {"src/reaction.ts": REACTION})
    a = served.call("find_related", symbol="Reaction.runReaction_", relation="callers", depth=2)
    assert not a.is_error, a.text
    assert "runReactionsHelper (passed as a value at src/reaction.ts:11)" in a.text, a.text


COLUMNS = '''class ProgressColumn:
    def __call__(self, task):
        return self.render(task)

    def render(self, task):
        raise NotImplementedError


def table(columns, task):
    return [column(task) for column in columns]
'''


def test_no_callers_of_dunder_call_says_how_it_runs(tmp_path):
    served = served_tree(tmp_path / "r", {"rich/progress.py": COLUMNS})
    a = served.call("find_related", symbol="ProgressColumn.__call__", relation="callers")
    assert "runs when an instance is called as a function" in a.text, a.text
    assert 'search_text(pattern="__call__")' not in a.text, a.text


ACCESSORS = '''export class Reaction {
  private flags_ = 0

  constructor(public name_: string, private onInvalidate_: () => void) {}

  get isDisposed() {
    return (this.flags_ & 1) !== 0
  }
  set isScheduled(v: boolean) {
    this.flags_ = v ? 2 : 0
  }

  runReaction_() {
    if (!this.isDisposed) {
      this.isScheduled = false
      this.onInvalidate_()
    }
  }
}
'''


def test_accessors_run_off_this_are_callees_and_a_field_call_says_so(tmp_path):
    served = served_tree(tmp_path / "r", {"src/reaction.ts": ACCESSORS})
    a = served.call("find_related", symbol="Reaction.runReaction_", relation="callees")
    assert not a.is_error, a.text
    assert "Reaction.isDisposed 6-8 called at 14 (property read)" in a.text, a.text
    assert "Reaction.isScheduled 9-11 called at 15 (property set)" in a.text, a.text
    assert "this.onInvalidate_ (a function held in the field onInvalidate_, a parameter of Reaction's constructor" in a.text, a.text
