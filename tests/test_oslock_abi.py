"""How :func:`oslock.landlock_abi` asks the kernel for its Landlock version.

``landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)`` (linux/landlock.h)
returns the ABI version, or -1 where Landlock is missing or off (errno ENOSYS or
EOPNOTSUPP): the answer is that version, or 0. On a recording stand-in for libc, on
x86_64 (call 444) and aarch64 (the same number).
"""

import pytest

from dtlearn.exercises.homework import oslock


class LibC:
    def __init__(self, answer):
        self.answer, self.calls = answer, []

    def syscall(self, *args):
        self.calls.append(args)
        return self.answer


@pytest.mark.parametrize("machine", ["x86_64", "aarch64"])
@pytest.mark.parametrize("answer,abi", [(7, 7), (1, 1), (0, 0), (-1, 0)])
def test_the_version_is_the_kernel_s_answer_or_0(monkeypatch, machine, answer, abi):
    libc = LibC(answer)
    monkeypatch.setattr(oslock, "_libc", lambda: libc)
    monkeypatch.setattr(oslock.sys, "platform", "linux")
    monkeypatch.setattr(oslock.platform, "machine", lambda: machine)
    assert oslock.landlock_abi() == abi
    ((nr, attr, size, flags),) = libc.calls
    assert (nr.value, attr, size.value, flags.value) == (444, None, 0, 1)


def test_a_machine_without_a_table_has_no_landlock(monkeypatch):
    monkeypatch.setattr(oslock, "_libc", lambda: pytest.fail("libc was asked"))
    monkeypatch.setattr(oslock.sys, "platform", "linux")
    monkeypatch.setattr(oslock.platform, "machine", lambda: "riscv64")
    assert oslock._calls() is None
    assert oslock.landlock_abi() == 0
