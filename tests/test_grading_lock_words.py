"""The grading lock's words and outcomes, decided here without locking anything.

- The audit hook (``jail_child._make_hook``) called directly: every event the design
  refuses, with the exact sentence; frame attributes, the lock's own functions, folders.
- :func:`oslock.available` for each kind of machine (platform and Landlock ABI replaced),
  and :func:`oslock.landlock` on a recording stand-in for libc: the rights it asks the
  kernel for at each ABI, the rule per root, and what it returns when a step fails.
- Each homework module exports exactly the names its ``__all__`` lists.
"""

import importlib
import os
import struct

import pytest

from dtlearn.exercises.homework import jail_child, oslock
from dtlearn.exercises.homework.jail_child import Refused

#: every audit event the lock refuses outright, from the module's design: frames and
#: tracing, new code, processes, signals, file changes, copies and archives, sockets and
#: network clients, databases, limits, memory maps, browsers, ioctl, monitoring, hooks
REFUSED = {
    *("sys.setprofile", "sys.settrace", "sys._getframe", "sys._current_frames"),
    *("sys._current_exceptions", "gc.get_objects", "gc.get_referrers", "gc.get_referents"),
    *("code.__new__", "marshal.dumps"),
    *("os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty"),
    *("pty.spawn", "subprocess.Popen", "os.kill", "os.killpg", "signal.pthread_kill"),
    *("os.remove", "os.rename", "os.rmdir", "os.mkdir", "os.symlink", "os.link"),
    *("os.truncate", "os.chmod", "os.chown", "os.chdir", "os.chroot", "os.utime"),
    *("os.chflags", "os.lchflags", "os.lchmod", "os.lchown", "os.mkfifo", "os.mknod"),
    *("shutil.copyfile", "shutil.copymode", "shutil.copystat", "shutil.copytree"),
    *("shutil.move", "shutil.rmtree", "shutil.make_archive", "shutil.unpack_archive"),
    *("socket.__new__", "socket.connect", "socket.bind", "socket.getaddrinfo"),
    *("socket.sendto", "urllib.Request", "sqlite3.connect", "resource.setrlimit"),
    *("resource.prlimit", "mmap.__new__", "_winapi.CreateProcess", "webbrowser.open"),
    *("ftplib.connect", "smtplib.connect", "http.client.connect", "telnetlib.Telnet.open"),
    *("imaplib.open", "poplib.connect", "nntplib.connect", "syslog.openlog"),
    *("os.startfile", "fcntl.ioctl", "sys.monitoring.register_callback", "sys.addaudithook"),
}


@pytest.fixture
def hook(tmp_path):
    def protected():
        pass

    gate = [False]
    rules = jail_child._make_hook((f"{tmp_path}/",), frozenset(), (protected,), gate)
    return rules, tmp_path, protected, gate


def test_every_event_of_the_design_is_refused_in_words(hook):
    rules, *_ = hook
    assert jail_child._REFUSED_EVENTS == REFUSED
    for event in sorted(REFUSED):
        with pytest.raises(Refused) as caught:
            rules(event, ())
        assert str(caught.value) == f"{event} is not allowed while your work is graded"


def test_any_ctypes_event_is_refused_and_others_pass(hook):
    rules, *_ = hook
    with pytest.raises(Refused, match="^ctypes.dlopen is not allowed while your work is graded$"):
        rules("ctypes.dlopen", ("libc.so.6",))
    for event in ("os.getcwd", "exec", "compile", "sys.audit", "ctypesx", "time.sleep"):
        rules(event, ())


@pytest.mark.parametrize("name", ["gi_frame", "cr_frame", "ag_frame", "tb_frame"])
def test_frame_attributes_are_refused(hook, name):
    rules, *_ = hook
    with pytest.raises(Refused) as caught:
        rules("object.__getattr__", (object(), name))
    assert str(caught.value) == f"reading .{name} is not allowed while your work is graded"


def test_a_traceback_s_frame_is_read_only_through_the_open_gate(hook):
    rules, _, _, gate = hook
    gate[0] = True
    rules("object.__getattr__", (object(), "tb_frame"))
    with pytest.raises(Refused):
        rules("object.__getattr__", (object(), "gi_frame"))
    rules("object.__getattr__", (object(), "f_code"))
    gate[0] = False
    rules("object.__getattr__", (object(), "f_code"))


def test_an_attribute_event_with_a_name_that_is_no_str_is_refused(hook):
    rules, *_ = hook

    class Name(str):
        pass

    with pytest.raises(Refused) as caught:
        rules("object.__getattr__", (object(), Name("tb_frame")))
    assert str(caught.value) == "an audit event with a name that is not a str"
    with pytest.raises(Refused) as caught:
        rules("import", (Name("json"), None, [], [], []))
    assert str(caught.value) == (
        "importing by a name that is not a str is not allowed while your work is graded"
    )


