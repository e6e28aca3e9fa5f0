#!/usr/bin/env python3
"""Batch ar: a supervisor's leftover signal mask. Blocks SIGTERM and SIGINT, then execs the given command (a blocked
signal mask survives exec and is inherited by every child).   block_signals.py CMD [ARG ...]"""
import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
os.execvp(sys.argv[1], sys.argv[1:])
