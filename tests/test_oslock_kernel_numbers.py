"""The OS lock's kernel numbers, each written here from the kernel's uapi headers.

The seccomp filter and the Landlock ruleset name system calls, access rights and prctl
options by number; one wrong number silently allows a call or a file right. The tables
below are copied from ``asm/unistd_64.h`` (x86_64), ``asm-generic/unistd.h`` (aarch64),
``linux/landlock.h``, ``linux/seccomp.h``, ``linux/prctl.h`` and ``linux/audit.h``, not
from the module.
"""

from dtlearn.exercises.homework import oslock

X86_64 = {
    "rt_sigaction": 13, "alarm": 37, "setitimer": 38, "clone": 56, "fork": 57, "vfork": 58,
    "execve": 59, "kill": 62, "ptrace": 101, "capset": 126, "rt_sigqueueinfo": 129,
    "pivot_root": 155, "chroot": 161, "mount": 165, "umount2": 166, "tkill": 200,
    "timer_create": 222, "tgkill": 234, "add_key": 248, "request_key": 249, "keyctl": 250,
    "unshare": 272, "rt_tgsigqueueinfo": 297, "perf_event_open": 298,
    "name_to_handle_at": 303, "open_by_handle_at": 304, "setns": 308,
    "process_vm_readv": 310, "process_vm_writev": 311, "kcmp": 312, "memfd_create": 319,
    "bpf": 321, "execveat": 322, "userfaultfd": 323, "pidfd_send_signal": 424,
    "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "pidfd_open": 434, "clone3": 435, "pidfd_getfd": 438, "landlock_create_ruleset": 444,
    "landlock_add_rule": 445, "landlock_restrict_self": 446, "memfd_secret": 447,
}  # fmt: skip

AARCH64 = {
    "umount2": 39, "mount": 40, "pivot_root": 41, "chroot": 51, "capset": 91, "unshare": 97,
    "setitimer": 103, "timer_create": 107, "ptrace": 117, "kill": 129, "tkill": 130,
    "tgkill": 131, "rt_sigaction": 134, "rt_sigqueueinfo": 138, "add_key": 217,
    "request_key": 218, "keyctl": 219, "clone": 220, "execve": 221, "rt_tgsigqueueinfo": 240,
    "perf_event_open": 241, "name_to_handle_at": 264, "open_by_handle_at": 265,
    "setns": 268, "process_vm_readv": 270, "process_vm_writev": 271, "kcmp": 272,
    "memfd_create": 279, "bpf": 280, "execveat": 281, "userfaultfd": 282,
    "pidfd_send_signal": 424, "io_uring_setup": 425, "io_uring_enter": 426,
    "io_uring_register": 427, "pidfd_open": 434, "clone3": 435, "pidfd_getfd": 438,
    "landlock_create_ruleset": 444, "landlock_add_rule": 445, "landlock_restrict_self": 446,
    "memfd_secret": 447,
}  # fmt: skip


def test_system_call_numbers_are_the_kernels():
    assert oslock.SYSCALLS == {"x86_64": X86_64, "aarch64": AARCH64}


def test_audit_arch_is_the_elf_machine_with_the_64_bit_and_little_endian_flags():
    em_x86_64, em_aarch64 = 62, 183  # linux/elf-em.h
    flags = 0x80000000 | 0x40000000  # __AUDIT_ARCH_64BIT | __AUDIT_ARCH_LE
    assert oslock.AUDIT_ARCH == {"x86_64": em_x86_64 | flags, "aarch64": em_aarch64 | flags}
    assert oslock.X32_SYSCALL_BIT == 0x40000000


def test_seccomp_prctl_and_bpf_constants():
    assert (oslock.PR_SET_SECCOMP, oslock.PR_SET_NO_NEW_PRIVS) == (22, 38)
    assert oslock.SECCOMP_MODE_FILTER == 2
    assert (oslock.SECCOMP_RET_ALLOW, oslock.SECCOMP_RET_ERRNO, oslock.EPERM) == (
        0x7FFF0000,
        0x00050000,
        1,
    )
    assert (oslock.SECCOMP_DATA_NR, oslock.SECCOMP_DATA_ARCH) == (0, 4)
    # linux/bpf_common.h: ld = 0x00, jmp = 0x05, ret = 0x06, w = 0x00, abs = 0x20,
    # jeq = 0x10, jge = 0x30, k = 0x00
    assert oslock.LOAD_WORD == 0x20
    assert oslock.JUMP_IF_EQUAL == 0x15
    assert oslock.JUMP_IF_AT_LEAST == 0x35
    assert oslock.RETURN == 0x06


def test_landlock_access_rights_are_the_kernels_bits():
    fs = {
        "EXECUTE": 0, "WRITE_FILE": 1, "READ_FILE": 2, "READ_DIR": 3, "REMOVE_DIR": 4,
        "REMOVE_FILE": 5, "MAKE_CHAR": 6, "MAKE_DIR": 7, "MAKE_REG": 8, "MAKE_SOCK": 9,
        "MAKE_FIFO": 10, "MAKE_BLOCK": 11, "MAKE_SYM": 12, "REFER": 13, "TRUNCATE": 14,
        "IOCTL_DEV": 15,
    }  # fmt: skip
    for name, bit in fs.items():
        assert getattr(oslock, f"ACCESS_FS_{name}") == 1 << bit, name
    assert (oslock.ACCESS_NET_BIND_TCP, oslock.ACCESS_NET_CONNECT_TCP) == (1, 2)
    assert (oslock.SCOPE_ABSTRACT_UNIX_SOCKET, oslock.SCOPE_SIGNAL) == (1, 2)
    assert oslock.LANDLOCK_CREATE_RULESET_VERSION == 1
    assert oslock.LANDLOCK_RULE_PATH_BENEATH == 1
    assert oslock.LINUX_CAPABILITY_VERSION_3 == 0x20080522
    # reading: execute, read a file, list a folder; a file's own rights: no folder rights
    assert oslock.READ == 0b1101
    assert oslock.FILE_RIGHTS == 0b1100_0000_0000_0111


def test_each_landlock_abi_adds_its_file_rights():
    # ABI 1: bits 0-12; 2 adds REFER, 3 TRUNCATE, 5 IOCTL_DEV (4 only network rights)
    assert oslock._FS_BY_ABI == ((1, 0x1FFF), (2, 1 << 13), (3, 1 << 14), (5, 1 << 15))
