# Labels of wave 2 and 3 (exec'd by write_cases.py).
case("outlines-cache-dir-read-only", "failure", "kv_cache", "tmp-space", ["invalid-argument"],
     "OSError: [Errno 30] Cache directory",
     "--grammar-backend outlines with OUTLINES_CACHE_DIR on a read-only mount (as a container with a read-only root "
     "file system has it): weights load and the KV cache is allocated, then the scheduler imports SGLang's outlines "
     "backend, whose disk cache cannot create its folder, and dies before the HTTP server starts. Point "
     "OUTLINES_CACHE_DIR at a writable folder (an emptyDir / tmpfs), or use the default xgrammar backend.", "likely")
case("dump-requests-folder-read-only", "success", "server", None, ["tmp-space"],
     "OSError: [Errno 30] Read-only file system:",
     "After ready, POST /configure_logging set dump_requests_folder to a folder on a read-only mount with threshold 1: "
     "each finished request tries to dump a .pkl there and the background task fails ('Task exception was never "
     "retrieved ... Read-only file system'), but every request is answered and the server keeps serving until it is "
     "stopped. Point dump_requests_folder at a writable folder, or turn dumping off.", "possible")
case("regex-invalid-after-ready", "success", "server", None, ["invalid-argument"],
     "Failed to compile regex grammar:",
     "After ready, a POST /generate with sampling_params.regex '[A-Z]{3-([0-9]+' (not a valid regex): xgrammar cannot "
     "compile it, the request gets HTTP 400 and the next completion is answered; the start and the server are fine. "
     "Fix the client's regex.", "likely")
case("enable-trace-no-otel-sdk", "failure", "init", "dependency-import", ["invalid-argument"],
     "RuntimeError: opentelemetry package is not installed!!!",
     "--enable-trace --otlp-traces-endpoint 127.0.0.1:4317, but only opentelemetry-api is installed (no "
     "opentelemetry-sdk, no OTLP exporter): the scheduler process dies as it starts (before torch.distributed) with "
     "'opentelemetry package is not installed!!!', and the launcher reports 'Rank 0 scheduler died during "
     "initialization (exit code: 1)'. pip install opentelemetry-sdk opentelemetry-exporter-otlp (the versions SGLang "
     "names), or drop --enable-trace.", "likely")
