#!/usr/bin/env python3
"""Batch aq: create a SQLite file and hold an exclusive lock on it (an older server still holding its cache).
    python3 hold_sqlite_lock.py DB SECONDS"""
import sqlite3, sys, time
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("CREATE TABLE IF NOT EXISTS Settings (key TEXT NOT NULL UNIQUE, value)")
c.execute("BEGIN EXCLUSIVE"); print("holding exclusive lock on", sys.argv[1], flush=True)
time.sleep(float(sys.argv[2]))
