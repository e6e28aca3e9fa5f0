"""SGLang markers, 0.2.15 to 0.5.x, from the message templates of the released wheels.

SGLang never prints its version at start, so the report leaves it unknown.
"""

from __future__ import annotations

from diagnose.engines.base import M, Named, number
from diagnose.lazyre import lazy

_FIELD = lazy(
    r"""(?:\b|')(?P<key>model_path|tp_size|pp_size|dp_size|ep_size|nnodes|node_rank|dist_init_addr|mem_fraction_static|"""
    r"""context_length|max_total_tokens|chunked_prefill_size|cuda_graph_max_bs|disable_cuda_graph|host|port|"""
    r"""load_format|weight_loader_disable_mmap|dtype|kv_cache_dtype|quantization|attention_backend|log_level)"""
    r"""(?:=|': )(?P<value>'[^']*'|"[^"]*"|None|True|False|-?[\d.]+(?:e[+-]?\d+)?)"""
)
_RENAME = {"model_path": "model", "context_length": "context_length", "dist_init_addr": "dist_init_addr"}


def _server_args(m):
    facts = {}
    for f in _FIELD.finditer(m.string):
        key, value = f["key"], f["value"]
        if value == "None":
            continue
        if value in ("True", "False"):
            val = value == "True"
        elif value[:1] in "'\"":
            val = value[1:-1]
        else:
            val = number(value)
        facts.setdefault(_RENAME.get(key, key), val)
    return facts



