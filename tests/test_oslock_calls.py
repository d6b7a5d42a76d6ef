"""What :mod:`oslock` asks the kernel for, byte for byte, on a recording stand-in for libc.

- :func:`oslock.seccomp`: ``no_new_privs`` first, then ``PR_SET_SECCOMP`` in filter mode
  with a ``struct sock_fprog`` whose instructions are ``struct sock_filter`` (u16 code,
  u8 jt, u8 jf, u32 k: 8 bytes each, linux/filter.h), exactly the program of
  :func:`oslock.filter_program`; False when either step fails.
- :func:`oslock.drop_capabilities`: ``capset`` with a version 3 header (linux/capability.h:
  ``_LINUX_CAPABILITY_VERSION_3``, pid 0 = this process) and two zeroed
  ``__user_cap_data_struct`` (effective, permitted, inheritable: three u32 each); when the
  call fails, whether the process status shows no capability decides.
"""

import ctypes
import struct

import pytest

from dtlearn.exercises.homework import oslock


class RecordingLibC:
    """``prctl`` and ``syscall`` recorded (with what their buffers held at the call)."""

    def __init__(self, prctl=(0, 0), syscall=0):
        self.calls = []
        self.prctl_answers = list(prctl)
        self.syscall_answer = syscall

    def prctl(self, option, *args):
        if option == oslock.PR_SET_SECCOMP:
            program = args[1]._obj  # the struct passed by reference
            raw = ctypes.string_at(program.filter, 8 * program.len)
            self.calls.append(("prctl", option, args[0], program.len, raw, args[2:]))
        else:
            self.calls.append(("prctl", option, *args))
        return self.prctl_answers.pop(0)

    def syscall(self, nr, *buffers):
        self.calls.append(("syscall", nr.value, *(b.raw for b in buffers)))
        return self.syscall_answer


@pytest.fixture
def libc(monkeypatch):
    def make(**answers):
        fake = RecordingLibC(**answers)
        monkeypatch.setattr(oslock, "_libc", lambda: fake)
        monkeypatch.setattr(oslock.sys, "platform", "linux")
        monkeypatch.setattr(oslock.platform, "machine", lambda: "x86_64")
        return fake

    return make


def sock_filter(program):
    return b"".join(struct.pack("=HBBI", *ins) for ins in program)


def test_seccomp_installs_the_whole_program_after_no_new_privs(libc):
    fake = libc()
    assert oslock.seccomp() is True
    program = oslock.filter_program("x86_64")
    assert len(program) == len(oslock.DENIED) + 6  # every call x86_64 has, + 6 fixed
    assert fake.calls == [
        ("prctl", 38, 1, 0, 0, 0),  # PR_SET_NO_NEW_PRIVS
        ("prctl", 22, 2, len(program), sock_filter(program), (0, 0)),  # SECCOMP_MODE_FILTER
    ]


@pytest.mark.parametrize("answers,calls", [((-1,), 1), ((0, -1), 2)])
def test_seccomp_is_off_when_a_step_fails(libc, answers, calls):
    fake = libc(prctl=answers)
    assert oslock.seccomp() is False
    assert len(fake.calls) == calls


def test_seccomp_on_aarch64_uses_its_own_numbers(libc, monkeypatch):
    fake = libc()
    monkeypatch.setattr(oslock.platform, "machine", lambda: "aarch64")
    assert oslock.seccomp() is True
    program = oslock.filter_program("aarch64")
    assert len(program) == len(oslock.DENIED) - 3 + 6  # aarch64 has no fork, vfork, alarm
    assert fake.calls[1][3:5] == (len(program), sock_filter(program))


def test_capabilities_are_dropped_with_one_capset_of_zeroed_sets(libc, monkeypatch):
    fake = libc()
    monkeypatch.setattr(oslock, "_no_capabilities", lambda: pytest.fail("capset said so"))
    assert oslock.drop_capabilities() is True
    header = struct.pack("<Ii", 0x20080522, 0)  # version 3, pid 0: this process
    # ctypes adds one NUL byte to each buffer made from bytes; the kernel reads 8 and 24
    assert fake.calls == [("syscall", 126, header + b"\0", bytes(2 * 3 * 4) + b"\0")]


@pytest.mark.parametrize("none_left", [True, False])
def test_when_capset_fails_the_status_decides(libc, monkeypatch, none_left):
    libc(syscall=-1)
    monkeypatch.setattr(oslock, "_no_capabilities", lambda: none_left)
    assert oslock.drop_capabilities() is none_left


def test_capset_on_aarch64_is_call_91(libc, monkeypatch):
    fake = libc()
    monkeypatch.setattr(oslock.platform, "machine", lambda: "aarch64")
    assert oslock.drop_capabilities() is True
    assert fake.calls[0][1] == 91
