"""The kernel's half of the grading child's lock: seccomp, Landlock, no capabilities.

The grading child (:mod:`~dtlearn.exercises.homework.jail_child`) calls :func:`lock` once, after
it has imported what the homework needs and before any line of the student's runs. On
Linux it then:

- **seccomp** (:func:`seccomp`): the calls that start a process or thread, trace or read
  another process, install a signal handler, arm a timer, send a signal, make an anonymous
  file that native code could be loaded from (``memfd_create``), open a file by handle,
  or set up io_uring, BPF, user namespaces or mounts fail with ``EPERM``; another
  architecture's calls (i386 through ``int 0x80``, x32) are refused outright;
- **Landlock** (:func:`landlock`): the child may read only below the given roots (the
  Python installation, its packages, dtlearn), write nothing anywhere, bind or connect no
  TCP socket, and (ABI 6) send no signal or reach no abstract UNIX socket outside itself.
  So ``/proc/<ppid>/environ``, ``/proc/<ppid>/cwd/grading_secret``, the course directory,
  the instructor's notebooks and the other submissions cannot be opened, and no file can
  be made to load native code from: every shared object it can load is an installed one;
- **capabilities** (:func:`drop_capabilities`): a child of a grader running as root keeps
  its user id but holds no capability (no ``CAP_DAC_OVERRIDE``, ``CAP_SYS_ADMIN``, ...).

Every system call number and BPF instruction is named below (from ``asm/unistd.h``,
``linux/filter.h``, ``linux/seccomp.h``, ``linux/landlock.h``, ``linux/capability.h``).
:func:`available` tells the grader, before it grades anything, whether this kernel can do
all of it.

Examples
--------
>>> isinstance(available(), dict)
True
"""

from __future__ import annotations

import os
import platform
import struct
import sys

__all__ = ["DENIED", "SYSCALLS", "available", "drop_capabilities", "landlock", "lock", "seccomp"]

# --------------------------------------------------------------------------- system calls
SYSCALLS: dict[str, dict[str, int]] = {
    "x86_64": {
        "clone": 56,
        "fork": 57,
        "vfork": 58,
        "execve": 59,
        "execveat": 322,
        "clone3": 435,
        "ptrace": 101,
        "process_vm_readv": 310,
        "process_vm_writev": 311,
        "rt_sigaction": 13,
        "alarm": 37,
        "setitimer": 38,
        "timer_create": 222,
        "kill": 62,
        "tkill": 200,
        "tgkill": 234,
        "rt_sigqueueinfo": 129,
        "rt_tgsigqueueinfo": 297,
        "pidfd_send_signal": 424,
        "pidfd_open": 434,
        "pidfd_getfd": 438,
        "memfd_create": 319,
        "memfd_secret": 447,
        "open_by_handle_at": 304,
        "name_to_handle_at": 303,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "bpf": 321,
        "userfaultfd": 323,
        "perf_event_open": 298,
        "unshare": 272,
        "setns": 308,
        "mount": 165,
        "umount2": 166,
        "chroot": 161,
        "pivot_root": 155,
        "keyctl": 250,
        "add_key": 248,
        "request_key": 249,
        "kcmp": 312,
        "capset": 126,
        "landlock_create_ruleset": 444,
        "landlock_add_rule": 445,
        "landlock_restrict_self": 446,
    },
    "aarch64": {
        "clone": 220,
        "execve": 221,
        "execveat": 281,
        "clone3": 435,
        "ptrace": 117,
        "process_vm_readv": 270,
        "process_vm_writev": 271,
        "rt_sigaction": 134,
        "setitimer": 103,
        "timer_create": 107,
        "kill": 129,
        "tkill": 130,
        "tgkill": 131,
        "rt_sigqueueinfo": 138,
        "rt_tgsigqueueinfo": 240,
        "pidfd_send_signal": 424,
        "pidfd_open": 434,
        "pidfd_getfd": 438,
        "memfd_create": 279,
        "memfd_secret": 447,
        "open_by_handle_at": 265,
        "name_to_handle_at": 264,
        "io_uring_setup": 425,
        "io_uring_enter": 426,
        "io_uring_register": 427,
        "bpf": 280,
        "userfaultfd": 282,
        "perf_event_open": 241,
        "unshare": 97,
        "setns": 268,
        "mount": 40,
        "umount2": 39,
        "chroot": 51,
        "pivot_root": 41,
        "keyctl": 219,
        "add_key": 217,
        "request_key": 218,
        "kcmp": 272,
        "capset": 91,
        "landlock_create_ruleset": 444,
        "landlock_add_rule": 445,
        "landlock_restrict_self": 446,
    },
}
"""System call numbers per machine (``asm/unistd.h``); only the ones named here are used."""

