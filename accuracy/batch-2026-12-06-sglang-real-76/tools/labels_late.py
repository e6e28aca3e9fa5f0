# Labels of the runs that ended last (read by write_cases.py).
C += [
 ("ulimit-data-1g", "failure", "config", "host-limits", ["host-oom-killed"],
  "MemoryError: Out of memory interning an attribute name",
  "ulimit -d 1000000 (1 GB data segment, as a login limit or a container's RLIMIT_DATA). The heap runs out while 'import sglang' pulls in transformers / scipy / numpy: 'MemoryError: Out of memory interning an attribute name' before the arguments are parsed (rc 1), though the machine has ~19 GB free. Raise or drop the data limit (ulimit -d unlimited).", "likely"),
 ("request-repetition-penalty-zero", "success", "server", None, ["invalid-argument"], UP,
  "After ready, a completion with repetition_penalty 0 (meant as 'off'; 1.0 is off) gets 400 ('repetition_penalty must be in (0, 2] (1.0 = no penalty), got 0.0.' in the answer, only the 400 line in the log); completions before and after get 200; stops cleanly on SIGTERM. The client should send 1.0 or leave it out.", "likely"),
]
C += [
 ("kv-events-config-zmq", "success", "server", None, [], UP,
  "--kv-events-config '{\"publisher\": \"zmq\", \"endpoint\": \"tcp://127.0.0.1:39799\"}' (valid JSON; the twin of kv-events-config-not-json): 'Starting ZMQ publisher thread', comes up, answers a completion (200) and stops cleanly on SIGTERM. Nothing to do.", "likely"),
]
