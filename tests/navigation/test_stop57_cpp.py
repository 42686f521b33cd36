"""Mends of stop 57 (C++, leveldb A/B run 507), each with what the agent saw before."""
from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import served_tree

PORT = {
    "port/thread_annotations.h": "#define GUARDED_BY(x)\n#define LOCKABLE\n#define EXCLUSIVE_LOCK_FUNCTION(...)\n",
    "port/port.h": ("#ifndef PORT_H_\n#define PORT_H_\n#include \"port/thread_annotations.h\"\n"
                    "#if defined(LEVELDB_PLATFORM_POSIX)\n#include \"port/port_stdcxx.h\"\n#endif\n#endif\n"),
    "port/port_stdcxx.h": ("namespace leveldb {\nnamespace port {\n"
                           "class LOCKABLE Mutex {\n public:\n  void Lock() EXCLUSIVE_LOCK_FUNCTION() {}\n"
                           "  void Unlock() {}\n  void AssertHeld() {}\n};\n}  // namespace port\n}  // namespace leveldb\n"),
    # (the port a new platform copies; nothing includes it)
    "port/port_example.h": ("namespace leveldb {\nnamespace port {\n"
                            "class LOCKABLE Mutex {\n public:\n  void Lock();\n  void Unlock();\n  void AssertHeld();\n};\n"
                            "}  // namespace port\n}  // namespace leveldb\n"),
}
ENV = {
    **PORT,
    "include/env.h": "namespace leveldb {\nclass Env {\n public:\n  virtual ~Env();\n  virtual void Schedule() = 0;\n};\n}\n",
    "util/env_posix.cc": ("#include \"include/env.h\"\n#include \"port/port.h\"\n#include <queue>\nnamespace leveldb {\n"
                          "class PosixEnv : public Env {\n public:\n  void Schedule() override {}\n"
                          "  void BackgroundThreadMain();\n\n private:\n"
                          "  port::Mutex background_work_mutex_;\n"                                   # 11
                          "  bool started_background_thread_ GUARDED_BY(background_work_mutex_);\n"
                          "  std::queue<int> background_work_queue_\n"                                # 13
                          "      GUARDED_BY(background_work_mutex_);\n"
                          "  int limit_ ACQUIRED_AFTER(background_work_mutex_) PT_GUARDED_BY(mu_) = 3;\n"  # 15
                          "};\n}  // namespace leveldb\n"),
}


def test_a_thread_safety_annotation_on_the_line_below_a_field_is_no_method(tmp_path: Path):
    """leveldb run 507: the implementations of Env said PosixEnv "adds BackgroundThreadMain 720, GUARDED_BY 745":
    `std::queue<BackgroundWorkItem> background_work_queue_\\n GUARDED_BY(background_work_mutex_);` was read as a field
    and a method GUARDED_BY."""
    s = served_tree(tmp_path / "r", ENV)
    impls = s.call("find_related", symbol="Env", relation="implementations").text
    assert "adds BackgroundThreadMain 8" in impls and "GUARDED_BY" not in impls, impls
    outline = s.call("get_structured_index", path="util/env_posix.cc").text
    assert "13-14 field std::queue<int> background_work_queue_" in outline, outline
    assert "15-15 field int limit_" in outline, outline
    assert "GUARDED_BY" not in outline and "ACQUIRED_AFTER" not in outline, outline