DENIED = (
    "clone",
    "fork",
    "vfork",
    "clone3",
    "execve",
    "execveat",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "rt_sigaction",
    "alarm",
    "setitimer",
    "timer_create",
    "kill",
    "tkill",
    "tgkill",
    "rt_sigqueueinfo",
    "rt_tgsigqueueinfo",
    "pidfd_send_signal",
    "pidfd_open",
    "pidfd_getfd",
    "memfd_create",
    "memfd_secret",
    "open_by_handle_at",
    "name_to_handle_at",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "bpf",
    "userfaultfd",
    "perf_event_open",
    "unshare",
    "setns",
    "mount",
    "umount2",
    "chroot",
    "pivot_root",
    "keyctl",
    "add_key",
    "request_key",
    "kcmp",
)
"""The calls the seccomp filter makes fail (those a machine has: aarch64 has no ``fork``)."""

AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}  # linux/audit.h
X32_SYSCALL_BIT = 0x40000000

# linux/filter.h: instruction classes, sizes, modes, jumps and sources
BPF_LD, BPF_JMP, BPF_RET = 0x00, 0x05, 0x06
BPF_W, BPF_ABS = 0x00, 0x20
BPF_JEQ, BPF_JGE, BPF_K = 0x10, 0x30, 0x00
LOAD_WORD = BPF_LD | BPF_W | BPF_ABS
JUMP_IF_EQUAL = BPF_JMP | BPF_JEQ | BPF_K
JUMP_IF_AT_LEAST = BPF_JMP | BPF_JGE | BPF_K
RETURN = BPF_RET | BPF_K

# linux/seccomp.h: struct seccomp_data offsets and return actions
SECCOMP_DATA_NR, SECCOMP_DATA_ARCH = 0, 4
SECCOMP_RET_ALLOW, SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
EPERM = 1

# linux/prctl.h
PR_SET_SECCOMP, PR_SET_NO_NEW_PRIVS = 22, 38
SECCOMP_MODE_FILTER = 2

# linux/landlock.h
LANDLOCK_CREATE_RULESET_VERSION = 1 << 0
LANDLOCK_RULE_PATH_BENEATH = 1
ACCESS_FS_EXECUTE = 1 << 0
ACCESS_FS_WRITE_FILE = 1 << 1
ACCESS_FS_READ_FILE = 1 << 2
ACCESS_FS_READ_DIR = 1 << 3
ACCESS_FS_REMOVE_DIR = 1 << 4
ACCESS_FS_REMOVE_FILE = 1 << 5
ACCESS_FS_MAKE_CHAR = 1 << 6
ACCESS_FS_MAKE_DIR = 1 << 7
ACCESS_FS_MAKE_REG = 1 << 8
ACCESS_FS_MAKE_SOCK = 1 << 9
ACCESS_FS_MAKE_FIFO = 1 << 10
ACCESS_FS_MAKE_BLOCK = 1 << 11
ACCESS_FS_MAKE_SYM = 1 << 12
ACCESS_FS_REFER = 1 << 13  # ABI 2
ACCESS_FS_TRUNCATE = 1 << 14  # ABI 3
ACCESS_FS_IOCTL_DEV = 1 << 15  # ABI 5
ACCESS_NET_BIND_TCP = 1 << 0  # ABI 4
ACCESS_NET_CONNECT_TCP = 1 << 1  # ABI 4
SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0  # ABI 6
SCOPE_SIGNAL = 1 << 1  # ABI 6
_FS_BY_ABI = (
    (1, (1 << 13) - 1),
    (2, ACCESS_FS_REFER),
    (3, ACCESS_FS_TRUNCATE),
    (5, ACCESS_FS_IOCTL_DEV),
)
READ = ACCESS_FS_EXECUTE | ACCESS_FS_READ_FILE | ACCESS_FS_READ_DIR
FILE_RIGHTS = (
    ACCESS_FS_EXECUTE
    | ACCESS_FS_WRITE_FILE
    | ACCESS_FS_READ_FILE
    | ACCESS_FS_TRUNCATE
    | ACCESS_FS_IOCTL_DEV
)

# linux/capability.h
LINUX_CAPABILITY_VERSION_3 = 0x20080522


def _libc():
    import ctypes

    return ctypes.CDLL(None, use_errno=True)


def _calls() -> dict[str, int] | None:
    if not sys.platform.startswith("linux"):
        return None
    return SYSCALLS.get(platform.machine())


def filter_program(machine: str) -> list[tuple[int, int, int, int]]:
    """The seccomp BPF program for ``machine``: ``(code, jump if true, if false, k)`` each.

    Examples
    --------
    >>> program = filter_program("x86_64")
    >>> program[0] == (LOAD_WORD, 0, 0, SECCOMP_DATA_ARCH), program[-1][0] == RETURN
    (True, True)
    """
    calls = SYSCALLS[machine]
    numbers = [calls[name] for name in DENIED if name in calls]
    n = len(numbers)
    allow = (RETURN, 0, 0, SECCOMP_RET_ALLOW)
    deny = (RETURN, 0, 0, SECCOMP_RET_ERRNO | EPERM)
    program = [
        (LOAD_WORD, 0, 0, SECCOMP_DATA_ARCH),
        (JUMP_IF_EQUAL, 0, n + 3, AUDIT_ARCH[machine]),  # another arch: deny
        (LOAD_WORD, 0, 0, SECCOMP_DATA_NR),
        (JUMP_IF_AT_LEAST, n + 1, 0, X32_SYSCALL_BIT),
    ]  # an x32 call: deny
    program += [(JUMP_IF_EQUAL, n - i, 0, nr) for i, nr in enumerate(numbers)]
    return program + [allow, deny]


