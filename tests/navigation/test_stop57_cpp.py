"""Mends of stop 57 (C++, leveldb A/B run 507), each with what the agent saw before."""
from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served, served_tree

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
DB = {
    **PORT,
    "db/version_set.h": ("namespace leveldb {\n"
                         "class Version {\n public:\n  int PickLevelForMemTableOutput(int a, int b);\n};\n\n"
                         "class VersionSet {\n public:\n  VersionSet(int a, int b, int* c);\n"
                         "  int NewFileNumber() { return 1; }\n  int Recover(bool* save);\n};\n"
                         "}  // namespace leveldb\n"),
    "db/version_set.cc": ("#include \"db/version_set.h\"\nnamespace leveldb {\n"
                          "int Version::PickLevelForMemTableOutput(int a, int b) {\n  return a + b;\n}\n\n"
                          "int VersionSet::Recover(bool* save) {\n  return 0;\n}\n}  // namespace leveldb\n"),
    "db/db_impl.h": ("#include \"port/port.h\"\n#include \"db/version_set.h\"\nnamespace leveldb {\n"
                     "class DBImpl {\n public:\n  int Recover(bool* save);\n  int WriteLevel0Table(int mem, Version* base);\n\n"
                     " private:\n"
                     "  struct CompactionStats {\n    CompactionStats() : micros(0) {}\n"
                     "    void Add(const CompactionStats& c) { micros += c.micros; }\n    int micros;\n  };\n\n"
                     "  port::Mutex mutex_;\n"
                     "  VersionSet* const versions_ GUARDED_BY(mutex_);\n"
                     "  CompactionStats stats_[7] GUARDED_BY(mutex_);\n"
                     "};\n}  // namespace leveldb\n"),
    "db/db_impl.cc": ("#include \"db/db_impl.h\"\nnamespace leveldb {\n"
                      "int DBImpl::Recover(bool* save) {\n"
                      "  mutex_.AssertHeld();\n"
                      "  int s = versions_->Recover(save);\n"                       # 5
                      "  return s;\n}\n\n"
                      "int DBImpl::WriteLevel0Table(int mem,\n"                     # 9
                      "                             Version* base) {\n"
                      "  mutex_.AssertHeld();\n"                                    # 11
                      "  int n = versions_->NewFileNumber();\n"
                      "  mutex_.Unlock();\n"
                      "  mutex_.Lock();\n"
                      "  int level = base->PickLevelForMemTableOutput(n, mem);\n"   # 15
                      "  CompactionStats stats;\n"
                      "  stats_[level].Add(stats);\n"                               # 17
                      "  return level;\n}\n}  // namespace leveldb\n"),
    "db/db_test.cc": ("#include \"db/db_impl.h\"\nnamespace leveldb {\n"
                      "class DBTest {\n public:\n  int Reopen() { return 0; }\n};\n\n"
                      "TEST_F(DBTest, Recover) {\n"                                 # 8
                      "  ASSERT_LEVELDB_OK(Reopen());\n}\n\n"
                      "TEST(FileNameTest, Construction) {\n"                        # 12
                      "  bool save;\n"
                      "  VersionSet vset(1, 2, nullptr);\n"
                      "  ASSERT_LEVELDB_OK(vset.Recover(&save));\n}\n"              # 15
                      "}  // namespace leveldb\n"),
}


def _served(tmp_path: Path) -> Served:
    return served_tree(tmp_path / "r", DB)


def test_cpp_calls_on_fields_and_parameters_resolve_by_their_declared_types(tmp_path: Path):
    """leveldb run 507: the callees of DBImpl::WriteLevel0Table said "complete" yet put under "not defined by name in
    the repository" mutex_.AssertHeld/Lock/Unlock (`port::Mutex mutex_;`, two Mutex classes, one included),
    versions_.NewFileNumber (`VersionSet* const versions_ GUARDED_BY(mutex_);`), base.PickLevelForMemTableOutput (a
    parameter `Version* base`) and stats_[].Add (`CompactionStats stats_[N] GUARDED_BY(mutex_);`, a nested struct)."""
    text = _served(tmp_path).call("find_related", symbol="DBImpl.WriteLevel0Table", relation="callees").text
    assert "not defined" not in text, text
    for row in ("Mutex.AssertHeld 7-7 called at 11", "Mutex.Unlock 6-6 called at 13", "Mutex.Lock 5-5 called at 14",
                "VersionSet.NewFileNumber db/version_set.h:10-10 called at 12",
                "Version.PickLevelForMemTableOutput db/version_set.cc:3-5 called at 15",
                "DBImpl.CompactionStats.Add db/db_impl.h:12-12 called at 17"):
        assert row in text, text
    assert "port/port_stdcxx.h" in text and "port/port_example.h" not in text, text


def test_cpp_callers_through_a_const_pointer_field_and_a_constructed_local_are_by_type(tmp_path: Path):
    """leveldb run 507: `versions_->Recover(save_manifest)` (`VersionSet* const versions_`) was a name-only caller of
    VersionSet::Recover, so depth=3 stopped there; `vset.Recover(&m)` on a local `VersionSet vset(..);` was a
    name-only caller of DBImpl::Recover."""
    s = _served(tmp_path)
    callers = s.call("find_related", symbol="VersionSet.Recover", relation="callers").text
    row = next(line for line in callers.splitlines() if line.startswith("db/db_impl.cc:5 in DBImpl.Recover"))
    assert "name only" not in row and "receiver type" in callers.splitlines()[0], callers
    assert "db/db_test.cc:15" in callers.split("matched by name only")[0], callers
    other = s.call("find_related", symbol="DBImpl.Recover", relation="callers").text
    assert "db/db_test.cc:15" not in other.split("left out")[0] and "vset.Recover" in other, other


def test_gtest_macro_arguments_are_no_calls_and_tests_are_named_as_written(tmp_path: Path):
    """leveldb run 507: `TEST_F(DBTest, Recover) {` was a caller of DBImpl::Recover ("in TEST_F [name only]"), and
    every caller in a test body was named "in TEST" or "in TEST_F": the agent read the line to learn which test."""
    s = _served(tmp_path)
    other = s.call("find_related", symbol="DBImpl.Recover", relation="callers").text
    assert "db/db_test.cc:8" not in other and "TEST_F" not in other, other
    callers = s.call("find_related", symbol="VersionSet.Recover", relation="callers").text
    assert "15 in TEST(FileNameTest, Construction)" in callers, callers
    reopen = s.call("find_related", symbol="DBTest.Reopen", relation="callers").text
    assert "db/db_test.cc:9 in TEST_F(DBTest, Recover) (8-10)" in reopen, reopen
    outline = s.call("get_structured_index", path="db/db_test.cc").text
    assert "8-10 function TEST_F(DBTest, Recover)" in outline and "12-16 function TEST(FileNameTest, Construction)" in outline, outline
    callees = s.call("find_related", symbol="TEST(FileNameTest, Construction)", relation="callees").text
    assert callees.startswith("callees of function TEST(FileNameTest, Construction) (db/db_test.cc:12-16)"), callees


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
