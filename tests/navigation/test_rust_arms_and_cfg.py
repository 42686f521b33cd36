"""Runtime::block_on's callees (tokio run 416): each match arm's `exec.block_on(..)` resolved by its own arm's
variant (they had been "unresolved: one of"), and the calls compiled only under `#[cfg(..)]` say so."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = '''pub struct CurrentThread;
pub struct MultiThread;

impl CurrentThread {
    pub fn block_on(&self, x: u8) -> u8 { x }
}

impl MultiThread {
    pub fn block_on(&self, x: u8) -> u8 { x + 1 }
}

pub fn trace(x: u8) -> u8 { x }

pub enum Scheduler {
    CurrentThread(CurrentThread),
    MultiThread(MultiThread),
}

pub struct Runtime {
    scheduler: Scheduler,
}

impl Runtime {
    pub fn block_on(&self, x: u8) -> u8 {
        #[cfg(feature = "tracing")]
        let x = trace(
            x,
        );
        match &self.scheduler {
            Scheduler::CurrentThread(exec) => exec.block_on(x),
            #[cfg(feature = "multi")]
            Scheduler::MultiThread(exec) => exec.block_on(x),
        }
    }
}
'''


def test_match_arms_resolve_their_own_binding_and_cfg_is_said(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": SRC})
    a = served.call("find_related", symbol="Runtime.block_on", relation="callees")
    assert not a.is_error, a.text
    rows = a.text.splitlines()
    current = next((r for r in rows if "CurrentThread.block_on" in r), "")
    multi = next((r for r in rows if "MultiThread.block_on" in r), "")
    assert "called at 30" in current and "cfg" not in current, a.text
    assert 'called at 32 (under #[cfg(feature = "multi")])' in multi, a.text
    assert any("trace" in r and 'under #[cfg(feature = "tracing")]' in r for r in rows), a.text
    assert "unresolved" not in a.text, a.text
