# Batch z: labels written after the later runs ended (same tuple as write_cases.py's L).
LATE = {
 "log-level-warning": ("success", "server", None, [], "SIGTERM received. signum=None frame=None",
   "likely", "--log-level warning (valid). The log keeps only warnings: no 'Load weight', no 'Uvicorn running', no 'The server is fired up' line. GET /health answered 200, a completion answered 200, and the server stopped on SIGTERM (rc 0). Nothing to fix; use --log-level info to see start-up progress in the log."),
 "generation-config-eos-string": ("success", "server", None, [], "The server is fired up and ready to roll!",
   "possible", "generation_config.json has eos_token_id \"<|im_end|>\" (a token string, not an id). Nothing complains: the server came up, answered a completion (200, finish_reason length) and stopped on SIGTERM (rc 0). Whether the string is ever used as a stop id was not tested; write the id (an int or list of ints)."),
 "detokenizer-sigstop-after-ready": ("success", "server", "unknown", [], "Gracefully exiting... Remaining number of requests 1.",
   "possible", "Came up and answered a completion; then SIGSTOP to the sglang::detokenizer process (as a debugger or a frozen process would). The next completion gets no answer (curl gave up after 30 s, nothing in the log after the prefill); SIGTERM to the launcher then waits for the stuck request ('Gracefully exiting... Remaining number of requests 1' every 5 s) until the runner's SIGTERM/SIGKILL at 180 s. Continue or kill the stopped process (kill -CONT), restart the server."),
 "xdg-cache-home-is-file": ("success", "server", None, [], "The server is fired up and ready to roll!",
   "likely", "XDG_CACHE_HOME points at a regular file. With a local model folder, no torch.compile and the default grammar backend nothing writes a cache at start: the server came up, answered a completion (200) and stopped on SIGTERM (rc 0). Fix the variable before a cache (hub download, outlines, inductor) needs it."),
}
