"""Prints the CPU time, in seconds, that process trees have used so far.

    cputime.py PID...

Each tree is the process and all its descendants.  The time of
descendants that have already exited is included too, through their
parents' cumulative children times, so that differences between two
readings stay exact while a server replaces its child processes.
"""
import os
import sys


def stat(pid):
    """(ppid, own and waited-for children's ticks) of pid, or None."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            text = f.read()
    except OSError:
        return None
    # The command name may hold spaces; the fields follow its ')'.
    fields = text[text.rindex(")") + 2:].split()
    ppid = int(fields[1])
    ticks = sum(int(x) for x in fields[11:15])
    return ppid, ticks


def main():
    roots = {int(a) for a in sys.argv[1:]}
    procs = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            s = stat(int(name))
            if s is not None:
                procs[int(name)] = s
    children = {}
    for pid, (ppid, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    total, todo, seen = 0, [r for r in roots if r in procs], set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += procs[pid][1]
        todo.extend(children.get(pid, []))
    print("%.2f" % (total / os.sysconf("SC_CLK_TCK")))


main()