def test_the_lock_s_own_functions_cannot_be_changed(hook):
    rules, _, protected, _ = hook
    with pytest.raises(Refused) as caught:
        rules("object.__setattr__", (protected, "__code__", None))
    assert str(caught.value) == "changing the grading lock is not allowed"
    rules("object.__setattr__", (lambda: None, "__code__", None))


def test_folders_are_listed_only_below_a_root(hook, monkeypatch):
    rules, root, *_ = hook
    (root / "sub").mkdir()
    rules("os.listdir", (str(root / "sub"),))
    rules("os.scandir", (str(root).encode() + b"/sub",))
    rules("os.scandir", (3,))  # a folder opened by number: the open event judged it
    for path in ("/", str(root) + "2", f"{root}/sub/../..", None):
        with pytest.raises(Refused) as caught:
            rules("os.listdir", (path,))
        assert str(caught.value) == (
            "listing a folder outside Python's and dtlearn's is not allowed while your work "
            "is graded"
        )
    monkeypatch.chdir(root)
    rules("os.listdir", ("sub",))  # relative to the current folder, below the root
    with pytest.raises(Refused):  # no path is ".", which the lock reads as a dotted path
        rules("os.listdir", (None,))


def test_opening_a_file_is_judged_by_its_path_and_mode(hook):
    rules, root, *_ = hook
    (root / "a.txt").write_text("x")
    rules("open", (str(root / "a.txt"), "r", os.O_RDONLY))
    rules("open", (5, "r", os.O_RDONLY))  # an open file's number
    rules("open", (str(root / "missing.txt"), "r", os.O_RDONLY))
    with pytest.raises(Refused) as caught:
        rules("open", ("/etc/hostname", "r", os.O_RDONLY))
    assert str(caught.value) == (
        "reading a file outside Python's and dtlearn's folders is not allowed while your "
        "work is graded"
    )
    with pytest.raises(Refused) as caught:
        rules("open", (str(root / "a.txt"), None, "0"))
    assert str(caught.value) == "writing files is not allowed while your work is graded"
    with pytest.raises(Refused):
        rules("open", (3.5, "r", os.O_RDONLY))


# ------------------------------------------------------------------- oslock
@pytest.mark.parametrize(
    "platform_,machine,abi,want",
    [
        (
            "darwin",
            "x86_64",
            3,
            {"ok": False, "why": "not Linux (darwin): no seccomp, no Landlock"},
        ),
        ("linux", "riscv64", 3, {"ok": False, "why": "no seccomp filter written for riscv64"}),
        (
            "linux",
            "x86_64",
            0,
            {
                "ok": False,
                "why": "the kernel (6.1.0-test) has no Landlock (Linux 5.13 or later, with "
                "landlock in the lsm= list)",
            },
        ),
        ("linux", "aarch64", 1, {"ok": True, "why": "Landlock ABI 1, seccomp on aarch64"}),
        ("linux", "x86_64", 6, {"ok": True, "why": "Landlock ABI 6, seccomp on x86_64"}),
    ],
)
def test_whether_a_machine_can_lock_the_child(monkeypatch, platform_, machine, abi, want):
    monkeypatch.setattr(oslock.sys, "platform", platform_)
    monkeypatch.setattr(oslock.platform, "machine", lambda: machine)
    monkeypatch.setattr(oslock.platform, "release", lambda: "6.1.0-test")
    monkeypatch.setattr(oslock, "landlock_abi", lambda: abi)
    assert oslock.available() == want


class LibC:
    """libc with ``syscall`` and ``prctl`` recorded; each answers from the given table."""

    def __init__(self, answers=None, prctl=0):
        self.calls = []
        self.answers = {"landlock_create_ruleset": 7, **(answers or {})}
        self.prctl_answer = prctl
        self.names = {nr: name for name, nr in oslock.SYSCALLS["x86_64"].items()}

    def syscall(self, nr, *args):
        name = self.names[nr.value]
        self.calls.append((name, args))
        return self.answers.get(name, 0)

    def prctl(self, *args):
        self.calls.append(("prctl", args))
        return self.prctl_answer


@pytest.fixture
def fake_libc(monkeypatch):
    def make(abi, **options):
        libc = LibC(**options)
        monkeypatch.setattr(oslock, "_libc", lambda: libc)
        monkeypatch.setattr(oslock, "_calls", lambda: oslock.SYSCALLS["x86_64"])
        monkeypatch.setattr(oslock, "landlock_abi", lambda: abi)
        closed, real_close = [], os.close

        def close(fd):
            closed.append(fd)
            if fd != 7:  # 7: the stand-in ruleset, no descriptor of this process
                real_close(fd)

        monkeypatch.setattr(oslock.os, "close", close)
        return libc, closed

    return make