S = "sglang"
# the scheduler's KV slots refused to a batch (see the batch_oom markers): one message, two readings
_BATCH_OOM = r"(?:Prefill|Decode) out of memory\. Try to lower your batch size\."
_BATCH_OOM_ANCHORS = ("Prefill out of memory", "Decode out of memory")
MARKERS = [
    # the command line and argparse's usage line name the engine
    M("cmdline", S, "config", "fact", r"(?:^\$ |^\+ |^usage: )(?:\S+=\S* )*(?:python3? -m sglang\.launch_server|sglang serve\b|launch_server\.py)", ("sglang", "launch_server")),
    # config
    M("server_args", S, "config", "start", r"^server_args=(?:ServerArgs\(|\{)", "server_args=", extract=_server_args),
    M("attn_backend_default", S, "config", "progress", r"^Attention backend not (?:set|specified|explicitly specified)\. Use (?P<b>[\w.-]+) backend by default\.$", "Attention backend not", facts={"b": "attention_backend"}),
    M("chat_template", S, "init", "progress", r"^Using default HuggingFace chat template with detected content format", "Using default HuggingFace chat template"),
    # nccl
    M("nccl_begin", S, "nccl", "start", r"^Init (?:nccl|torch distributed|parallel) begin\.$", " begin."),
    M("nccl_end", S, "nccl", "end", r"^Init (?:torch distributed|parallel) ends\.", " ends."),
    M("mem_baseline", S, "nccl", "progress", r"^Memory baseline taken\.", "Memory baseline taken"),
    M("nccl_version", S, "nccl", "progress", r"^sglang is using nccl==(?P<v>[\d.]+)$", "sglang is using nccl==", facts={"v": "nccl_version"}),
    M("nccl_warmup", S, "nccl", "progress", r"^NCCL(?:/RCCL)?(?:/HCCL)? warmup completed", "warmup completed"),
    M("device_context", S, "nccl", "progress", r"^Context: (?:self\.)?device=", "Context: "),
    # weights
    M("weights_begin", S, "weights", "start", r"^Load weight begin\. avail mem=(?P<gb>-?[\d.]+) GB$", "Load weight begin", facts={"gb": "avail_mem_gb"}),
    M("weights_format", S, "weights", "progress", r"^Using model weights format \[", "Using model weights format"),
    M("weights_snapshot", S, "weights", "progress", r"^Found local HF snapshot for ", "Found local HF snapshot"),
    M("weights_end", S, "weights", "end", r"^Load weight end\.(?: elapsed=(?P<secs>[\d.]+) s,)? type=(?P<arch>\w+),(?: dtype=(?P<dtype>[\w.]+),)?.*? avail mem=(?P<gb>-?[\d.]+) GB(?:, mem usage=(?P<usage>-?[\d.]+) GB)?", "Load weight end. ", facts={"secs": "weights_load_s", "arch": "architecture", "gb": "avail_mem_gb", "usage": "weights_gib"}),
    # kv_cache
    M("kv_over_profiled", S, "kv_cache", "start", r"^max_total_tokens=(?P<req>\d+) is larger than the profiled value (?P<prof>-?\d+)", "is larger than the profiled value"),
    M("kv_allocated", S, "kv_cache", "start", r"^(?:\S+ )?KV Cache (?:is allocated|VA upper bound)\.(?: dtype: [\w.]+,)?(?: #tokens: (?P<tokens>\d+),)?", "KV Cache ", facts={"tokens": "kv_tokens"}),
    M("mamba_allocated", S, "kv_cache", "progress", r"^Mamba Cache is allocated\.", "Mamba Cache is allocated"),
    M("swa_pool", S, "kv_cache", "progress", r"^(?:SWAKVPool |Use [Ss]liding window memory pool)", ("SWAKVPool", "liding window memory pool")),
    M("kv_end", S, "kv_cache", "end", r"^Memory pool end\. avail mem=(?P<gb>-?[\d.]+) GB$", "Memory pool end", facts={"gb": "avail_mem_gb"}),
    # compile
    M("graph_begin_old", S, "compile", "start", r"^Capture (?:cuda|cpu|npu|\w+) graph begin\.", "graph begin"),
    M("graph_begin_new", S, "compile", "start", r"^Capture (?:target|draft) (?:decode|verify|prefill) \w+ graph begin\.", "graph begin"),
    M("graph_bs_list", S, "compile", "progress", r"^Capture cuda graph (?:bs|num tokens) \[", "Capture cuda graph "),
    M("graph_progress", S, "compile", "progress", r"^(?:Capturing batches|Capturing num tokens|Capturing prefill shape|Compiling num tokens) \(.*?\):\s+(?P<pct>\d{1,3})%", ("Capturing batches", "Capturing num tokens", "Capturing prefill shape", "Compiling num tokens")),
    M("graph_registering", "common", "compile", "progress", r"^Registering \d+ cuda graph addresses", "cuda graph addresses"),
    M("graph_end_old", S, "compile", "end", r"^Capture (?:cuda|cpu|npu|\w+) graph end\. Time elapsed: (?P<secs>[\d.]+) s", "graph end", facts={"secs": "graph_capture_s"}),
    M("graph_end_new", S, "compile", "end", r"^Capture (?:target|draft) (?:decode|verify|prefill) \w+ graph end\..*?elapsed=(?P<secs>[\d.]+) s", "graph end", facts={"secs": "graph_capture_s"}),
    M("graph_piecewise", S, "compile", "progress", r"^Capture piecewise CUDA graph (?:begin|end)\.", "Capture piecewise CUDA graph"),
    M("fi_autotune", S, "compile", "progress", r"^(?:Running FlashInfer autotune|FlashInfer autotune completed)", "FlashInfer autotune"),
    M("deepgemm", S, "compile", "progress", r"^(?:Entering DeepGEMM JIT|Try DeepGEMM JIT Compiling|DeepGEMM warmup:)", "DeepGEMM"),
    # the scheduler's token budgets, printed as it finishes setting up (its tree cache, grammar backend,
    # metrics and request logger come after): a fact, no phase of its own (not the HTTP server's start)
    M("sched_ready", S, None, "heartbeat", r"^max_total_num_tokens=(?P<tokens>\d+), (?:chunked_prefill_size=\S+, )?max_prefill_tokens=\d+, max_running_requests=(?P<reqs>\d+), context_len=(?P<ctx>\d+)(?:, available_(?:gpu|cpu)_mem=(?P<gb>[\d.]+) GB)?", "max_total_num_tokens=", facts={"tokens": "max_total_num_tokens", "ctx": "context_length", "gb": "avail_mem_gb"}),
    # the engine's start done, before its HTTP server (entrypoints/engine.py _set_startup_time, 0.5.23): as
    # vLLM's "init engine ... took", a failure after it whose frames are only the server's is the server's.
    # Not where no scheduler ran (scheduler_e2e=0.00: --tp-size 0, batch sglang-real-53), whose launch
    # fails right after the line
    M("startup_timings", S, None, "finish", r"^Engine startup timings \(s\): load_weight=[\d.]+, kv_cache_allocation=[\d.]+, scheduler_e2e=(?!0\.00,)[\d.]+, .*\btokenizer_e2e=(?P<secs>[\d.]+)$", "Engine startup timings", facts={"secs": "engine_init_s"}),
    # server
    M("dummy_health", S, "server", "ready", r"^Dummy health check server started in background thread at ", "Dummy health check server"),
    M("prefill_batch", S, "server", "progress", r"^Prefill batch", "Prefill batch"),
    M("decode_batch", S, None, "heartbeat", r"^Decode batch", "Decode batch", serving=True),
    # output of a request that was aborted (its client went away) arriving after its state was dropped
    # (tokenizer_manager.py, 0.5.23): printed only while serving
    M("output_for_deleted", S, None, "heartbeat", r"^Received output for rid='[^']*' but the state was deleted in TokenizerManager\.", "but the state was deleted in TokenizerManager", serving=True),
    # the scheduler could not find KV slots for a batch's prefill or decode (mem_cache/common.py
    # alloc_for_extend / alloc_for_decode, 0.5.x; schedule_batch.py before): a real request's, since the
    # warm-up's few tokens fit any pool the start accepted (a pool too small for any request fails the
    # start earlier, at its own check); the RuntimeError ends the scheduler's loop, and the server with it
    # (not the retraction warnings of a full pool, "Decode out of memory happened", which go on serving)
    M("batch_oom", S, None, "heartbeat", r"^(?:RuntimeError: )?" + _BATCH_OOM, _BATCH_OOM_ANCHORS, serving=True),
    M("batch_oom_death", S, None, "fatal", r"^RuntimeError: " + _BATCH_OOM, _BATCH_OOM_ANCHORS, after_ready=True),
    M("server_ready", S, "server", "ready", r"^The server is fired up and ready to roll!$", "The server is fired up"),
    M("grpc_or_h2", S, "server", "ready", r"^(?:Starting embedded Granian HTTP/2 server on|Native gRPC server started on|gRPC server listening on)", ("Granian", "gRPC server")),
    # a requested stop (SGLang 0.5.23 tokenizer_manager.py's SignalHandler, engine.py on a node other
    # than rank 0): what its processes log on their way out does not fail a start that came up
    M("sigterm", S, None, "shutdown", r"^SIGTERM received(?:\. signum=| on node_rank \d+; )", "SIGTERM received"),
    # wrappers / fatal
    M("legacy_exception", S, None, "wrapper", Named("sglang-legacy-component-exception", "^{}$"), "Exception in "),
    M("component_exception", S, None, "wrapper", Named("sglang-component-hit-exception", "^{}"), "hit an exception", after_ready=True),
    M("sigquit", S, None, "wrapper", Named("sglang-sigquit-from-child", "^{}"), ("Received sigquit", "SIGQUIT received"), after_ready=True),
    M("scheduler_dead", S, None, "wrapper", Named("sglang-scheduler-dead", "^{}"), "scheduler is dead", after_ready=True),
    M("scheduler_exit_code", S, None, "fact", r"^Exit code: (?P<code>-?\d+|None)$", "Exit code: ", facts={"code": "exit_code"}),
    M("scheduler_died", S, None, "wrapper", Named("sglang-scheduler-died"), "scheduler died during initialization", facts={"exit_code": "exit_code"}),
    M("init_failed", S, None, "wrapper", Named("sglang-init-failed"), "Initialization failed.", after_ready=True),
    M("warmup_failed", S, None, "wrapper", Named("sglang-warmup-failed"), "Initialization failed.", after_ready=True),
    M("proc_terminated", S, None, "wrapper", Named("sglang-child-process-terminated", "^{}$"), "terminated with"),
    # (not a soft watchdog's, self.soft=True: --soft-watchdog-timeout only dumps the stacks, utils/watchdog.py)
    M("watchdog", S, None, "wrapper", Named("sglang-watchdog-timeout", "^(?!.*self\\.soft=True){}"), "atchdog timeout", after_ready=True),
]
