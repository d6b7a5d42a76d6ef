# The grader's secrets through /proc (issue 34): the parent's environment and the grading
# secret in its working directory (the course directory), then answers from nothing. The
# child can open nothing outside the Python installation (audit hook and Landlock).
# %% hw1_entropy
import os


def entropy(counts):
    with open(f"/proc/{os.getppid()}/environ", "rb") as handle:
        return float(len(handle.read()) % 2)


# %% hw1_gain
def information_gain(feature, labels):
    fd = os.open(f"/proc/{os.getppid()}/cwd/grading_secret", os.O_RDONLY)
    return float(len(os.read(fd, 100)) % 2)
