"""A read-only FUSE passthrough that serves file data at a fixed rate: "slow network storage".

    python throttlefs.py SOURCE_DIR MOUNTPOINT --rate 4MB [--latency-ms 20]

Runs in the foreground until unmounted (fusermount -u MOUNTPOINT) or sent SIGINT/SIGTERM.
Needs fusepy (pip) and libfuse2 + /dev/fuse (Debian: apt-get install libfuse2 fuse).
Every read() sleeps so that the bytes served never exceed --rate per second (one shared token
bucket), plus --latency-ms per request: what a congested NFS/CFS mount looks like to a reader.
"""
import argparse
import errno
import os
import threading
import time

from fuse import FUSE, FuseOSError, Operations


def parse_size(s):
    s = s.strip().upper()
    mult = 1
    for suf, m in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)):
        if s.endswith(suf):
            s, mult = s[: -len(suf)], m
            break
    return int(float(s) * mult)


class Passthrough(Operations):
    """A read-only passthrough of `root`: the base of the harness's FUSE mounts (this throttled one, and the
    failing and object-store mounts of harness.py's breadth94 and breadth95 scenarios, which override what
    they break)."""

    def __init__(self, root):
        self.root = os.path.realpath(root)

    def _p(self, path):
        return os.path.join(self.root, path.lstrip("/"))

    def getattr(self, path, fh=None):
        try:
            st = os.lstat(self._p(path))
        except OSError as e:
            raise FuseOSError(e.errno)
        keys = ("st_atime", "st_ctime", "st_gid", "st_mode", "st_mtime", "st_nlink", "st_size", "st_uid")
        return {k: getattr(st, k) for k in keys}

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._p(path))

    def access(self, path, mode):
        if mode & os.W_OK:
            raise FuseOSError(errno.EROFS)
        if not os.access(self._p(path), mode):
            raise FuseOSError(errno.EACCES)

    def statfs(self, path):
        sv = os.statvfs(self._p(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files",
                "f_flag", "f_frsize", "f_namemax")
        return {k: getattr(sv, k) for k in keys}

    def open(self, path, flags):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise FuseOSError(errno.EROFS)
        return os.open(self._p(path), os.O_RDONLY)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def release(self, path, fh):
        os.close(fh)
        return 0


class Throttled(Passthrough):
    def __init__(self, root, rate, latency):
        super().__init__(root)
        self.rate = rate
        self.latency = latency
        self._mu = threading.Lock()
        self.stall = False
        self.next_free = time.monotonic()

    def read(self, path, size, offset, fh):
        if self.stall:  # a server that stopped answering: the read never returns
            threading.Event().wait()
        data = os.pread(fh, size, offset)
        with self._mu:
            now = time.monotonic()
            start = max(now, self.next_free)
            self.next_free = start + len(data) / self.rate
            wait = self.next_free - now
        time.sleep(wait + self.latency)
        return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("mountpoint")
    ap.add_argument("--rate", default="4MB", help="bytes per second, e.g. 4MB")
    ap.add_argument("--latency-ms", type=float, default=20.0)
    ap.add_argument("--stall", action="store_true",
                    help="every read() blocks forever (metadata still answers): a hard NFS mount whose server is gone")
    a = ap.parse_args()
    fs = Throttled(a.source, parse_size(a.rate), a.latency_ms / 1000.0)
    fs.stall = a.stall
    FUSE(fs, a.mountpoint,
         foreground=True, ro=True, nothreads=False, fsname="throttlefs", subtype="throttlefs")


if __name__ == "__main__":
    main()