def seccomp() -> bool:
    """Install the filter of :data:`DENIED` (Linux x86-64 and aarch64); True if it is on."""
    import ctypes

    if _calls() is None:
        return False
    raw = b"".join(struct.pack("HBBI", *ins) for ins in filter_program(platform.machine()))
    buffer = ctypes.create_string_buffer(raw)

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    libc = _libc()
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    program = SockFprog(len(raw) // 8, ctypes.addressof(buffer))
    return libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) == 0


def landlock_abi() -> int:
    """The kernel's Landlock ABI version (0: none, or not Linux).

    Examples
    --------
    >>> landlock_abi() >= 0
    True
    """
    import ctypes

    calls = _calls()
    if calls is None:
        return 0
    abi = _libc().syscall(
        ctypes.c_long(calls["landlock_create_ruleset"]),
        None,
        ctypes.c_size_t(0),
        ctypes.c_uint32(LANDLOCK_CREATE_RULESET_VERSION),
    )
    return max(int(abi), 0)


def landlock(roots: list[str]) -> int:
    """Allow reading below ``roots`` only, writing nothing (for this process, for good).

    Returns the ABI version the rules were made with (0: not applied).
    """
    import ctypes

    abi = landlock_abi()
    if abi < 1:
        return 0
    calls = _calls()
    handled_fs = 0
    for since, rights in _FS_BY_ABI:
        if abi >= since:
            handled_fs |= rights
    fields = [handled_fs]
    if abi >= 4:
        fields.append(ACCESS_NET_BIND_TCP | ACCESS_NET_CONNECT_TCP)
    if abi >= 6:
        fields.append(SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL)
    attr = ctypes.create_string_buffer(struct.pack(f"<{len(fields)}Q", *fields))
    libc = _libc()
    syscall = libc.syscall
    ruleset = syscall(
        ctypes.c_long(calls["landlock_create_ruleset"]),
        attr,
        ctypes.c_size_t(len(attr.raw)),
        ctypes.c_uint32(0),
    )
    if ruleset < 0:
        return 0
    try:
        for root in roots:
            try:
                fd = os.open(root, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                allowed = READ if os.path.isdir(root) else READ & FILE_RIGHTS
                rule = ctypes.create_string_buffer(struct.pack("<Qi", allowed, fd))
                syscall(
                    ctypes.c_long(calls["landlock_add_rule"]),
                    ctypes.c_int(ruleset),
                    ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH),
                    rule,
                    ctypes.c_uint32(0),
                )
            finally:
                os.close(fd)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return 0
        if (
            syscall(
                ctypes.c_long(calls["landlock_restrict_self"]),
                ctypes.c_int(ruleset),
                ctypes.c_uint32(0),
            )
            != 0
        ):
            return 0
    finally:
        os.close(ruleset)
    return abi


def drop_capabilities() -> bool:
    """Give up every capability (effective, permitted, inheritable); True if none is left."""
    import ctypes

    calls = _calls()
    if calls is None:
        return False
    header = ctypes.create_string_buffer(struct.pack("<Ii", LINUX_CAPABILITY_VERSION_3, 0))
    data = ctypes.create_string_buffer(bytes(24))  # two __user_cap_data_struct, zeroed
    done = _libc().syscall(ctypes.c_long(calls["capset"]), header, data) == 0
    return done or _no_capabilities()


def _no_capabilities() -> bool:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("CapEff:"):
                    return int(line.split()[1], 16) == 0
    except OSError:
        pass
    return False


def lock(roots: list[str]) -> dict:
    """Drop capabilities, apply Landlock and seccomp; what held, as plain data.

    Landlock before seccomp: the filter refuses the Landlock calls' neighbours, not them,
    but the rules must be complete before the filter is in place.
    """
    return {
        "capabilities_dropped": drop_capabilities(),
        "landlock": landlock(roots),
        "seccomp": seccomp(),
    }


def available() -> dict:
    """Whether this machine can give the grading child the whole OS-level lock.

    Returns
    -------
    dict
        ``{"ok": bool, "why": str}``: ``why`` names what is missing (for the message
        autograde stops with).
    """
    if not sys.platform.startswith("linux"):
        return {"ok": False, "why": f"not Linux ({sys.platform}): no seccomp, no Landlock"}
    if platform.machine() not in SYSCALLS:
        return {"ok": False, "why": f"no seccomp filter written for {platform.machine()}"}
    abi = landlock_abi()
    if abi < 1:
        return {
            "ok": False,
            "why": f"the kernel ({platform.release()}) has no Landlock "
            f"(Linux 5.13 or later, with landlock in the lsm= list)",
        }
    return {"ok": True, "why": f"Landlock ABI {abi}, seccomp on {platform.machine()}"}
