# Batch y: labels written after the last runs of lane A and lane C (same tuple as write_cases.py's L).
LATE = {
 "num-continuous-decode-steps-4": ("success", "server", None, [], "The server is fired up and ready to roll!",
   "likely", "--num-continuous-decode-steps 4 (valid: up to 4 decode steps per scheduling round, default 1) on CPU: the server came up, answered a completion and stopped on SIGTERM (rc 0)."),
 "custom-logit-processor-garbage": ("success", "server", "engine-internal", ["invalid-argument"], "Scheduler hit an exception",
   "possible", "Started with --enable-custom-logit-processor; after ready (one completion answered), POST /generate with custom_logit_processor 'not-a-processor' (not the JSON string that CustomLogitProcessor.to_str() writes). The scheduler parses it unchecked (custom_logit_processor.py from_str: orjson.JSONDecodeError: invalid literal ...) and dies: SIGQUIT, the launcher kills its tree (rc -9), the request and the next completion get no answer. Send only processors serialised with CustomLogitProcessor.to_str(); leave --enable-custom-logit-processor off where clients are not trusted."),
 "pause-generation-after-ready": ("success", "server", "unknown", [], "POST /pause_generation HTTP/1.1",
   "possible", "After ready (one completion answered), POST /pause_generation {} (200, 'Generation paused successfully.') and no /continue_generation. The next completion waits in the queue and gets no answer in 30 s; nothing is logged. On SIGTERM the launcher cannot drain ('Gracefully exiting... Remaining number of requests 1' every 5 s) until the runner's limit (240 s) kills the group (rc -9). Call /continue_generation after the weight update that the pause was for, or restart."),
}