@pytest.mark.parametrize(
    "abi,fields",
    [
        (1, [0x1FFF]),
        (2, [0x3FFF]),
        (3, [0x7FFF]),
        (4, [0x7FFF, 0b11]),
        (5, [0xFFFF, 0b11]),
        (6, [0xFFFF, 0b11, 0b11]),
        (7, [0xFFFF, 0b11, 0b11]),
    ],
)
def test_the_rights_landlock_handles_at_each_abi(fake_libc, tmp_path, abi, fields):
    libc, closed = fake_libc(abi)
    assert oslock.landlock([str(tmp_path)]) == abi
    name, (attr, size, flags) = libc.calls[0]
    assert name == "landlock_create_ruleset"
    # the buffer ends in ctypes' NUL byte; the kernel accepts zeroed trailing bytes
    assert attr.raw == struct.pack(f"<{len(fields)}Q", *fields) + b"\0"
    assert (size.value, flags.value) == (8 * len(fields) + 1, 0)
    assert 7 in closed  # the ruleset's descriptor is closed


def test_each_root_is_a_read_rule_and_the_ruleset_restricts_this_process(fake_libc, tmp_path):
    libc, _ = fake_libc(3)
    (tmp_path / "f.py").write_text("")
    roots = [str(tmp_path), str(tmp_path / "f.py"), str(tmp_path / "missing")]
    assert oslock.landlock(roots) == 3
    names = [name for name, _ in libc.calls]
    assert names == [
        "landlock_create_ruleset",
        "landlock_add_rule",
        "landlock_add_rule",
        "prctl",
        "landlock_restrict_self",
    ]
    folder, file_ = (args for name, args in libc.calls if name == "landlock_add_rule")
    assert folder[0].value == 7 and folder[1].value == oslock.LANDLOCK_RULE_PATH_BENEATH == 1
    assert struct.unpack_from("<Qi", folder[2].raw)[0] == 0b1101  # execute, read file, read dir
    assert struct.unpack_from("<Qi", file_[2].raw)[0] == 0b0101  # a file: no folder right
    assert folder[3].value == file_[3].value == 0  # landlock_add_rule takes no flags
    assert len(folder) == len(file_) == 4
    assert libc.calls[3] == ("prctl", (oslock.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
    restrict = libc.calls[4][1]
    assert (restrict[0].value, restrict[1].value) == (7, 0)


@pytest.mark.parametrize(
    "abi,options,want",
    [
        (0, {}, 0),
        (3, {"answers": {"landlock_create_ruleset": -1}}, 0),
        (3, {"prctl": -1}, 0),
        (3, {"answers": {"landlock_restrict_self": -1}}, 0),
        (3, {}, 3),
    ],
)
def test_landlock_says_0_when_any_step_fails(fake_libc, tmp_path, abi, options, want):
    libc, _ = fake_libc(abi, **options)
    assert oslock.landlock([str(tmp_path)]) == want
    if abi == 0:
        assert libc.calls == []


def test_the_lock_reports_each_part(monkeypatch):
    monkeypatch.setattr(oslock, "drop_capabilities", lambda: True)
    monkeypatch.setattr(oslock, "landlock", lambda roots: len(roots))
    monkeypatch.setattr(oslock, "seccomp", lambda: False)
    assert oslock.lock(["/a", "/b"]) == {
        "capabilities_dropped": True,
        "landlock": 2,
        "seccomp": False,
    }


def test_nothing_is_locked_off_linux(monkeypatch):
    monkeypatch.setattr(oslock.sys, "platform", "darwin")
    assert oslock._calls() is None
    assert oslock.seccomp() is False
    assert oslock.landlock_abi() == 0
    assert oslock.drop_capabilities() is False


def test_capabilities_are_read_from_the_process_status(monkeypatch, tmp_path):
    status = tmp_path / "status"
    real_open = open

    def fake_open(path, *args, **kwargs):
        return real_open(status if path == "/proc/self/status" else path, *args, **kwargs)

    monkeypatch.setattr("builtins.open", fake_open)
    status.write_text("Name:\tpython\nCapEff:\t0000000000000000\n")
    assert oslock._no_capabilities() is True
    status.write_text("Name:\tpython\nCapEff:\t0000000000000400\n")
    assert oslock._no_capabilities() is False
    status.write_text("Name:\tpython\n")
    assert oslock._no_capabilities() is False
    status.unlink()
    assert oslock._no_capabilities() is False


# ------------------------------------------------------------------- exports
@pytest.mark.parametrize(
    "module",
    [
        "autograde",
        "check_formulas",
        "forbidden_calls",
        "hw1_measures",
        "hw2_id3",
        "hw3_prune",
        "jail_child",
        "jail_client",
        "nbgrader_preprocessor",
        "oslock",
        "similarity",
        "similarity_html",
        "similarity_sources",
        "trial_grading",
    ],
)
def test_each_homework_module_exports_the_names_it_lists(module):
    mod = importlib.import_module(f"dtlearn.exercises.homework.{module}")
    names = getattr(mod, "__all__", [])
    assert len(set(names)) == len(names)
    for name in names:
        assert hasattr(mod, name), f"{module}.__all__ lists {name!r}, which it lacks"
    namespace = {}
    exec(f"from dtlearn.exercises.homework.{module} import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(names)


def test_the_homework_checks_are_exported_by_name():
    from dtlearn.exercises.homework import hw2_id3

    assert hw2_id3.__all__ == ["as_nested_dict", "check_id3"]
